import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Prewarm, prewarmFiles } from './prewarm';

let dir: string;

/** A data directory shaped as PostgreSQL's: relation files under base/<db>/ and global/, others beside. */
async function dataDir(files: Record<string, number>) {
  for (const [name, size] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), Buffer.alloc(size, 7));
  }
}

/** The files opened for reading, in order, by watching fs.promises.open. */
function opened() {
  const names: string[] = [];
  const open = fs.open.bind(fs);
  vi.spyOn(fs, 'open').mockImplementation(async (file, ...rest) => {
    names.push(path.relative(dir, String(file)));
    return open(file, ...rest);
  });
  return names;
}

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tales-prewarm-'));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('prewarmFiles', () => {
  it('reads every table and index file of its database and the shared catalogues through, smallest first, and nothing else', async () => {
    await dataDir({
      'base/5/16384': 3_000_000,
      'base/5/16390': 10,
      'base/5/16384_fsm': 24_576,
      'global/1262': 8_192,
      // a template database, a crash's leftover sort file, the log and the settings: never read
      'base/1/1259': 16,
      'base/pgsql_tmp/pgsql_tmp42.0': 32,
      'pg_wal/000000010000000000000001': 4_000,
      'postgresql.conf': 100,
    });
    const names = opened();
    const before = await fs.readFile(path.join(dir, 'base/5/16384'));
    const result = await prewarmFiles(dir, 5, 1e9).done;
    expect(result).toEqual({ files: 4, bytes: 3_000_000 + 10 + 24_576 + 8_192, capped: false, stopped: false });
    expect(names).toEqual(['base/5/16390', 'global/1262', 'base/5/16384_fsm', 'base/5/16384']);
    // reading changes nothing
    expect((await fs.readFile(path.join(dir, 'base/5/16384'))).equals(before)).toBe(true);
    expect((await fs.readdir(dir, { recursive: true })).sort()).toEqual(
      [
        'base',
        'base/1',
        'base/1/1259',
        'base/5',
        'base/5/16384',
        'base/5/16384_fsm',
        'base/5/16390',
        'base/pgsql_tmp',
        'base/pgsql_tmp/pgsql_tmp42.0',
        'global',
        'global/1262',
        'pg_wal',
        'pg_wal/000000010000000000000001',
        'postgresql.conf',
      ].sort(),
    );
  });

  it('stops before the file that would pass the budget', async () => {
    await dataDir({ 'base/5/1': 1_000, 'base/5/2': 2_000, 'base/5/3': 4_000 });
    const names = opened();
    expect(await prewarmFiles(dir, 5, 3_500).done).toEqual({ files: 2, bytes: 3_000, capped: true, stopped: false });
    expect(names).toEqual(['base/5/1', 'base/5/2']);
  });

  it('when stopped, ends after the piece it is reading and reads no further file', async () => {
    await dataDir({ 'base/5/1': 64 * 1024, 'base/5/2': 128 * 1024 });
    const names: string[] = [];
    const open = fs.open.bind(fs);
    let prewarm: Prewarm | undefined;
    // stopped as the first file opens: 1 kB pieces, so it is 1 of 64 pieces in
    vi.spyOn(fs, 'open').mockImplementation(async (file, ...rest) => {
      names.push(path.relative(dir, String(file)));
      const handle = await open(file, ...rest);
      void prewarm?.stop();
      return handle;
    });
    prewarm = prewarmFiles(dir, 5, 1e9, 1024);
    const result = await prewarm.done;
    expect(result).toEqual({ files: 1, bytes: 1024, capped: false, stopped: true });
    expect(names).toEqual(['base/5/1']);
    expect(await prewarm.stop()).toBe(result);
  });

  it('stopped before it begins, opens no file', async () => {
    await dataDir({ 'base/5/1': 1_000 });
    const names = opened();
    const result = await prewarmFiles(dir, 5, 1e9).stop();
    expect(result).toEqual({ files: 0, bytes: 0, capped: false, stopped: true });
    expect(names).toEqual([]);
  });

  it('skips a file removed while it runs and answers nothing for a directory that is not there', async () => {
    await dataDir({ 'base/5/1': 1_000, 'base/5/2': 2_000 });
    const open = fs.open.bind(fs);
    vi.spyOn(fs, 'open').mockImplementation(async (file, ...rest) => {
      if (String(file).endsWith('/1')) await fs.rm(path.join(dir, 'base/5/1'));
      return open(file, ...rest);
    });
    expect(await prewarmFiles(dir, 5, 1e9).done).toEqual({ files: 1, bytes: 2_000, capped: false, stopped: false });
    expect(await prewarmFiles(path.join(dir, 'nowhere'), 5, 1e9).done).toEqual({ files: 0, bytes: 0, capped: false, stopped: false });
  });
});
