import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { formToObject } from '../../http/body';
import { cleanFileName } from './inspect';

/** One uploaded file, streamed to a temporary file; never held in memory whole. */
export interface ReceivedFile {
  name: string;
  path: string;
  size: number;
}

export interface Received {
  fields: Record<string, unknown>;
  files: ReceivedFile[];
  /** Set when a limit was passed; the rest of the body was read and thrown away. */
  tooLarge: string | null;
  tooMany: boolean;
  /**
   * Removes the request's temporary folder whole: the streamed files and every copy made from
   * them beside them (clean copy, thumbnail, display copy, emblem). Call it in a finally.
   */
  discard(): Promise<void>;
}

export interface IntakeLimits {
  maxBytes: number;
  maxFiles: number;
}

/** `userfile`, `userfile[]` and `userfile[0]`, `userfile[1]` ... are all file fields (wire-protocol.md). */
export const isFileField = (name: string) => /^userfile(\[\d*\])?$/.test(name);

export function tempDirOf(dataDir: string) {
  return path.join(dataDir, 'tmp', 'uploads');
}

/**
 * How long a request's temporary folder may go unwritten before a sweep takes it for the
 * leftover of a process that died: far longer than an upload is received, cut into its copies
 * and stored (while a file streams in, its folder's newest write is seconds old).
 */
export const TEMP_MAX_AGE_MS = 60 * 60 * 1000;

/** The newest write in an entry of the temporary folder (a request's folder: the newest inside it). */
async function lastWrite(entry: string): Promise<number | null> {
  const s = await fsp.lstat(entry).catch(() => null);
  if (!s) return null;
  let newest = s.mtimeMs;
  if (s.isDirectory()) {
    for (const name of await fsp.readdir(entry).catch(() => [] as string[])) {
      const inner = await fsp.lstat(path.join(entry, name)).catch(() => null);
      if (inner) newest = Math.max(newest, inner.mtimeMs);
    }
  }
  return newest;
}

/**
 * Temporary files left by a process that died mid-upload (a request's folder, or a loose file of
 * an older layout). Only old ones go: another process on the same data folder may be receiving
 * an upload right now. Answers how many entries went.
 */
export async function sweepTemporaryFiles(dataDir: string, olderThanMs = TEMP_MAX_AGE_MS): Promise<number> {
  const dir = tempDirOf(dataDir);
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const entry = path.join(dir, name);
    const newest = await lastWrite(entry);
    if (newest !== null && Date.now() - newest > olderThanMs) {
      await fsp.rm(entry, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/** As the multipart parser says it when the client goes mid-body: a 400 nobody receives. */
const clientGone = () =>
  Object.assign(new Error('the request was closed before the multipart data was fully parsed'), {
    code: 'FST_MP_PREMATURE_CLOSE',
    statusCode: 400,
  });

/**
 * Reads a multipart upload to the end: fields into an object, files (up to the limits) into
 * temporary files. A file over the size limit is cut off by the parser, so the rest of the
 * request is still read and the client gets an answer rather than a reset connection.
 */
export async function receiveUpload(request: FastifyRequest, dataDir: string, limits: IntakeLimits): Promise<Received> {
  const root = tempDirOf(dataDir);
  await fsp.mkdir(root, { recursive: true });
  // One folder per request: whatever is made for it, under any name, goes when it is removed.
  const dir = await fsp.mkdtemp(path.join(root, 'req-'));
  const fields: [string, string][] = [];
  const files: ReceivedFile[] = [];
  const received: Received = {
    fields: {},
    files,
    tooLarge: null,
    tooMany: false,
    discard: () => fsp.rm(dir, { recursive: true, force: true }),
  };
  try {
    // A client that went away before this handler ran left a destroyed request, whose end the
    // parser would wait for forever (and this request's folder with it). Checked in the same tick
    // as the parser starts listening for a close.
    if (request.raw.destroyed && !request.raw.readableEnded) throw clientGone();
    const parts = request.parts({
      limits: { fileSize: limits.maxBytes, files: limits.maxFiles + 100, fields: 200 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields.push([part.fieldname, String(part.value)]);
        continue;
      }
      const skip = !isFileField(part.fieldname) || received.tooLarge !== null || received.tooMany;
      if (skip || files.length >= limits.maxFiles) {
        if (!skip && isFileField(part.fieldname)) received.tooMany = true;
        part.file.resume();
        await finished(part.file);
        continue;
      }
      const name = cleanFileName(part.filename ?? '');
      // Each file written is either kept (files grows) or the last one (over the size limit).
      const temp = path.join(dir, `file-${files.length}`);
      await pipeline(part.file, fs.createWriteStream(temp, { flags: 'wx' }));
      if (part.file.truncated) {
        received.tooLarge = name;
        continue;
      }
      const { size } = await fsp.stat(temp);
      files.push({ name, path: temp, size });
    }
  } catch (e) {
    await received.discard();
    throw e;
  }
  received.fields = formToObject(fields);
  return received;
}
