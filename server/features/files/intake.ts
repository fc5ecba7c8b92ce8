import { randomBytes } from 'node:crypto';
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
  /** Removes every temporary file; call it in a finally. */
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
 * Temporary files left by a process that died mid-upload. Only old ones go: another process on
 * the same data folder may be receiving an upload right now.
 */
export async function sweepTemporaryFiles(dataDir: string, olderThanMs = 60 * 60 * 1000): Promise<number> {
  const dir = tempDirOf(dataDir);
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const s = await fsp.stat(file).catch(() => null);
    if (s && Date.now() - s.mtimeMs > olderThanMs) {
      await fsp.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Reads a multipart upload to the end: fields into an object, files (up to the limits) into
 * temporary files. A file over the size limit is cut off by the parser, so the rest of the
 * request is still read and the client gets an answer rather than a reset connection.
 */
export async function receiveUpload(request: FastifyRequest, dataDir: string, limits: IntakeLimits): Promise<Received> {
  const dir = tempDirOf(dataDir);
  await fsp.mkdir(dir, { recursive: true });
  const fields: [string, string][] = [];
  const files: ReceivedFile[] = [];
  const temps: string[] = [];
  const received: Received = {
    fields: {},
    files,
    tooLarge: null,
    tooMany: false,
    discard: async () => {
      await Promise.all(temps.map((t) => fsp.rm(t, { force: true })));
    },
  };
  try {
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
      const temp = path.join(dir, randomBytes(16).toString('hex'));
      temps.push(temp);
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
