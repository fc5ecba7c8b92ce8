import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataExport } from '../../../common/schemas/export';
import type { Tale } from '../../../common/schemas/tale';
import { queryRows } from '../../db/client';
import { dataExports, files as filesTable } from '../../db/schema';
import { Client, type TestApp, registered, startApp, writeTale } from '../../test/harness';
import { form, pdfBytes, png, upload } from '../files/fixtures';
import { archiveNameOf } from './archive';

let app: TestApp;
let admin: Awaited<ReturnType<typeof registered>>;
let author: Awaited<ReturnType<typeof registered>>;
let other: Awaited<ReturnType<typeof registered>>;
const pdf = pdfBytes();

beforeAll(async () => {
  // a short poll, and every archive announced by mail (the limit is 0 bytes)
  app = await startApp({ EXPORT_POLL_MS: '100', EXPORT_MAIL_ABOVE_BYTES: '0' });
  admin = await registered(app); // the first user is the admin
  author = await registered(app);
  other = await registered(app);
  await author.post('/auth/profile', {
    id: author.id,
    firstname: 'Анна',
    lastname: '<b>Reed</b>',
    about_myself: 'I write by the river',
    form_id: 'profile',
  });
});
afterAll(async () => app?.close());

const ask = (c: Client, userId: number) => c.post<DataExport>(`/auth/export/${userId}`, { form_id: 'actionExport' });
const latest = (c: Client, userId: number) => c.get<DataExport | null>(`/auth/export/${userId}`);

