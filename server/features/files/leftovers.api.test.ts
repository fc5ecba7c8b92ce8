import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRow } from '../../../common/schemas/file';
import type { Tale } from '../../../common/schemas/tale';
import { buildApp } from '../../app';
import { queryRows } from '../../db/client';
import { files } from '../../db/schema';
import { type Client, type TestApp, registered, startApp } from '../../test/harness';
import { crashingBetweenStoreAndCommit, exeBytes, form, jpegWithGps, png, svgBytes, upload } from './fixtures';
import { objectKeys } from './objects';

/**
 * Nothing an upload makes is left behind: no temporary file after any request, none of a crashed
 * process after the next start, and no stored object without its row after a crash between
 * storing and committing (the journal of pending objects and its sweep).
 */
let app: TestApp;
beforeAll(async () => {
  app = await startApp({ IMAGE_DISPLAY_MAX: '400', FILE_SWEEP_INTERVAL_MS: '200' });
  await registered(app);
});
afterAll(async () => app?.close());

const tmpRoot = (dataDir = app.dataDir) => path.join(dataDir, 'tmp', 'uploads');

/** Everything under tmp/uploads, folders and files, as relative paths. */
async function tempEntries(dataDir = app.dataDir): Promise<string[]> {
  try {
    return (await fs.readdir(tmpRoot(dataDir), { recursive: true })).map(String).sort();
  } catch {
    return [];
  }
}

/** Every file in the local storage folder (DATA_DIR/files/xx/name), partial copies included. */
async function storedNames(dataDir = app.dataDir): Promise<string[]> {
  const root = path.join(dataDir, 'files');
  const out: string[] = [];
  for (const dir of await fs.readdir(root).catch(() => [] as string[])) {
    for (const name of await fs.readdir(path.join(root, dir))) out.push(name);
  }
  return out.sort();
}

/** The objects the file rows name. */
async function rowsObjects(): Promise<string[]> {
  const rows = await app.deps.db.select().from(files);
  return rows.flatMap(objectKeys).sort();
}

