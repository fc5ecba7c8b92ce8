import { z } from 'zod';
import { opt, optText, wireId, wireInt, wireIntIn } from './fields';

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

/**
 * A file row as sent (spec section 3), plus what the panel needs to show it: the display type,
 * size, content type, and the addresses of a scaled copy and a thumbnail for images.
 * `url_path` is where the original is served; it is never a filesystem path.
 */
export const FileRowSchema = z.object({
  id: z.number(),
  name_human: z.string(),
  name_fs: z.string(),
  url_path: z.string(),
  owner_id: z.number(),
  order: z.number(),
  entity_id: z.number(),
  entity_table: z.string(),
  container: z.string(),
  root_id: z.number(),
  parent_id: z.number(),
  level: z.number(),
  display_type: z.enum(DISPLAY_TYPES),
  mime: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** A copy scaled down for display (images larger than the display size), else the original. */
  display_url: z.string(),
  /** A small copy for lists (images only), else an empty string. */
  thumb_url: z.string(),
  created_at: z.number(),
});
export type FileRow = z.infer<typeof FileRowSchema>;

/** Multipart fields of POST /FileUpload besides the files themselves. */
export const FileUploadFields = z
  .object({
    entity_id: wireId(),
    entity_table: z.enum(FILE_ENTITY_TABLES),
    container: opt(z.string().max(20)),
    root_id: opt(wireInt()),
    parent_id: opt(wireInt()),
    level: opt(wireInt()),
    order: opt(wireIntIn(-1_000_000, 1_000_000)),
    form_id: opt(z.string()),
  })
  .passthrough();
export type FileUploadFields = z.infer<typeof FileUploadFields>;

export const FileEntityParams = z.object({ entity_table: z.enum(FILE_ENTITY_TABLES), entity_id: wireId() });
export const FilePageQuery = z.object({ page: opt(wireId()), pageSize: opt(wireId()) }).passthrough();

/** What rename and reorder may change; the rest of a sent-back row is ignored. */
export const FileEditBody = z
  .object({
    id: opt(wireId()),
    name_human: optText(z.string().trim().min(1).max(FILE_NAME_MAX)),
    order: opt(wireIntIn(-1_000_000, 1_000_000)),
  })
  .passthrough();
export type FileEditBody = z.infer<typeof FileEditBody>;
