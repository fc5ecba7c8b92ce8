import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { ALLOWED_EXTENSIONS, type DisplayType, FILE_NAME_MAX, displayTypeOf, extensionOf } from '../../../common/schemas/file';

/** Content types we serve, by the extension we stored the file under. */
export const MIME_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odf: 'application/vnd.oasis.opendocument.formula',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  msg: 'application/vnd.ms-outlook',
  pdf: 'application/pdf',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  arj: 'application/x-arj',
  htm: 'text/html; charset=utf-8',
  html: 'text/html; charset=utf-8',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/**
 * What the content may be detected as (file-type's names) for each extension. Text formats have
 * no magic bytes: they must not be detected as anything binary and must not hold NUL bytes.
 */
const DETECTED_AS: Record<string, string[] | 'text'> = {
  txt: 'text',
  json: 'text',
  htm: 'text',
  html: 'text',
  svg: 'text',
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  msg: ['cfb'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  odf: ['odt', 'ods', 'odp', 'odg', 'odf', 'zip'],
  pdf: ['pdf'],
  zip: ['zip'],
  rar: ['rar'],
  arj: ['arj'],
  mp3: ['mp3', 'mp2', 'mp1'],
  wav: ['wav'],
  mp4: ['mp4', 'm4v', 'm4a', 'mov', '3gp', '3g2'],
  avi: ['avi'],
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  webp: ['webp'],
};

export interface Inspected {
  /** The stored extension: the name's own, lower-cased (jpeg stays jpeg). */
  ext: string;
  displayType: DisplayType;
  mime: string;
}

export type InspectFailure = 'refused' | 'mismatch';

/** Decides from the name and the bytes whether a file may be kept, and as what. */
export async function inspectFile(name: string, filePath: string): Promise<Inspected | InspectFailure> {
  const ext = extensionOf(name);
  if (!ALLOWED_EXTENSIONS.includes(ext)) return 'refused';
  const expected = DETECTED_AS[ext];
  const detected = await fileTypeFromFile(filePath);
  if (expected === 'text') {
    if (detected && detected.ext !== 'xml') return 'mismatch';
    const head = await readHead(filePath, 8192);
    if (head.includes(0)) return 'mismatch';
    if (ext === 'svg' && !/<svg[\s>]/i.test(head.toString('utf8'))) return 'mismatch';
  } else if (!detected || !expected.includes(detected.ext)) return 'mismatch';
  return { ext, displayType: displayTypeOf(name), mime: MIME_BY_EXTENSION[ext] };
}

async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * The name a user sees: the last path segment of what the browser sent, without control
 * characters, at most FILE_NAME_MAX characters with the extension kept.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  let name = base
    .replace(CONTROL, ' ')
    .replace(/[<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/ \.([^.]*)$/, '.$1')
    .trim();
  name = name.replace(/^\.+/, '');
  if (name.length > FILE_NAME_MAX) {
    const ext = extensionOf(name);
    const keep = ext ? `.${ext}` : '';
    name = `${name.slice(0, FILE_NAME_MAX - keep.length)}${keep}`;
  }
  return name || 'file';
}
