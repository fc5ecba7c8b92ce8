import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded database reads its files with synchronous calls on the server's one thread
 * (Emscripten's NODEFS): while a page comes from the disk, every request waits. Just after a
 * start on a machine whose memory holds none of the files yet (a reboot, a new machine, a big
 * neighbour that pushed them out), the first run under load answered reads in up to 1.5 s at p99
 * where the next took 0.1 s (docs/benchmarks.md, "PGlite after a cold start"). So once the
 * database is open the server reads its files through once, in the background, off its thread,
 * and the system keeps them in its page cache: as PostgreSQL's pg_prewarm does for its own
 * buffers, but for the files under them.
 *
 * Smallest files first: the catalogues, indexes and small tables, which every request touches,
 * are warm within moments, and the biggest tables last. It stops at `budgetBytes` (so a data
 * directory bigger than the memory to spare is not read through for nothing) and when stopped.
 * Reading never changes a file, and a file the database removes meanwhile is skipped.
 */

/** Read in pieces this big: large enough for the disk to stream, small enough to stop at once. */
const CHUNK_BYTES = 1 << 20;

export interface PrewarmResult {
  files: number;
  bytes: number;
  /** True when the files to read came to more than the budget and the rest were left. */
  capped: boolean;
  /** True when stop() ended it before the end. */
  stopped: boolean;
}

export interface Prewarm {
  done: Promise<PrewarmResult>;
  /** Stops after the piece being read (before the database closes); resolves when it has. */
  stop(): Promise<PrewarmResult>;
}

/**
 * Reads the tables and indexes of the database whose oid is `databaseOid` (`base/<oid>/`) and the
 * shared catalogues (`global/`): not the template databases beside it, nor `base/pgsql_tmp`.
 */
export function prewarmFiles(dataDir: string, databaseOid: number, budgetBytes: number, chunkBytes = CHUNK_BYTES): Prewarm {
  let stopping = false;
  const done = (async (): Promise<PrewarmResult> => {
    const result: PrewarmResult = { files: 0, bytes: 0, capped: false, stopped: false };
    const dirs = [path.join(dataDir, 'base', String(databaseOid)), path.join(dataDir, 'global')];
    const files = (await Promise.all(dirs.map(filesUnder))).flat();
    files.sort((a, b) => a.size - b.size || a.file.localeCompare(b.file));
    const buffer = Buffer.allocUnsafe(chunkBytes);
    for (const { file, size } of files) {
      if (stopping) break;
      if (result.bytes + size > budgetBytes) {
        result.capped = true;
        break;
      }
      const read = await readThrough(file, buffer, () => stopping);
      result.bytes += read;
      if (read > 0) result.files++;
    }
    result.stopped = stopping;
    return result;
  })();
  return {
    done,
    stop: () => {
      stopping = true;
      return done;
    },
  };
}

/** Every file under `dir` with its size, or none when the directory is not there. */
async function filesUnder(dir: string): Promise<{ file: string; size: number }[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir, { recursive: true });
  } catch {
    return [];
  }
  const found = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      return stat?.isFile() ? { file, size: stat.size } : undefined;
    }),
  );
  return found.filter((f) => f !== undefined);
}

/** Reads a file to its end (or until told to stop) and answers the bytes read; a file gone is 0. */
async function readThrough(file: string, buffer: Buffer, stop: () => boolean): Promise<number> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch {
    return 0;
  }
  let total = 0;
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (stop()) break;
    }
  } catch {
    // truncated or removed while read: what was read is warm, the rest is not worth an error
  } finally {
    await handle.close().catch(() => undefined);
  }
  return total;
}