/** Asks again until the archive is no longer being made; answers it. */
async function ready(c: Client, userId: number): Promise<DataExport> {
  for (let i = 0; i < 200; i++) {
    const a = await latest(c, userId);
    const e = a.body.data;
    if (e && (e.status === 'ready' || e.status === 'failed')) return e;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the archive was not made in 20 s');
}

async function download(c: Client, userId: number, exportId: number) {
  return fetch(`${app.url}/api/auth/export/${userId}/download/${exportId}`, { headers: c.token ? { token: c.token } : {} });
}

const storedArchives = async () => {
  const root = path.join(app.dataDir, 'files');
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (e.isDirectory()) await walk(path.join(dir, e.name));
      else if (e.name.startsWith('export-')) found.push(e.name);
    }
  };
  await walk(root);
  return found;
};
/** The mails sent, their quoted-printable text decoded. */
async function mailTexts(): Promise<string[]> {
  const dir = path.join(app.dataDir, 'mail');
  const names = (await fs.readdir(dir)).filter((f) => f.endsWith('.eml'));
  return Promise.all(
    names.map(async (f) => {
      const raw = (await fs.readFile(path.join(dir, f), 'utf8')).replace(/=\r?\n/g, '');
      return Buffer.from(
        raw.replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
    }),
  );
}
const leftWork = async () =>
  (await fs.readdir(path.join(app.dataDir, 'tmp', 'uploads')).catch(() => [] as string[])).filter((n) => n.startsWith('export-'));

describe('taking your data home', () => {
  it('works on a new site before anyone uploaded a file, and mails nothing for a small archive', async () => {
    const fresh = await startApp({ EXPORT_POLL_MS: '100' });
    try {
      await registered(fresh);
      const user = await registered(fresh);
      await writeTale(user, { header: 'First words' });
      const asked = await user.post<DataExport>(`/auth/export/${user.id}`, { form_id: 'actionExport' });
      expect(asked.body.meta.alina_response_success).toBe(1);
      let made: DataExport | null = null;
      for (let i = 0; i < 200 && !(made && made.status !== 'queued' && made.status !== 'running'); i++) {
        await new Promise((r) => setTimeout(r, 100));
        made = (await user.get<DataExport | null>(`/auth/export/${user.id}`)).body.data;
      }
      expect(made).toMatchObject({ status: 'ready', mailed: 0, total: 2, done: 2 });
      expect(await fs.readdir(path.join(fresh.dataDir, 'mail')).catch(() => [])).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('makes one archive of everything of the user’s: profile, tales (drafts too), comments, likes and files, as JSON and a readable page', async () => {
    const river = await writeTale(author, {
      header: 'River & "song"',
      body: '<p>The river <b>sings</b> #река</p>',
      geo_is_map_shown: 1,
      geo_latitude: 55.75,
      geo_longitude: 37.6,
    });
    const draft = await writeTale(author, { header: 'Unfinished draft', body: '<p>Not yet</p>', is_draft: 1 });
    const othersTale = await writeTale(other, { header: 'Someone else', body: '<p>Not the author’s</p>' });
    // a tale the author comments on, which its own author then takes back to a draft
    const takenBack = await writeTale(other, { header: 'Taken back later', body: '<p>Soon a draft</p>' });
    const onTakenBack = await author.post<Tale>('/tale/upsert', {
      answer_to_tale_id: takenBack.id,
      body: '<p>Comment on it</p>',
      form_id: 'actionCommentAdd',
    });
    expect(onTakenBack.body.meta.alina_response_success).toBe(1);
    await other.post('/tale/upsert', { id: takenBack.id, is_draft: 1, form_id: 'actionUpsert' });
    // an image the author put into a tale's text through the editor
    const image = await author.call<{ url: string }>('/FileUpload/CkEditor', {
      method: 'POST',
      raw: { body: form({ form_id: 'fileUpload' }, [{ name: 'inline.png', data: await png(2000, 300) }]) },
    });
    const imageUrl = image.body.data.url;
    expect(imageUrl).toMatch(/^\/files\/[0-9a-f]{24}-display\.webp$/);
    await writeTale(author, { header: 'With a picture', body: `<p><img src="${imageUrl}" alt="the bay"></p>` });
    const comment = await author.post<Tale>('/tale/upsert', {
      answer_to_tale_id: othersTale.id,
      body: '<p>Nice one</p>',
      form_id: 'actionCommentAdd',
    });
    expect(comment.body.meta.alina_response_success).toBe(1);
    const liked = await author.post('/like/process', {
      ref_table: 'tale',
      ref_id: String(othersTale.id),
      val: '1',
      form_id: 'actionProcess',
    });
    expect(liked.body.meta.alina_response_success).toBe(1);
    const up = await upload(author, river.id, [{ name: 'notes/../évolution.pdf', data: pdf }]);
    expect(up.body.meta.alina_response_success, JSON.stringify(up.body.messages)).toBe(1);

    const asked = await ask(author, author.id);
    expect(asked.status).toBe(200);
    expect(asked.body.meta.alina_response_success).toBe(1);
    expect(['queued', 'running', 'ready']).toContain(asked.body.data.status);
    expect(asked.body.messages.map((m) => m.templateString)).toEqual(['Your archive is being prepared']);
    const made = await ready(author, author.id);
    expect(made).toMatchObject({ id: asked.body.data.id, user_id: author.id, requested_by: author.id, status: 'ready' });
    // the profile, three tales, two comments, two files
    expect(made.total).toBe(8);
    expect(made.done).toBe(8);
    expect(made.size).toBeGreaterThan(pdf.length);
    expect(made.expires_at).toBeGreaterThan(made.finished_at ?? 0);

    const res = await download(author, author.id, made.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tales-data-\d+-\d{4}-\d{2}-\d{2}\.zip"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(made.size);
    const zip = unzipSync(bytes);
    const names = Object.keys(zip).sort();
    const files = (await author.get<{ id: number; name_human: string }[]>(`/FileUpload/getFiles/tale/${river.id}`)).body.data;
    const fileName = archiveNameOf(files[0]);
    expect(fileName).toBe(`files/${files[0].id}-évolution.pdf`);
    const stored = (await app.deps.db.select().from(filesTable).where(eq(filesTable.owner_id, author.id))).sort((a, b) => a.id - b.id);
    const imageName = archiveNameOf(stored.find((f) => f.name_human === 'inline.png') ?? { id: 0, name_human: '' });
    expect(names).toEqual(
      ['comments.json', 'files.json', fileName, imageName, 'index.html', 'likes.json', 'profile.json', 'tales.json'].sort(),
    );
    expect(Buffer.from(zip[fileName]).equals(pdf)).toBe(true);

    const json = (name: string) => JSON.parse(strFromU8(zip[name]));
    expect(json('profile.json')).toMatchObject({
      id: author.id,
      mail: author.mail,
      firstname: 'Анна',
      lastname: '<b>Reed</b>',
      about_myself: 'I write by the river',
    });
    const tales = json('tales.json');
    expect(tales.map((t: { header: string }) => t.header)).toEqual(['River & "song"', 'Unfinished draft', 'With a picture']);
    expect(tales[0]).toMatchObject({
      id: river.id,
      body_html: '<p>The river <b>sings</b> #река</p>',
      tags: ['река'],
      is_draft: false,
      files: [fileName],
    });
    expect(tales[0].place).toEqual({ latitude: 55.75, longitude: 37.6, zoom: river.geo_zoom, shown: true });
    expect(tales[1]).toMatchObject({ id: draft.id, is_draft: true });
    // the comment under a tale now a draft says nothing of that tale but its id
    expect(json('comments.json')).toEqual([
      expect.objectContaining({ id: onTakenBack.body.data.id, tale_id: takenBack.id, tale_header: null, tale_url: null }),
      expect.objectContaining({ id: comment.body.data.id, body_text: 'Nice one', tale_id: othersTale.id, tale_header: 'Someone else' }),
    ]);
    expect(json('likes.json')).toEqual([expect.objectContaining({ tale_id: othersTale.id })]);
    expect(json('files.json')).toEqual([
      expect.objectContaining({ name: 'inline.png', path: imageName, tale_id: null }),
      expect.objectContaining({ name: 'évolution.pdf', path: fileName, size: pdf.length, tale_id: river.id }),
    ]);
    const page = strFromU8(zip['index.html']);
    // readable offline: the names escaped, the tales' own (sanitised) html kept, nothing of other people's
    expect(page).toContain('Анна &lt;b&gt;Reed&lt;/b&gt;');
    expect(page).toContain('River &amp; &quot;song&quot;');
    expect(page).toContain('<p>The river <b>sings</b> #река</p>');
    expect(page).toContain(`href="${encodeURI(fileName)}"`);
    expect(page).not.toContain('Not the author’s');
    expect(page).not.toContain('Taken back later');
    // the picture in the text shows from the archive, offline
    expect(page).toContain(`<img src="${imageName.split('/').map(encodeURIComponent).join('/')}" alt="the bay"`);
    expect(page).not.toContain(imageUrl);
    expect(page).toContain("default-src 'none'");

    // nothing left behind but the one stored archive
    expect(await leftWork()).toEqual([]);
    expect(await storedArchives()).toHaveLength(1);

    // the mail says where to download it (sent just after the archive is ready)
    for (let i = 0; i < 50 && !(await latest(author, author.id)).body.data?.mailed; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await latest(author, author.id)).body.data?.mailed).toBe(1);
    const texts = await mailTexts();
    const announced = texts.find((t) => t.includes('archive is ready') && t.includes(author.mail));
    expect(announced).toBeDefined();
    expect(announced).toContain(`/auth/profile/${author.id}#data`);
  });

  it('makes one archive however many ask at once, and a new one replaces the old (its stored file goes)', async () => {
    const before = (await latest(author, author.id)).body.data;
    // The archive is held before it is stored until every ask has its answer, so all twelve are
    // asked while it is being made. Unheld, a busy machine once spread the asks over longer than
    // this small archive took, and the last ones rightly asked for a new one.
    const storage = app.deps.storage;
    const put = storage.put;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    storage.put = async (key, source, type) => {
      if (key.startsWith('export-')) await held;
      return put.call(storage, key, source, type);
    };
    let answers: Awaited<ReturnType<typeof ask>>[];
    try {
      answers = await Promise.all(Array.from({ length: 12 }, () => ask(author, author.id)));
    } finally {
      release();
      storage.put = put;
    }
    const ids = new Set(answers.map((a) => a.body.data.id));
    expect(answers.every((a) => a.body.meta.alina_response_success === 1)).toBe(true);
    expect(ids.size).toBe(1);
    const made = await ready(author, author.id);
    expect(made.id).not.toBe(before?.id);
    const rows = await app.deps.db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.user_id, author.id));
    expect(rows.map((r) => r.id)).toEqual([made.id]);
    // the download of the old one is gone at once; its stored object goes just after the new
    // archive's row commits (the worker sweeps the journal the delete wrote), so it is waited for
    expect(before?.status).toBe('ready');
    expect((await download(author, author.id, before?.id ?? 0)).status).toBe(404);
    await expect.poll(async () => (await storedArchives()).length, { timeout: 5_000, interval: 50 }).toBe(1);
  });

  it('lets the user and an admin have it, nobody else: a visitor 401, another user 403, an unknown user 404', async () => {
    const visitor = new Client(app.url);
    expect((await latest(visitor, author.id)).status).toBe(401);
    expect((await ask(visitor, author.id)).status).toBe(401);
    expect((await latest(other, author.id)).status).toBe(403);
    expect((await ask(other, author.id)).status).toBe(403);
    const mine = (await latest(author, author.id)).body.data as DataExport;
    expect((await download(visitor, author.id, mine.id)).status).toBe(401);
    expect((await download(other, author.id, mine.id)).status).toBe(403);
    // another user's archive id under one's own user id is not found
    expect((await download(other, other.id, mine.id)).status).toBe(404);
    expect((await latest(admin, 9_999_999)).status).toBe(404);
    expect((await latest(other, other.id)).body.data).toBeNull();
    const bad = await other.get('/auth/export/abc');
    expect(bad.body.meta.alina_response_success).toBe(0);
    expect(bad.body.messages[0].field).toBe('id');

    // an admin asks for the author's: it is made, and the admin is the one mailed
    const asked = await ask(admin, author.id);
    expect(asked.body.data.requested_by).toBe(admin.id);
    const made = await ready(admin, author.id);
    expect(made.status).toBe('ready');
    expect((await download(admin, author.id, made.id)).status).toBe(200);
    // the mails go once the archive is ready (so a slow machine may see "ready" first)
    await vi.waitFor(
      async () => {
        const texts = await mailTexts();
        expect(texts.some((t) => t.includes(admin.mail) && t.includes('the data of Анна <b>Reed</b>'))).toBe(true);
        // and the owner is told an administrator took their data
        expect(texts.some((t) => t.includes(`To: ${author.mail}`) && t.includes('an administrator prepared an archive of your data'))).toBe(
          true,
        );
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('leaves nothing behind when storing the archive fails, and says it failed; asking again works', async () => {
    let failing = true;
    const flaky = await startApp({ EXPORT_POLL_MS: '100' }, async (built) => {
      const put = built.deps.storage.put.bind(built.deps.storage);
      built.deps.storage.put = async (key, source, type) => {
        if (failing && key.startsWith('export-')) throw new Error('the storage is full');
        return put(key, source, type);
      };
    });
    try {
      await registered(flaky);
      const user = await registered(flaky);
      await writeTale(user, { header: 'Kept anyway' });
      const ask1 = await user.post<DataExport>(`/auth/export/${user.id}`, { form_id: 'actionExport' });
      const until = async (status: string) => {
        for (let i = 0; i < 200; i++) {
          const e = (await user.get<DataExport | null>(`/auth/export/${user.id}`)).body.data;
          if (e?.status === status) return e;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`never ${status}`);
      };
      const failed = await until('failed');
      expect(failed.id).toBe(ask1.body.data.id);
      // no temporary folder, no stored object, no journal entry left
      expect(
        (await fs.readdir(path.join(flaky.dataDir, 'tmp', 'uploads')).catch(() => [] as string[])).filter((n) => n.startsWith('export-')),
      ).toEqual([]);
      const left = await queryRows<{ n: number }>(
        flaky.deps.db,
        sql`select count(*)::int as n from stored_object_journal where key like 'export-%'`,
      );
      expect(left[0].n).toBe(0);
      expect(await fs.readdir(path.join(flaky.dataDir, 'files')).catch(() => [] as string[])).toEqual([]);
      failing = false;
      await user.post(`/auth/export/${user.id}`, { form_id: 'actionExport' });
      expect((await until('ready')).id).toBeGreaterThan(failed.id);
    } finally {
      await flaky.close();
    }
  });

  it('takes over an archive whose server died, and removes expired ones with their files', async () => {
    const user = await registered(app);
    await writeTale(user, { header: 'Lonely tale' });
    // a server claimed it and died two minutes ago
    const now = Math.floor(Date.now() / 1000);
    await app.deps.db.insert(dataExports).values({
      user_id: user.id,
      requested_by: user.id,
      status: 'running',
      run_token: 'dead-server',
      started_at: now - 120,
      heartbeat_at: now - 120,
      site_base: 'http://localhost',
    });
    const made = await ready(user, user.id);
    expect(made.status).toBe('ready');
    expect(made.total).toBe(2);
    const before = await storedArchives();
    // its time is up
    await app.deps.db
      .update(dataExports)
      .set({ expires_at: now - 1 })
      .where(eq(dataExports.id, made.id));
    for (let i = 0; i < 100 && (await latest(user, user.id)).body.data; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await latest(user, user.id)).body.data).toBeNull();
    expect((await download(user, user.id, made.id)).status).toBe(404);
    // the pass that deleted the row removes its stored object just after
    await expect.poll(async () => (await storedArchives()).length, { timeout: 5_000, interval: 50 }).toBe(before.length - 1);
  });

  it('goes with the account: deleting the user removes their archives and the stored files', async () => {
    const user = await registered(app);
    await ask(user, user.id);
    await ready(user, user.id);
    const before = await storedArchives();
    const del = await user.post(`/auth/UserDelete/${user.id}`, { form_id: 'actionUserDelete' });
    expect(del.body.meta.alina_response_success).toBe(1);
    const [{ n }] = await queryRows<{ n: number }>(
      app.deps.db,
      sql`select count(*)::int as n from data_exports where user_id = ${user.id}`,
    );
    expect(n).toBe(0);
    expect((await storedArchives()).length).toBe(before.length - 1);
  });
});
