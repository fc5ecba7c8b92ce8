import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { FileRow } from '../../../common/schemas/file';
import type { Tale } from '../../../common/schemas/tale';
import { Client, type TestApp, registered, startApp, templatesOf } from '../../test/harness';
import type { LocalStorage } from '../../storage/local';
import { setRole } from '../auth/service';
import { elfBytes, exeBytes, form, htmlBytes, jpegWithGps, pdfBytes, png, silentMp3, svgBytes, upload } from './fixtures';

let app: TestApp;
beforeAll(async () => {
  // Small limits so every one of them can be reached quickly; the defaults are 20 MB, 10 and 500.
  app = await startApp({ FILE_MAX_BYTES: String(256 * 1024), FILES_PER_REQUEST: '4', FILES_PER_USER: '12', IMAGE_DISPLAY_MAX: '400' });
  await registered(app); // the first account is the admin; the others are plain users
});
afterAll(async () => app?.close());

const stored = () => (app.deps.storage as LocalStorage).list();
const tempFiles = async () => fs.readdir(path.join(app.dataDir, 'tmp', 'uploads')).catch(() => []);

async function post(c: Client): Promise<Tale> {
  const d = await c.get<Tale>('/tale/upsert');
  return (await c.post<Tale>('/tale/upsert', { id: d.body.data.id, header: 'With files', body: '<p>Body</p>' })).body.data;
}
const taleOf = async (c: Client, id: number) => (await c.get<Tale>(`/tale/upsert/${id}`)).body.data;
const filesOf = async (c: Client, id: number) => (await c.get<FileRow[]>(`/FileUpload/getFiles/tale/${id}`)).body.data;
const fetchFile = (url: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${app.url}${url}`, { headers, method });
const editorForm = (files: { name: string; data: Buffer }[], formId: string, field = 'userfile[]') =>
  form({ form_id: formId }, files, field);

describe('uploading', () => {
  it('stores several files, answers their rows and keeps count_files exact', async () => {
    const author = await registered(app);
    const t = await post(author);
    const a = await upload(author, t.id, [
      { name: 'Track one.mp3', data: silentMp3() },
      { name: 'notes.txt', data: Buffer.from('plain words\n') },
      { name: 'paper.pdf', data: pdfBytes() },
    ]);
    expect(a.status).toBe(200);
    expect(templatesOf(a)).toEqual([MSG.uploaded]);
    expect(a.body.data.map((f) => [f.name_human, f.display_type, f.order, f.mime])).toEqual([
      ['Track one.mp3', 'audio', 0, 'audio/mpeg'],
      ['notes.txt', 'text', 1, 'text/plain; charset=utf-8'],
      ['paper.pdf', 'pdf', 2, 'application/pdf'],
    ]);
    for (const f of a.body.data) {
      expect(f).toMatchObject({ owner_id: author.id, entity_table: 'tale', entity_id: t.id, container: 'FILE' });
      expect(f.name_fs).toMatch(/^[0-9a-f]{24}\.(mp3|txt|pdf)$/);
      expect(f.url_path).toBe(`/files/${f.name_fs}`);
      expect(JSON.stringify(f)).not.toContain(app.dataDir);
    }
    expect((await taleOf(author, t.id)).count_files).toBe(3);
    const more = await upload(author, t.id, [{ name: 'more.json', data: Buffer.from('{"a":1}') }]);
    expect(more.body.data[0].order).toBe(3);
    expect((await taleOf(new Client(app.url), t.id)).count_files).toBe(4);
    // anyone may list the files of a visible tale, in order
    const listed = await new Client(app.url).get<FileRow[]>(`/FileUpload/getFiles/tale/${t.id}`);
    expect(listed.body.data.map((f) => f.name_human)).toEqual(['Track one.mp3', 'notes.txt', 'paper.pdf', 'more.json']);
    expect(listed.body.meta.file).toMatchObject({ rowsTotal: 4, pageCurrentNumber: 1 });
    const page2 = await new Client(app.url).get<FileRow[]>(`/FileUpload/getFiles/tale/${t.id}?pageSize=3&page=2`);
    expect(page2.body.data.map((f) => f.name_human)).toEqual(['more.json']);
    expect(await tempFiles()).toEqual([]);
  });

  it('accepts userfile, userfile[] and userfile[0], userfile[1] alike', async () => {
    const author = await registered(app);
    const t = await post(author);
    const one = await upload(author, t.id, [{ name: 'a.txt', data: Buffer.from('a') }], { fileField: 'userfile' });
    const indexed = await upload(
      author,
      t.id,
      [
        { name: 'b.txt', data: Buffer.from('b') },
        { name: 'c.txt', data: Buffer.from('c') },
      ],
      { fileField: (i) => `userfile[${i}]` },
    );
    expect(one.body.data.map((f) => f.name_human)).toEqual(['a.txt']);
    expect(indexed.body.data.map((f) => f.name_human)).toEqual(['b.txt', 'c.txt']);
    expect((await taleOf(author, t.id)).count_files).toBe(3);
  });

  it('keeps count_files exact under concurrent uploads', async () => {
    const author = await registered(app);
    const t = await post(author);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => upload(author, t.id, [{ name: `n${i}.txt`, data: Buffer.from(`n${i}`) }])),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await taleOf(author, t.id)).count_files).toBe(5);
    expect(await filesOf(author, t.id)).toHaveLength(5);
  });

  it('cleans names: no path, no control characters, the extension kept', async () => {
    const author = await registered(app);
    const t = await post(author);
    const a = await upload(author, t.id, [
      { name: '../../etc/passwd.txt', data: Buffer.from('x') },
      { name: '..\\..\\windows\\win.ini.txt', data: Buffer.from('y') },
      { name: 'tab\there\u0007.txt', data: Buffer.from('z') },
    ]);
    expect(a.body.data.map((f) => f.name_human)).toEqual(['passwd.txt', 'win.ini.txt', 'tab here.txt']);
    for (const f of a.body.data) expect(f.name_fs).toMatch(/^[0-9a-f]{24}\.txt$/);
  });

  it('needs login (401) and the tale owner or staff (403); a missing tale is 404', async () => {
    const author = await registered(app);
    const t = await post(author);
    const before = await stored();
    const visitor = await upload(new Client(app.url), t.id, [{ name: 'a.txt', data: Buffer.from('a') }]);
    expect(visitor.status).toBe(401);
    expect(templatesOf(visitor)).toEqual([MSG.loginFirst]);
    const other = await registered(app);
    const refused = await upload(other, t.id, [{ name: 'a.txt', data: Buffer.from('a') }]);
    expect(refused.status).toBe(403);
    expect((await upload(other, 99_999_999, [{ name: 'a.txt', data: Buffer.from('a') }])).status).toBe(404);
    const moderator = await registered(app);
    await setRole(app.deps, moderator.id, 'moderator', true);
    const byStaff = await upload(moderator, t.id, [{ name: 'staff.txt', data: Buffer.from('s') }]);
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.data[0].owner_id).toBe(moderator.id);
    expect((await stored()).length).toBe(before.length + 1);
    expect((await taleOf(author, t.id)).count_files).toBe(1);
  });
});

describe('listing', () => {
  it('lists files only where the tale is visible: 401 for registered-only, 404 for a draft', async () => {
    const author = await registered(app);
    const t = await post(author);
    await upload(author, t.id, [{ name: 'a.txt', data: Buffer.from('a') }]);
    await author.post('/tale/upsert', { id: t.id, is_for_registered: 1 });
    const visitor = new Client(app.url);
    const hidden = await visitor.get(`/FileUpload/getFiles/tale/${t.id}`);
    expect([hidden.status, templatesOf(hidden)]).toEqual([401, [MSG.loginFirst]]);
    const reader = await registered(app);
    expect(await filesOf(reader, t.id)).toHaveLength(1);
    await author.post('/tale/upsert', { id: t.id, is_for_registered: 0, is_draft: 1 });
    expect((await reader.get(`/FileUpload/getFiles/tale/${t.id}`)).status).toBe(404);
    expect(await filesOf(author, t.id)).toHaveLength(1);
    const bad = await visitor.get('/FileUpload/getFiles/users/1');
    expect(bad.body.messages[0].field).toBe('entity_table');
  });
});

describe('limits and types', () => {
  it('refuses a file over the size limit with 413 and stores nothing of the request', async () => {
    const author = await registered(app);
    const t = await post(author);
    const before = await stored();
    const a = await upload(author, t.id, [
      { name: 'small.txt', data: Buffer.from('fine') },
      { name: 'big.txt', data: Buffer.alloc(256 * 1024 + 1, 0x61) },
    ]);
    expect(a.status).toBe(413);
    expect(a.body.meta.alina_response_success).toBe(0);
    expect(templatesOf(a)).toEqual([MSG.fileTooLarge]);
    expect(a.body.messages[0]).toMatchObject({ params: ['big.txt', 0.3], field: 'userfile' });
    expect(await stored()).toEqual(before);
    expect(await filesOf(author, t.id)).toEqual([]);
    expect((await taleOf(author, t.id)).count_files).toBe(0);
    expect(await tempFiles()).toEqual([]);
    // exactly at the limit is fine
    expect((await upload(author, t.id, [{ name: 'edge.txt', data: Buffer.alloc(256 * 1024, 0x61) }])).status).toBe(200);
  });

  it('refuses more files than allowed in one request with 413', async () => {
    const author = await registered(app);
    const t = await post(author);
    const five = Array.from({ length: 5 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from(String(i)) }));
    const a = await upload(author, t.id, five);
    expect(a.status).toBe(413);
    expect(templatesOf(a)).toEqual([MSG.tooManyFilesAtOnce]);
    expect(a.body.messages[0].params).toEqual([4]);
    expect(await filesOf(author, t.id)).toEqual([]);
  });

  it('stops at the per-user limit with the catalogue message and the count so far', async () => {
    const author = await registered(app);
    const t = await post(author);
    for (let i = 0; i < 3; i++) {
      const files = Array.from({ length: 4 }, (_, j) => ({ name: `${i}-${j}.txt`, data: Buffer.from('x') }));
      expect((await upload(author, t.id, files)).status).toBe(200);
    }
    const full = await upload(author, t.id, [{ name: 'one-more.txt', data: Buffer.from('x') }]);
    expect(full.status).toBe(200);
    expect(full.body.meta.alina_response_success).toBe(0);
    expect(templatesOf(full)).toEqual([MSG.uploadLimit]);
    expect(full.body.messages[0].text).toBe('File upload limit exceeded. Already uploaded 12 files');
    expect((await taleOf(author, t.id)).count_files).toBe(12);
    // after deleting one there is room for one
    const [first] = await filesOf(author, t.id);
    await author.call(`/FileUpload/delete/${first.id}`, { method: 'DELETE', body: { form_id: 'actionDelete' } });
    expect((await upload(author, t.id, [{ name: 'fits.txt', data: Buffer.from('x') }])).status).toBe(200);
  });

  it('decides the type from the content as well as the name', async () => {
    const author = await registered(app);
    const t = await post(author);
    const cases: [string, Buffer, number, string][] = [
      ['setup.exe', exeBytes(), 415, MSG.fileTypeRefused],
      ['song.mp3', exeBytes(), 415, MSG.fileContentMismatch],
      ['holiday.jpg', elfBytes(), 415, MSG.fileContentMismatch],
      ['readme.txt', exeBytes(), 415, MSG.fileContentMismatch],
      ['report.pdf', Buffer.from('just text pretending'), 415, MSG.fileContentMismatch],
      ['noextension', Buffer.from('text'), 415, MSG.fileTypeRefused],
      ['broken.png', Buffer.concat([(await png()).subarray(0, 40)]), 415, MSG.imageUnreadable],
    ];
    for (const [name, data, status, template] of cases) {
      const a = await upload(author, t.id, [{ name, data }]);
      expect([name, a.status, templatesOf(a)]).toEqual([name, status, [template]]);
    }
    expect(await filesOf(author, t.id)).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });

  it('leaves no half file and no row when the client aborts the upload', async () => {
    const author = await registered(app);
    const t = await post(author);
    const before = await stored();
    const boundary = 'xxBOUNDARYxx';
    const head = [
      `--${boundary}\r\nContent-Disposition: form-data; name="entity_table"\r\n\r\ntale\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="entity_id"\r\n\r\n${t.id}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="userfile[]"; filename="cut.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    ].join('');
    await new Promise<void>((resolve) => {
      const req = http.request(`${app.url}/api/FileUpload`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'x-requested-with': 'XMLHttpRequest',
          uid: String(author.uid),
          token: String(author.token),
        },
      });
      req.on('error', () => resolve());
      req.write(head);
      req.write(Buffer.alloc(64 * 1024, 0x62));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await tempFiles()).toEqual([]);
    expect(await stored()).toEqual(before);
    expect(await filesOf(author, t.id)).toEqual([]);
  });
});