async function waitFor(check: () => Promise<boolean>, ms = 5_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

async function post(c: Client): Promise<Tale> {
  const d = await c.get<Tale>('/tale/upsert');
  return (await c.post<Tale>('/tale/upsert', { id: d.body.data.id, header: 'Leftovers', body: '<p>x</p>' })).body.data;
}

const editor = (c: Client, name: string, data: Buffer, formId: string) =>
  c.call<{ url: string }>('/FileUpload/CkEditor', {
    method: 'POST',
    raw: { body: form({ form_id: formId }, [{ name, data }], 'userfile') },
  });

describe('temporary files', () => {
  it('leaves nothing in tmp/uploads after image uploads, refusals and errors; storage holds exactly the rows’ objects', async () => {
    const author = await registered(app);
    const t = await post(author);
    const a = await upload(author, t.id, [
      { name: 'wide.png', data: await png(900, 300) },
      { name: 'photo.jpg', data: await jpegWithGps(120, 80) },
      { name: 'drawing.svg', data: svgBytes() },
      { name: 'notes.txt', data: Buffer.from('words') },
    ]);
    expect(a.status).toBe(200);
    expect(a.body.data[0].display_url).toMatch(/-display\.webp$/);
    expect((await editor(author, 'inline.png', await png(800, 200), 'fileUpload')).status).toBe(200);
    expect((await editor(author, 'me.jpg', await jpegWithGps(640, 360), 'actionCommon')).status).toBe(200);
    // refused after an image of the same request was already cut into its copies
    const refused = await upload(author, t.id, [
      { name: 'big.png', data: await png(900, 300) },
      { name: 'setup.exe', data: exeBytes() },
    ]);
    expect(refused.status).toBe(415);
    // an error while storing: the storage fails on the second object of the request
    const storage = app.deps.storage;
    const put = storage.put;
    let puts = 0;
    storage.put = async (...args) => {
      if (++puts === 2) throw new Error('injected storage fault');
      return put.apply(storage, args);
    };
    try {
      const failed = await upload(author, t.id, [{ name: 'again.png', data: await png(900, 300) }]);
      expect(failed.status).toBe(500);
    } finally {
      storage.put = put;
    }
    expect(await tempEntries()).toEqual([]);
    const stored = await storedNames();
    expect(stored).toEqual(await rowsObjects());
    // the first upload (4 files: 3 + 2 + 1 + 1 objects) and the two editor uploads (2 + 1)
    expect(stored.length).toBeGreaterThanOrEqual(10);
  });

  it('leaves nothing in tmp/uploads when the client aborts an image upload half way', async () => {
    const author = await registered(app);
    const t = await post(author);
    const before = await storedNames();
    const image = await png(900, 300);
    const boundary = 'xxLEFTOVERxx';
    const head = [
      `--${boundary}\r\nContent-Disposition: form-data; name="entity_table"\r\n\r\ntale\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="entity_id"\r\n\r\n${t.id}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="userfile[]"; filename="first.png"\r\nContent-Type: image/png\r\n\r\n`,
    ].join('');
    const second = `\r\n--${boundary}\r\nContent-Disposition: form-data; name="userfile[]"; filename="cut.png"\r\nContent-Type: image/png\r\n\r\n`;
    let during = 0;
    await new Promise<void>((resolve) => {
      const req = http.request(`${app.url}/api/FileUpload`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + image.length * 2 + second.length + 200),
          'x-requested-with': 'XMLHttpRequest',
          uid: String(author.uid),
          token: String(author.token),
        },
      });
      req.on('error', () => resolve());
      req.write(head);
      req.write(image);
      req.write(second);
      req.write(image.subarray(0, image.length / 2));
      // the server has the first file whole and half the second in tmp when the socket goes
      setTimeout(async () => {
        during = (await tempEntries()).length;
        req.destroy();
        resolve();
      }, 300);
    });
    expect(during).toBeGreaterThan(0);
    expect(await waitFor(async () => (await tempEntries()).length === 0, 2_000)).toBe(true);
    expect(await storedNames()).toEqual(before);
    expect((await author.get<FileRow[]>(`/FileUpload/getFiles/tale/${t.id}`)).body.data).toEqual([]);
  });

  it('leaves nothing in tmp/uploads when the client goes after sending the whole body', async () => {
    const author = await registered(app);
    const t = await post(author);
    const body = new Response(
      form({ entity_table: 'tale', entity_id: t.id, container: 'FILE', form_id: 'actionIndex' }, [
        { name: 'a.png', data: await png(1200, 900) },
        { name: 'b.png', data: await png(1300, 700) },
      ]),
    );
    const contentType = body.headers.get('content-type') ?? '';
    const bytes = Buffer.from(await body.arrayBuffer());
    const count = async () => (await author.get<FileRow[]>(`/FileUpload/getFiles/tale/${t.id}`)).body.data.length;
    /** Sends the whole body, waits for `until`, then drops the connection before the answer. */
    const sendAndGo = (until: () => Promise<boolean>) =>
      new Promise<void>((resolve) => {
        const req = http.request(`${app.url}/api/FileUpload`, {
          method: 'POST',
          headers: {
            'content-type': contentType,
            'content-length': String(bytes.length),
            'x-requested-with': 'XMLHttpRequest',
            uid: String(author.uid),
            token: String(author.token),
          },
        });
        req.on('error', () => resolve());
        req.end(bytes, async () => {
          await waitFor(until, 5_000);
          req.destroy();
          resolve();
        });
      });
    const derivedCopy = async () => (await tempEntries()).some((e) => /\.(clean|thumb|display)$/.test(e));

    // gone at once: the server (nearly always) finds the request closed before it reads the body
    await sendAndGo(async () => true);
    expect(await waitFor(async () => (await tempEntries()).length === 0, 2_000)).toBe(true);
    const first = await count();
    expect([0, 2]).toContain(first);

    // gone while the server cuts the images: it finishes the upload, and its copies go with the request
    await sendAndGo(derivedCopy);
    expect(await waitFor(async () => (await count()) === first + 2)).toBe(true);
    expect(await waitFor(async () => (await tempEntries()).length === 0, 2_000)).toBe(true);
    expect(await storedNames()).toEqual(await rowsObjects());
  });

  it('removes what a crashed process left in tmp/uploads when the app starts, and keeps what is fresh', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tales-crashed-'));
    const root = tmpRoot(dataDir);
    const old = new Date(Date.now() - 3 * 60 * 60 * 1000);
    // an upload folder of a crashed request, with its streamed file and derived copies
    const crashed = path.join(root, 'req-crashed');
    await fs.mkdir(crashed, { recursive: true });
    for (const name of ['0a1b', '0a1b.thumb', '0a1b.display', '0a1b.clean']) {
      await fs.writeFile(path.join(crashed, name), 'x');
      await fs.utimes(path.join(crashed, name), old, old);
    }
    await fs.utimes(crashed, old, old);
    // loose files of an older layout
    for (const name of ['ffee', 'ffee.thumb', 'ffee.emblem']) {
      await fs.writeFile(path.join(root, name), 'x');
      await fs.utimes(path.join(root, name), old, old);
    }
    // another process on the same data folder is receiving this one right now
    await fs.mkdir(path.join(root, 'req-live'));
    await fs.writeFile(path.join(root, 'req-live', 'beef'), 'x');
    let second: TestApp | undefined;
    try {
      second = await startApp({ DATA_DIR: dataDir });
      expect(await tempEntries(dataDir)).toEqual(['req-live', path.join('req-live', 'beef')]);
    } finally {
      await second?.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('sweeps tmp/uploads periodically while the app runs', async () => {
    const root = tmpRoot();
    await fs.mkdir(path.join(root, 'req-died'), { recursive: true });
    const old = new Date(Date.now() - 3 * 60 * 60 * 1000);
    await fs.writeFile(path.join(root, 'req-died', 'abcd.thumb'), 'x');
    await fs.utimes(path.join(root, 'req-died', 'abcd.thumb'), old, old);
    await fs.utimes(path.join(root, 'req-died'), old, old);
    expect(await waitFor(async () => (await tempEntries()).length === 0)).toBe(true);
  });
});

