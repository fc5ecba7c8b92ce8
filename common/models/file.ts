/** File display types and names both sides share, without zod. */
/** Display types of spec section 3, decided by the extension of the file's name (svg is an image). */
export const DISPLAY_TYPES = [
  'text',
  'text_vector',
  'table',
  'presentation',
  'email_message',
  'pdf',
  'archive',
  'web',
  'audio',
  'video',
  'image',
  'generic',
] as const;
export type DisplayType = (typeof DISPLAY_TYPES)[number];

const BY_EXTENSION: Record<string, DisplayType> = {
  txt: 'text',
  json: 'text',
  doc: 'text_vector',
  docx: 'text_vector',
  odf: 'text_vector',
  xls: 'table',
  xlsx: 'table',
  ppt: 'presentation',
  pptx: 'presentation',
  msg: 'email_message',
  pdf: 'pdf',
  zip: 'archive',
  rar: 'archive',
  arj: 'archive',
  htm: 'web',
  html: 'web',
  mp3: 'audio',
  wav: 'audio',
  mp4: 'video',
  avi: 'video',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  svg: 'image',
};

/** The extensions an upload may have: every one the display table names. */
export const ALLOWED_EXTENSIONS = Object.keys(BY_EXTENSION);

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function displayTypeOf(name: string): DisplayType {
  return BY_EXTENSION[extensionOf(name)] ?? 'generic';
}

/** Raster images the editor and the emblem accept. */
export const RASTER_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'];

export const FILE_NAME_MAX = 200;
export const FILE_ENTITY_TABLES = ['tale'] as const;
export const FILE_CONTAINER = 'FILE';