describe('serving', () => {
  it('serves HTML and SVG only as downloads, with nosniff and a sandbox', async () => {
    const author = await registered(app);
    const t = await post(author);
    const a = await upload(author, t.id, [
      { name: 'page.html', data: htmlBytes() },
      { name: 'drawing.svg', data: svgBytes() },
    ]);
    expect(a.status).toBe(200);
    const [html, svg] = a.body.data;
    expect([html.display_type, svg.display_type]).toEqual(['web', 'image']);
    for (const f of [html, svg]) {
      const res = await fetchFile(f.url_path);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    }
    expect((await fetchFile(html.url_path)).headers.get('content-disposition')).toContain('filename="page.html"');
    // the SVG still gets a raster thumbnail for the panel
    expect(svg.thumb_url).toMatch(/-thumb\.webp$/);
    const thumb = await fetchFile(svg.thumb_url);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('content-disposition')).toBe('inline');
  });

  it('serves audio in place with ranges, validators and long caching', async () => {
    const author = await registered(app);
    const t = await post(author);
    const mp3 = silentMp3(10);
    const [f] = (await upload(author, t.id, [{ name: 'a.mp3', data: mp3 }])).body.data;
    const full = await fetchFile(f.url_path);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('audio/mpeg');
    expect(full.headers.get('content-disposition')).toBe('inline');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await full.arrayBuffer()).equals(mp3)).toBe(true);
    const part = await fetchFile(f.url_path, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${mp3.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(mp3.subarray(100, 200))).toBe(true);
    const tail = await fetchFile(f.url_path, { range: 'bytes=-10' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(mp3.subarray(mp3.length - 10))).toBe(true);
    expect((await fetchFile(f.url_path, { range: `bytes=${mp3.length}-` })).status).toBe(416);
    const etag = full.headers.get('etag') ?? '';
    expect((await fetchFile(f.url_path, { 'if-none-match': etag })).status).toBe(304);
    const head = await fetchFile(f.url_path, {}, 'HEAD');
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(mp3.length)]);
  });

  it('answers 404 for unknown names and never leaves the files folder', async () => {
    await fs.writeFile(path.join(app.dataDir, 'secret.txt'), 'secret');
    for (const p of [
      '/files/../secret.txt',
      '/files/..%2Fsecret.txt',
      '/files/%2e%2e%2fsecret.txt',
      '/files/000000000000000000000000.txt',
      '/files/x',
    ]) {
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get(`${app.url}${p}`, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', reject);
      });
      expect([p, status]).toEqual([p, 404]);
    }
  });

  it('strips metadata (GPS too) from images and makes a thumbnail and a display copy', async () => {
    const author = await registered(app);
    const t = await post(author);
    const jpeg = await jpegWithGps(120, 80);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes(Buffer.from('TalesTestCam'))).toBe(true);
    const big = await png(900, 300);
    const [photo, wide] = (
      await upload(author, t.id, [
        { name: 'photo.jpg', data: jpeg },
        { name: 'wide.png', data: big },
      ])
    ).body.data;
    const served = Buffer.from(await (await fetchFile(photo.url_path)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from('TalesTestCam'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([120, 80]);
    expect([photo.width, photo.height, photo.display_url]).toEqual([120, 80, photo.url_path]);
    // the large image keeps its original and gets a copy scaled for display
    expect([wide.width, wide.height]).toEqual([900, 300]);
    expect(wide.display_url).toMatch(/-display\.webp$/);
    const display = await sharp(Buffer.from(await (await fetchFile(wide.display_url)).arrayBuffer())).metadata();
    expect([display.width, display.height]).toEqual([400, 133]);
    const original = await sharp(Buffer.from(await (await fetchFile(wide.url_path)).arrayBuffer())).metadata();
    expect(original.width).toBe(900);
    const thumb = await sharp(Buffer.from(await (await fetchFile(wide.thumb_url)).arrayBuffer())).metadata();
    // cut to a square, never enlarged
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 320, 300]);
  });
});