describe('stored objects and rows agree after a crash', () => {
  /** The state a crash between storing and committing leaves (fixtures.ts says how). */
  async function crashedUpload(target: TestApp, author: Client, taleId: number, data: Buffer) {
    const a = await crashingBetweenStoreAndCommit(target.deps, () => upload(author, taleId, [{ name: 'lost.png', data }]));
    expect(a.status).toBeGreaterThanOrEqual(500);
  }

  it('removes a stored object left without its row, and never one whose row committed', async () => {
    const author = await registered(app);
    const t = await post(author);
    const kept = (await upload(author, t.id, [{ name: 'kept.png', data: await png(900, 300) }])).body.data[0];
    const before = await storedNames();
    await crashedUpload(app, author, t.id, await png(900, 300));
    const orphans = (await storedNames()).filter((n) => !before.includes(n));
    // the original, its display copy and thumbnail are stored, with no row naming them
    expect(orphans).toHaveLength(3);
    expect(await rowsObjects()).toEqual(before);
    // young entries stay: their upload may still be committing
    await new Promise((r) => setTimeout(r, 600));
    expect((await storedNames()).filter((n) => !before.includes(n))).toHaveLength(3);
    // past the safe age, the sweep removes them (the journal entries too); the committed file stays
    await app.deps.db.execute(sql`update stored_object_journal set due_at = 0`);
    expect(await waitFor(async () => (await storedNames()).length === before.length)).toBe(true);
    expect(await storedNames()).toEqual(before);
    // the entries go right after their objects
    expect(await waitFor(async () => (await queryRows(app.deps.db, sql`select key from stored_object_journal`)).length === 0)).toBe(true);
    expect((await fetch(`${app.url}${kept.thumb_url}`)).status).toBe(200);
    expect(before).toContain(kept.name_fs);
  });

  it('never removes an object whose row committed, even with a stale journal entry', async () => {
    const author = await registered(app);
    const t = await post(author);
    const f = (await upload(author, t.id, [{ name: 'safe.png', data: await png(900, 300) }])).body.data[0];
    const keys = [f.name_fs, f.display_url.slice('/files/'.length), f.thumb_url.slice('/files/'.length)];
    for (const key of keys) {
      await app.deps.db.execute(
        sql`insert into stored_object_journal (key, name_fs, intent, due_at) values (${key}, ${f.name_fs}, 'put', 0)`,
      );
    }
    expect(await waitFor(async () => (await queryRows(app.deps.db, sql`select key from stored_object_journal`)).length === 0)).toBe(true);
    for (const key of keys) expect((await fetch(`${app.url}/files/${key}`)).status).toBe(200);
    expect(await storedNames()).toEqual(await rowsObjects());
  });

  it('an upload whose objects were swept before its rows committed (slower than the safe age) writes no row', async () => {
    const author = await registered(app);
    const t = await post(author);
    const before = await storedNames();
    const storage = app.deps.storage;
    const put = storage.put;
    // the storage is so slow that the upload's safe age passes while it stores: the sweeper takes it
    storage.put = async (...args) => {
      await put.apply(storage, args);
      await app.deps.db.execute(sql`update stored_object_journal set due_at = 0 where intent = 'put'`);
      await waitFor(
        async () => (await queryRows(app.deps.db, sql`select key from stored_object_journal where intent = 'put'`)).length === 0,
      );
    };
    try {
      const a = await upload(author, t.id, [{ name: 'slow.txt', data: Buffer.from('slow') }]);
      expect(a.status).toBe(500);
    } finally {
      storage.put = put;
    }
    expect((await author.get<FileRow[]>(`/FileUpload/getFiles/tale/${t.id}`)).body.data).toEqual([]);
    expect(await waitFor(async () => (await storedNames()).length === before.length)).toBe(true);
    expect(await storedNames()).toEqual(await rowsObjects());
  });

  it('an app starting on the same database and data folder sweeps what a crashed one left', async () => {
    // this server sweeps only every few minutes (the default), so what goes, goes at the next start
    const crashed = await startApp();
    let next: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const author = await registered(crashed);
      const t = await post(author);
      await crashedUpload(crashed, author, t.id, await png(60, 40));
      expect(await storedNames(crashed.dataDir)).toHaveLength(2);
      await crashed.deps.db.execute(sql`update stored_object_journal set due_at = 0`);
      await new Promise((r) => setTimeout(r, 300));
      expect(await storedNames(crashed.dataDir)).toHaveLength(2);
      next = await buildApp(crashed.config, { database: crashed.database });
      await next.app.ready();
      expect(await waitFor(async () => (await storedNames(crashed.dataDir)).length === 0)).toBe(true);
    } finally {
      await next?.app.close();
      await crashed.close();
    }
  });

  it('deleting a file, a tale and a user leaves no stored object, also when storage fails at first', async () => {
    const author = await registered(app);
    const t = await post(author);
    const before = await storedNames();
    const [one, two] = (
      await upload(author, t.id, [
        { name: 'one.png', data: await png(900, 300) },
        { name: 'two.txt', data: Buffer.from('two') },
      ])
    ).body.data;
    const storage = app.deps.storage;
    const remove = storage.remove;
    storage.remove = async () => {
      throw new Error('injected storage outage');
    };
    try {
      const del = await author.call(`/FileUpload/delete/${one.id}`, { method: 'DELETE', body: { form_id: 'actionDelete' } });
      expect(del.status).toBe(200);
      expect((await author.post(`/tale/delete/${t.id}`, { form_id: 'actionDelete' })).status).toBe(200);
    } finally {
      storage.remove = remove;
    }
    // the rows are gone, the objects still there: the journal has them
    expect((await storedNames()).length).toBe(before.length + 4);
    await app.deps.db.execute(sql`update stored_object_journal set due_at = 0`);
    expect(await waitFor(async () => (await storedNames()).length === before.length)).toBe(true);
    expect((await fetch(`${app.url}${two.url_path}`)).status).toBe(404);
    // a user with an emblem and a tale with files
    const leaving = await registered(app);
    const lt = await post(leaving);
    await upload(leaving, lt.id, [{ name: 'l.png', data: await png(90, 60) }]);
    await editor(leaving, 'me.png', await png(300, 200), 'actionCommon');
    expect((await storedNames()).length).toBe(before.length + 3);
    expect((await leaving.post(`/auth/UserDelete/${leaving.id}`, { form_id: 'actionUserDelete' })).status).toBe(200);
    expect(await storedNames()).toEqual(before);
    await app.deps.db.execute(sql`update stored_object_journal set due_at = 0`);
    expect(await waitFor(async () => (await queryRows(app.deps.db, sql`select key from stored_object_journal`)).length === 0)).toBe(true);
    expect(await storedNames()).toEqual(before);
  });
});
