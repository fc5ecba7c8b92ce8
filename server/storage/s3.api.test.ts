import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tale } from '../../common/schemas/tale';
import { buildApp } from '../app';
import { crashingBetweenStoreAndCommit, form, png, silentMp3, upload } from '../features/files/fixtures';
import { type TestApp, registered, startApp } from '../test/harness';
import type { S3Storage } from './s3';

/**
 * The S3 driver against a real S3-compatible server (s3rver, from npm) started here: the same
 * uploads, serving and deletes as on the local disk, with the objects checked in the bucket.
 */
let s3: S3rver;
let s3Dir: string;
let app: TestApp;

beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tales-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'tales-test' }] });
  const { port } = await s3.run();
  app = await startApp({
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'tales-test',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: '1',
    S3_PREFIX: 'uploads/',
    // s3rver's own fixed development credentials
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  await registered(app);
});

afterAll(async () => {
  await app?.close();
  await s3?.close();
  await fs.rm(s3Dir, { recursive: true, force: true });
});

const bucket = () => (app.deps.storage as S3Storage).list();

describe('S3 storage driver', () => {
  it('stores uploads in the bucket, serves them with ranges, and deletes them with the tale', async () => {
    expect(app.deps.storage.kind).toBe('s3');
    const author = await registered(app);
    const draft = await author.get<Tale>('/tale/upsert');
    const t = (await author.post<Tale>('/tale/upsert', { id: draft.body.data.id, header: 'S3', body: '<p>x</p>' })).body.data;
    const mp3 = silentMp3(20);
    const a = await upload(author, t.id, [
      { name: 'song.mp3', data: mp3 },
      { name: 'big.png', data: await png(2000, 1000) },
    ]);
    expect(a.status).toBe(200);
    const [song, image] = a.body.data;
    expect(await bucket()).toEqual(
      [song.name_fs, image.name_fs, image.display_url.slice('/files/'.length), image.thumb_url.slice('/files/'.length)].sort(),
    );
    // nothing is left in the local files folder when S3 is the store
    await expect(fs.readdir(path.join(app.dataDir, 'files'))).rejects.toThrow();

    const full = await fetch(`${app.url}${song.url_path}`);
    expect([full.status, full.headers.get('content-type'), full.headers.get('x-content-type-options')]).toEqual([
      200,
      'audio/mpeg',
      'nosniff',
    ]);
    expect(Buffer.from(await full.arrayBuffer()).equals(mp3)).toBe(true);
    const part = await fetch(`${app.url}${song.url_path}`, { headers: { range: 'bytes=1000-1999' } });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 1000-1999/${mp3.length}`]);
    expect(Buffer.from(await part.arrayBuffer()).equals(mp3.subarray(1000, 2000))).toBe(true);
    const display = await sharp(Buffer.from(await (await fetch(`${app.url}${image.display_url}`)).arrayBuffer())).metadata();
    expect([display.width, display.height]).toEqual([1600, 800]);

    const del = await author.call(`/FileUpload/delete/${song.id}`, { method: 'DELETE', body: { form_id: 'actionDelete' } });
    expect(del.status).toBe(200);
    expect(await bucket()).toHaveLength(3);
    expect((await fetch(`${app.url}${song.url_path}`)).status).toBe(404);
    await author.post(`/tale/delete/${t.id}`, { form_id: 'actionDelete' });
    expect(await bucket()).toEqual([]);
  });

  it('removes an object a crash left in the bucket without its row, at the next start', async () => {
    const author = await registered(app);
    const draft = await author.get<Tale>('/tale/upsert');
    const t = (await author.post<Tale>('/tale/upsert', { id: draft.body.data.id, header: 'S3 crash', body: '<p>x</p>' })).body.data;
    const kept = (await upload(author, t.id, [{ name: 'kept.txt', data: Buffer.from('kept') }])).body.data[0];
    const before = await bucket();
    const image = await png(60, 40);
    const lost = await crashingBetweenStoreAndCommit(app.deps, () => upload(author, t.id, [{ name: 'lost.png', data: image }]));
    expect(lost.status).toBeGreaterThanOrEqual(500);
    const orphans = (await bucket()).filter((k) => !before.includes(k));
    // the original and its thumbnail, in the bucket with no row
    expect(orphans).toHaveLength(2);
    // the upload's safe age has passed; a server starting on the same database and bucket sweeps
    await app.deps.db.execute(sql`update stored_object_journal set due_at = 0`);
    const next = await buildApp(app.config, { database: app.database });
    try {
      await next.app.ready();
      const until = Date.now() + 10_000;
      while ((await bucket()).length !== before.length && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await next.app.close();
    }
    expect(await bucket()).toEqual(before);
    expect(before).toContain(kept.name_fs);
    expect((await fetch(`${app.url}${kept.url_path}`)).status).toBe(200);
  });

  it('serves editor images and emblems from the bucket', async () => {
    const author = await registered(app);
    const body = form({ form_id: 'actionCommon' }, [{ name: 'me.png', data: await png(500, 300) }], 'userfile');
    const a = await author.call<{ url: string }>('/FileUpload/CkEditor', { method: 'POST', raw: { body } });
    expect(a.status).toBe(200);
    const res = await fetch(`${app.url}${a.body.data.url}`);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([res.status, meta.width, meta.height]).toEqual([200, 256, 256]);
  });
});
