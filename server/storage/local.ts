import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type ByteRange, OBJECT_KEY_RE, type Storage, type StoredObject } from './storage';

/** Files on the local disk under DATA_DIR/files, spread over 256 folders by the key's first two characters. */
export class LocalStorage implements Storage {
  readonly kind = 'local';
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
  }

  private pathOf(key: string): string {
    if (!OBJECT_KEY_RE.test(key)) throw new Error(`bad object key: ${key}`);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Copy to a temporary name first, so a reader never sees half a file.
    const partial = `${target}.partial`;
    try {
      await fsp.copyFile(sourcePath, partial);
      await fsp.rename(partial, target);
    } catch (e) {
      await fsp.rm(partial, { force: true });
      throw e;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await fsp.stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, lastModified: s.mtime } : null;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  /** Also a partial copy a put that died mid-copy left (the journal names its key). */
  async remove(keys: string[]): Promise<void> {
    await Promise.all(
      keys.flatMap((k) => {
        const file = this.pathOf(k);
        return [fsp.rm(file, { force: true }), fsp.rm(`${file}.partial`, { force: true })];
      }),
    );
  }

  async close(): Promise<void> {}

  /** Every stored key (tests use it to prove nothing is left behind). */
  async list(): Promise<string[]> {
    if (!fs.existsSync(this.root)) return [];
    const out: string[] = [];
    for (const dir of await fsp.readdir(this.root)) {
      for (const name of await fsp.readdir(path.join(this.root, dir))) out.push(name);
    }
    return out.sort();
  }
}