describe('rename, reorder and delete', () => {
  async function threeFiles() {
    const author = await registered(app);
    const t = await post(author);
    const rows = (
      await upload(author, t.id, [
        { name: 'a.txt', data: Buffer.from('a') },
        { name: 'b.txt', data: Buffer.from('b') },
        { name: 'c.txt', data: Buffer.from('c') },
      ])
    ).body.data;
    return { author, t, rows };
  }

  it('renames with EditRow and reorders with UpdateBulk; only name_human and order change', async () => {
    const { author, t, rows } = await threeFiles();
    const [a, b, c] = rows;
    const renamed = await author.post<FileRow>(`/AdminDbManager/EditRow/file/${a.id}`, {
      ...a,
      name_human: 'Alpha notes.txt',
      owner_id: 1,
      name_fs: '../../x.txt',
      entity_id: 1,
      fType: 'text',
      form_id: 'actionEditRow',
    });
    expect(templatesOf(renamed)).toEqual([MSG.saved]);
    expect(renamed.body.data).toMatchObject({ name_human: 'Alpha notes.txt', owner_id: author.id, name_fs: a.name_fs, entity_id: t.id });
    const bulk = await author.post<FileRow[]>('/AdminDbManager/UpdateBulk/file', {
      form_id: 'actionUpdateBulk',
      data: [
        { ...c, order: '0' },
        { ...renamed.body.data, order: 1 },
        { ...b, order: 2, name_human: 'Beta.txt' },
      ],
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data.map((f) => [f.name_human, f.order])).toEqual([
      ['c.txt', 0],
      ['Alpha notes.txt', 1],
      ['Beta.txt', 2],
    ]);
    expect((await filesOf(new Client(app.url), t.id)).map((f) => f.name_human)).toEqual(['c.txt', 'Alpha notes.txt', 'Beta.txt']);
    // a renamed file keeps its served type
    const odd = await author.post<FileRow>(`/AdminDbManager/EditRow/file/${c.id}`, { name_human: 'now a movie.mp4' });
    expect(odd.body.data.display_type).toBe('text');
  });

  it('refuses an empty name and tables other than file', async () => {
    const { author, rows } = await threeFiles();
    const empty = await author.post(`/AdminDbManager/EditRow/file/${rows[0].id}`, { name_human: '   ' });
    expect(empty.body.meta.alina_response_success).toBe(0);
    expect(empty.body.messages[0].field).toBe('name_human');
    expect((await author.post(`/AdminDbManager/EditRow/users/${author.id}`, { name_human: 'x' })).status).toBe(404);
    expect((await author.post('/AdminDbManager/UpdateBulk/tales', { data: [] })).status).toBe(404);
    expect((await filesOf(author, rows[0].entity_id))[0].name_human).toBe('a.txt');
  });

  it('lets only the owner and staff rename, reorder or delete (visitor 401, another user 403)', async () => {
    const { author, t, rows } = await threeFiles();
    const visitor = new Client(app.url);
    const other = await registered(app);
    const id = rows[0].id;
    expect((await visitor.post(`/AdminDbManager/EditRow/file/${id}`, { name_human: 'x.txt' })).status).toBe(401);
    expect((await other.post(`/AdminDbManager/EditRow/file/${id}`, { name_human: 'x.txt' })).status).toBe(403);
    expect((await visitor.post('/AdminDbManager/UpdateBulk/file', { data: [{ id, order: 5 }] })).status).toBe(401);
    // one foreign row refuses the whole bulk
    const mixedOwner = await registered(app);
    const t2 = await post(mixedOwner);
    const [mine] = (await upload(mixedOwner, t2.id, [{ name: 'm.txt', data: Buffer.from('m') }])).body.data;
    const mixed = await mixedOwner.post('/AdminDbManager/UpdateBulk/file', {
      data: [
        { id: mine.id, order: 9 },
        { id, order: 9 },
      ],
    });
    expect(mixed.status).toBe(403);
    expect((await filesOf(mixedOwner, t2.id))[0].order).toBe(0);
    expect((await visitor.call(`/FileUpload/delete/${id}`, { method: 'DELETE', body: { form_id: 'actionDelete' } })).status).toBe(401);
    expect((await other.call(`/FileUpload/delete/${id}`, { method: 'DELETE', body: { form_id: 'actionDelete' } })).status).toBe(403);
    expect(await filesOf(author, t.id)).toHaveLength(3);
    const moderator = await registered(app);
    await setRole(app.deps, moderator.id, 'moderator', true);
    expect((await moderator.post(`/AdminDbManager/EditRow/file/${id}`, { name_human: 'by staff.txt' })).status).toBe(200);
    expect((await moderator.call(`/FileUpload/delete/${id}`, { method: 'DELETE', body: {} })).status).toBe(200);
    expect((await taleOf(author, t.id)).count_files).toBe(2);
  });

  it('deletes the row, the count and the stored objects', async () => {
    const author = await registered(app);
    const t = await post(author);
    const [img] = (await upload(author, t.id, [{ name: 'p.png', data: await png(500, 500) }])).body.data;
    expect((await fetchFile(img.thumb_url)).status).toBe(200);
    const before = await stored();
    const d = await author.call(`/FileUpload/delete/${img.id}`, { method: 'DELETE', body: { ...img, form_id: 'actionDelete' } });
    expect(templatesOf(d)).toEqual([MSG.deleted]);
    expect(await filesOf(author, t.id)).toEqual([]);
    expect((await taleOf(author, t.id)).count_files).toBe(0);
    expect((await stored()).length).toBe(before.length - 3);
    for (const url of [img.url_path, img.display_url, img.thumb_url]) expect((await fetchFile(url)).status).toBe(404);
    expect((await author.call(`/FileUpload/delete/${img.id}`, { method: 'DELETE', body: {} })).status).toBe(404);
  });
});

describe('files go with what they belong to', () => {
  it('deleting a tale removes its files and its comments’ files from storage', async () => {
    const author = await registered(app);
    const t = await post(author);
    const commenter = await registered(app);
    const comment = (
      await commenter.post<Tale>('/tale/upsert', {
        answer_to_tale_id: t.id,
        type: 'COMMENT',
        body: '<p>hi</p>',
        form_id: 'actionCommentAdd',
      })
    ).body.data;
    const before = await stored();
    const own = (await upload(author, t.id, [{ name: 'own.txt', data: Buffer.from('o') }])).body.data;
    const onComment = (await upload(commenter, comment.id, [{ name: 'reply.txt', data: Buffer.from('r') }])).body.data;
    expect((await taleOf(commenter, comment.id)).count_files).toBe(1);
    expect((await stored()).length).toBe(before.length + 2);
    const del = await author.post(`/tale/delete/${t.id}`, { form_id: 'actionDelete' });
    expect(del.status).toBe(200);
    expect(await stored()).toEqual(before);
    for (const f of [...own, ...onComment]) expect((await fetchFile(f.url_path)).status).toBe(404);
  });

  it('deleting a user removes their objects and fixes the counts of other people’s tales', async () => {
    const host = await registered(app);
    const t = await post(host);
    const guest = await registered(app);
    const guestTale = await post(guest);
    const before = await stored();
    await upload(guest, guestTale.id, [{ name: 'g.txt', data: Buffer.from('g') }]);
    await upload(host, t.id, [{ name: 'host.txt', data: Buffer.from('h') }]);
    const moderator = await registered(app);
    await setRole(app.deps, moderator.id, 'moderator', true);
    // a staff upload on the guest's tale belongs to the moderator, and stays with the moderator
    await upload(moderator, guestTale.id, [{ name: 'mod.txt', data: Buffer.from('m') }]);
    const comment = (
      await guest.post<Tale>('/tale/upsert', { answer_to_tale_id: t.id, type: 'COMMENT', body: '<p>c</p>', form_id: 'actionCommentAdd' })
    ).body.data;
    await upload(guest, comment.id, [{ name: 'c.txt', data: Buffer.from('c') }]);
    await guest.post('/like/process', { ref_table: 'tale', ref_id: t.id, val: 1, form_id: 'actionProcess' });
    expect(await taleOf(host, t.id)).toMatchObject({ count_files: 1, count_like: 1, count_root_tale_id: 1 });
    const emblem = await guest.call<{ url: string }>('/FileUpload/CkEditor', {
      method: 'POST',
      raw: { body: editorForm([{ name: 'me.png', data: await png(300, 200) }], 'actionCommon', 'userfile') },
    });
    expect(emblem.status).toBe(200);
    expect((await stored()).length).toBe(before.length + 5);
    const gone = await guest.post(`/auth/UserDelete/${guest.id}`, { form_id: 'actionUserDelete' });
    expect(gone.status).toBe(200);
    // left: the host's file; the moderator's file went with the guest's tale
    expect((await stored()).length).toBe(before.length + 1);
    expect(await taleOf(host, t.id)).toMatchObject({ count_files: 1, count_like: 0, count_root_tale_id: 0, count_answer_to_tale_id: 0 });
  });
});

describe('editor images and emblems', () => {
  interface EditorAnswer {
    url?: string;
  }
  const editorUpload = (c: Client, files: { name: string; data: Buffer }[], formId = 'fileUpload', field = 'userfile[]') =>
    c.call<EditorAnswer>('/FileUpload/CkEditor', { method: 'POST', raw: { body: editorForm(files, formId, field) } });

  it('stores an editor image and answers data.url', async () => {
    const author = await registered(app);
    const a = await editorUpload(author, [{ name: 'inline.png', data: await png(800, 200) }]);
    expect(a.status).toBe(200);
    const url = a.body.data.url ?? '';
    expect(url).toMatch(/^\/files\/[0-9a-f]{24}-display\.webp$/);
    const res = await fetchFile(url);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/webp']);
    // a tale body may show it
    const t = await post(author);
    const saved = await author.post<Tale>('/tale/upsert', { id: t.id, body: `<p><img src="${url}" alt="x"></p>` });
    expect(saved.body.data.body).toContain(`src="${url}"`);
  });

  it('answers error.message for what is not an image, for too many files, and for a visitor', async () => {
    const author = await registered(app);
    const pdf = await editorUpload(author, [{ name: 'doc.pdf', data: pdfBytes() }]);
    expect(pdf.status).toBe(415);
    expect((pdf.body as unknown as { error: { message: string } }).error.message).toBe(
      'Only images (png, jpg, gif, webp) can be inserted here (field:userfile)',
    );
    const svg = await editorUpload(author, [{ name: 'x.svg', data: svgBytes() }]);
    expect(svg.status).toBe(415);
    const two = await editorUpload(author, [
      { name: 'a.png', data: await png() },
      { name: 'b.png', data: await png() },
    ]);
    expect(two.status).toBe(413);
    const visitor = await editorUpload(new Client(app.url), [{ name: 'a.png', data: await png() }]);
    expect(visitor.status).toBe(401);
    expect((visitor.body as unknown as { error: { message: string } }).error.message).toBe('Login first');
  });

  it('makes an emblem square and small (form_id actionCommon)', async () => {
    const author = await registered(app);
    const a = await editorUpload(author, [{ name: 'me.jpg', data: await jpegWithGps(640, 360) }], 'actionCommon', 'userfile');
    expect(a.status).toBe(200);
    const url = a.body.data.url ?? '';
    expect(url).toMatch(/^\/files\/[0-9a-f]{24}\.webp$/);
    const meta = await sharp(Buffer.from(await (await fetchFile(url)).arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);
    const saved = await author.post<{ user: { emblem: string } }>('/auth/profile', { id: author.id, emblem: url, form_id: 'profile' });
    expect(saved.body.data.user.emblem).toBe(url);
  });
});
