import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { Pagination } from '../../../common/schemas/envelope';
import type { Tale } from '../../../common/schemas/tale';
import { Client, type TestApp, registered, startApp, templatesOf, writeTale } from '../../test/harness';
import { setRole } from '../auth/service';
import { memorySearchOf } from './memory-search';
import { DANGEROUS, XSS_PAYLOADS } from './xss-corpus';

let app: TestApp;
let admin: Awaited<ReturnType<typeof registered>>;
let moderator: Awaited<ReturnType<typeof registered>>;
beforeAll(async () => {
  app = await startApp();
  admin = await registered(app); // first account: admin
  moderator = await registered(app);
  await setRole(app.deps, moderator.id, 'moderator', true);
});
afterAll(async () => app?.close());

const visitor = () => new Client(app.url);
type Feed = { tale: Tale[] };
const now = () => Math.floor(Date.now() / 1000);

const write = writeTale;
const feed = (c: Client, query = '', size = 100, page: number | 'last' = 1) =>
  c.get<Feed>(`/tale/feed/${size}/${page}${query ? `?${query}` : ''}`);
const ids = (a: { body: { data: Feed } }) => a.body.data.tale.map((t) => t.id);

describe('the unsaved tale', () => {
  it('needs login', async () => {
    expect((await visitor().get('/tale/upsert')).status).toBe(401);
  });

  it('is created once with the spec defaults and stays the same until saved', async () => {
    const u = await registered(app);
    const a = await u.get<Tale>('/tale/upsert');
    expect(a.body.data).toMatchObject({
      is_submitted: 0,
      type: 'POST',
      seo_index: 0.1,
      geo_zoom: 11,
      geo_map_type: 'map',
      geo_is_map_shown: 0,
      owner_id: u.id,
      header: '',
      body: '',
      body_txt: '',
      level: 0,
      count_like: 0,
    });
    const again = await u.get<Tale>('/tale/upsert');
    expect(again.body.data.id).toBe(a.body.data.id);
    await u.post('/tale/upsert', { id: a.body.data.id, header: 'Saved now', body: '<p>x</p>' });
    const next = await u.get<Tale>('/tale/upsert');
    expect(next.body.data.id).not.toBe(a.body.data.id);
    expect(next.body.data.is_submitted).toBe(0);
  });

  it('is not shown to anyone else, nor in the feed', async () => {
    const u = await registered(app);
    const a = await u.get<Tale>('/tale/upsert');
    expect((await (await registered(app)).get(`/tale/upsert/${a.body.data.id}`)).status).toBe(404);
    expect(ids(await feed(u, `owner=${u.id}`))).not.toContain(a.body.data.id);
  });
});

describe('saving', () => {
  // A new tale is written in one statement whose values PostgreSQL reads from its text
  // (db/transaction.ts): every character comes back as it was sent, and the tale is found by it.
  it('keeps every character of a new tale (one sent without an id) and finds it by its words at once', async () => {
    const u = admin; // body_free is staff's
    const header = `It's "quoted" \\ back\\slash $1 $$ $tag$ -- not a comment; Ёжик 🦔`;
    const bodyFree = `'; drop table tales; -- \\x00 $2`;
    const a = await u.post<Tale>('/tale/upsert', {
      header,
      body: `<p>Колючий ёжик\ttab, it's $$ 🦔 #ёжики_2024</p>`,
      body_free: bodyFree,
      geo_latitude: -33.8688,
      geo_longitude: -151.2093,
      geo_is_map_shown: 1,
    });
    expect(a.body.meta.alina_response_success).toBe(1);
    const id = a.body.data.id;
    expect(a.body.data).toMatchObject({ header, body_free: bodyFree, owner_id: u.id, is_submitted: 1, type: 'POST' });
    const read = (await u.get<Tale>(`/tale/upsert/${id}`)).body.data;
    expect(read).toMatchObject({ header, body: `<p>Колючий ёжик\ttab, it's $$ 🦔 #ёжики_2024</p>`, body_free: bodyFree });
    expect(read.geo_latitude).toBeCloseTo(-33.8688, 4);
    expect(read.geo_longitude).toBeCloseTo(-151.2093, 4);
    const q = async (txt: string) => ids(await visitor().get<Feed>(`/tale/feed/10/1?txt=${encodeURIComponent(txt)}`));
    expect(await q('колючий ёжик')).toEqual([id]);
    expect(await q('#ёжики_2024')).toEqual([id]);
  });

  it('stores every field, sanitises the body, derives body_txt and says Saved', async () => {
    const u = await registered(app);
    const t = await write(u, {
      header: '  Hello   <b>world</b> ',
      body: '<p>Fish &amp; chips &lt;3 <strong>now</strong></p><p>Second</p>',
      publish_at: '1700000000',
      iframe: 'https://www.example.com/embed/1',
      seo_index: '0.5',
      geo_is_map_shown: '1',
      geo_latitude: 55.75,
      geo_longitude: '37.61',
      geo_zoom: 14,
      geo_map_type: 'hybrid',
      is_adult_denied: 1,
      is_comment_for_owner: true,
      is_header_hidden: 1,
      lang: 'en',
    });
    expect(t).toMatchObject({
      header: 'Hello world',
      body: '<p>Fish &amp; chips &lt;3 <strong>now</strong></p><p>Second</p>',
      body_txt: 'Fish & chips <3 now Second',
      publish_at: 1700000000,
      iframe: 'https://www.example.com/embed/1',
      seo_index: 0.5,
      geo_is_map_shown: 1,
      geo_latitude: 55.75,
      geo_longitude: 37.61,
      geo_zoom: 14,
      geo_map_type: 'hybrid',
      is_adult_denied: 1,
      is_comment_for_owner: 1,
      is_header_hidden: 1,
      is_submitted: 1,
      owner_id: u.id,
      lang: 'en',
    });
    for (const k of ['id', 'publish_at', 'count_like', 'count_files', 'level', 'is_draft', 'geo_zoom'] as const)
      expect(typeof t[k]).toBe('number');
    for (const k of ['header', 'body', 'body_txt', 'body_free', 'router_alias', 'owner_firstname'] as const)
      expect(typeof t[k]).toBe('string');
  });

  it('ignores what the caller may not change: owner, counters, level, staff flags and free code', async () => {
    const u = await registered(app);
    const t = await write(u, {
      owner_id: admin.id,
      count_like: 99,
      level: 2,
      type: 'POST',
      is_sticked: 1,
      is_adv: 1,
      body_free: '<script>x()</script>',
    });
    expect(t).toMatchObject({ owner_id: u.id, count_like: 0, level: 0, is_sticked: 0, is_adv: 0, body_free: '' });
    const byModerator = await moderator.post<Tale>(`/tale/upsert/${t.id}`, { is_sticked: 1, body_free: '<b>x</b>' });
    expect(byModerator.body.data).toMatchObject({ is_sticked: 1, body_free: '' });
    const byAdmin = await admin.post<Tale>(`/tale/upsert/${t.id}`, { body_free: '<div id="free">code</div>' });
    expect(byAdmin.body.data.body_free).toBe('<div id="free">code</div>');
    expect(byAdmin.body.data.owner_id).toBe(u.id);
  });

  it('visitor 401 and another user 403 on save and delete; staff may edit and delete', async () => {
    const u = await registered(app);
    const t = await write(u, { header: 'Mine' });
    const other = await registered(app);
    for (const [c, status] of [
      [visitor(), 401],
      [other, 403],
    ] as const) {
      expect((await c.post(`/tale/upsert/${t.id}`, { header: 'Taken' })).status).toBe(status);
      expect((await c.post('/tale/upsert', { id: t.id, header: 'Taken' })).status).toBe(status);
      expect((await c.post(`/tale/delete/${t.id}`, { form_id: 'actionDelete' })).status).toBe(status);
    }
    expect((await visitor().get<Tale>(`/tale/upsert/${t.id}`)).body.data.header).toBe('Mine');
    expect((await moderator.post<Tale>(`/tale/upsert/${t.id}`, { header: 'Moderated' })).body.data.header).toBe('Moderated');
    expect((await moderator.post(`/tale/delete/${t.id}`, {})).body.meta.alina_response_success).toBe(1);
    expect((await visitor().get(`/tale/upsert/${t.id}`)).status).toBe(404);
  });

  it('refuses bad values naming each field, and changes nothing', async () => {
    const u = await registered(app);
    const t = await write(u, { header: 'Kept' });
    const cases: [Record<string, unknown>, string][] = [
      [{ header: 'x'.repeat(501) }, 'header'],
      [{ publish_at: 'tomorrow' }, 'publish_at'],
      [{ seo_index: 2 }, 'seo_index'],
      [{ geo_latitude: 91 }, 'geo_latitude'],
      [{ geo_longitude: -181 }, 'geo_longitude'],
      [{ geo_zoom: 25 }, 'geo_zoom'],
      [{ geo_map_type: 'terrain' }, 'geo_map_type'],
      [{ iframe: 'javascript:alert(1)' }, 'iframe'],
      [{ router_alias: 'has space' }, 'router_alias'],
      [{ router_alias: 'tale' }, 'router_alias'],
      [{ router_alias: '12345' }, 'router_alias'],
      [{ is_draft: 5 }, 'is_draft'],
    ];
    for (const [patch, field] of cases) {
      const a = await u.post(`/tale/upsert/${t.id}`, { header: 'Changed', ...patch });
      expect(a.body.meta.alina_response_success, JSON.stringify(patch)).toBe(0);
      expect(
        a.body.messages.map((m) => m.field),
        JSON.stringify(patch),
      ).toContain(field);
    }
    expect((await u.get<Tale>(`/tale/upsert/${t.id}`)).body.data.header).toBe('Kept');
  });

  it('answers 404 for an unknown tale', async () => {
    const u = await registered(app);
    expect((await u.post('/tale/upsert/999999', { header: 'x' })).status).toBe(404);
    expect((await u.get('/tale/upsert/999999')).status).toBe(404);
    expect((await u.post('/tale/delete/999999', {})).status).toBe(404);
  });
});

describe('router alias', () => {
  it('opens the tale by alias, is unique whatever the case, and can be cleared', async () => {
    const u = await registered(app);
    const alias = `my-Story_${Date.now()}`;
    const t = await write(u, { router_alias: alias });
    expect(t.router_alias).toBe(alias);
    expect((await visitor().get<Tale>(`/tale/upsert/${alias.toLowerCase()}`)).body.data.id).toBe(t.id);
    const clash = await write(await registered(app)).then((t2) => u.post(`/tale/upsert/${t2.id}`, {}).then(() => t2));
    const other = await registered(app);
    const t3 = await write(other);
    const a = await other.post(`/tale/upsert/${t3.id}`, { router_alias: alias.toUpperCase() });
    expect(a.body.meta.alina_response_success).toBe(0);
    expect(templatesOf(a)).toEqual([MSG.aliasExists]);
    expect(a.body.messages[0].field).toBe('router_alias');
    expect(clash.id).toBeGreaterThan(0);
    const cleared = await u.post<Tale>(`/tale/upsert/${t.id}`, { router_alias: '' });
    expect(cleared.body.data.router_alias).toBe('');
    expect((await other.post<Tale>(`/tale/upsert/${t3.id}`, { router_alias: alias })).body.data.router_alias).toBe(alias);
  });
});

describe('visibility', () => {
  it('hides drafts and scheduled posts from others and the public feed, but shows them to their owner and staff', async () => {
    const u = await registered(app);
    const draft = await write(u, { header: 'Draft one', is_draft: 1 });
    const scheduled = await write(u, { header: 'Scheduled one', publish_at: now() + 86400 });
    const published = await write(u, { header: 'Published one' });
    const other = await registered(app);
    for (const c of [visitor(), other]) {
      expect((await c.get(`/tale/upsert/${draft.id}`)).status).toBe(404);
      expect((await c.get(`/tale/upsert/${scheduled.id}`)).status).toBe(404);
      const own = ids(await feed(c, `owner=${u.id}`));
      expect(own).toEqual([published.id]);
      const all = ids(await feed(c));
      expect(all).toContain(published.id);
      expect(all).not.toContain(draft.id);
      expect(all).not.toContain(scheduled.id);
    }
    for (const c of [u, moderator, admin]) {
      expect((await c.get(`/tale/upsert/${draft.id}`)).status).toBe(200);
      expect(ids(await feed(c, `owner=${u.id}`)).sort()).toEqual([draft.id, scheduled.id, published.id].sort());
      expect(ids(await feed(c))).not.toContain(draft.id); // the public feed stays public
    }
  });

  it('shows is_for_registered tales only to logged-in readers (visitor 401 on the tale)', async () => {
    const u = await registered(app);
    const members = await write(u, { header: 'Members only', is_for_registered: 1 });
    const a = await visitor().get(`/tale/upsert/${members.id}`);
    expect(a.status).toBe(401);
    expect(templatesOf(a)).toEqual([MSG.loginFirst]);
    expect(ids(await feed(visitor()))).not.toContain(members.id);
    const other = await registered(app);
    expect((await other.get(`/tale/upsert/${members.id}`)).status).toBe(200);
    expect(ids(await feed(other))).toContain(members.id);
  });
});

describe('the feed', () => {
  it('puts sticky tales first, then newest first, and pages with real numbers', async () => {
    const fresh = await startApp();
    try {
      const boss = await registered(fresh);
      const writer = await registered(fresh);
      const c = new Client(fresh.url);
      const made: Tale[] = [];
      for (let i = 0; i < 25; i++) made.push(await write(writer, { header: `Tale ${i}`, publish_at: 1_600_000_000 + i * 60 }));
      await boss.post(`/tale/upsert/${made[3].id}`, { is_sticked: 1 });
      const p1 = await c.get<Feed>('/tale/feed/10/1?isAjax=1');
      expect(p1.body.meta.tale).toEqual({ pageCurrentNumber: 1, pageSize: 10, rowsTotal: 25, pagesTotal: 3 } satisfies Pagination);
      expect(p1.body.data.tale[0].id).toBe(made[3].id);
      expect(p1.body.data.tale.slice(1, 4).map((t) => t.header)).toEqual(['Tale 24', 'Tale 23', 'Tale 22']);
      const p3 = await c.get<Feed>('/tale/feed/10/3');
      expect(p3.body.data.tale).toHaveLength(5);
      expect(p3.body.data.tale.at(-1)?.header).toBe('Tale 0');
      const past = await c.get<Feed>('/tale/feed/10/99');
      expect(past.body.meta.tale).toMatchObject({ pageCurrentNumber: 3 });
      const last = await c.get<Feed>('/tale/feed/10/last');
      expect(last.body.meta.tale).toMatchObject({ pageCurrentNumber: 3 });
      const big = await c.get<Feed>('/tale/feed/101/1');
      expect(big.body.meta.alina_response_success).toBe(0);
      expect(big.body.messages[0].field).toBe('pageSize');
    } finally {
      await fresh.close();
    }
  });

  // every way a search can take (search-plan.ts) and the memory search (memory-search.ts) find the same tales in the same order
  it.each([
    ['strategy auto', { SEARCH_STRATEGY: 'auto' }],
    ['strategy index', { SEARCH_STRATEGY: 'index' }],
    ['strategy feed', { SEARCH_STRATEGY: 'feed' }],
    ['engine memory', { SEARCH_ENGINE: 'memory' }],
  ])(
    'finds by words in Russian and English, case-insensitively, by prefix, by author name and by hashtag (search %s)',
    async (_name, env: Record<string, string>) => {
      const fresh = await startApp(env);
      const memory = memorySearchOf(fresh.deps);
      if (env.SEARCH_ENGINE === 'memory') {
        await memory?.whenReady();
        expect(memory?.index()).toBeDefined();
      } else expect(memory).toBeUndefined();
      try {
        await registered(fresh);
        const u = await registered(fresh);
        await u.post('/auth/profile', { id: u.id, firstname: 'Зинаида', lastname: 'Quill' });
        const ru = await write(u, { header: 'Весенний ЛЕС', body: '<p>Шумит берёзовая роща #весна_2024</p>' });
        const en = await write(u, { header: 'Autumn Harbour', body: '<p>Ships and gulls #Sea-Life</p>' });
        const other = await registered(fresh);
        const third = await write(other, { header: 'Unrelated', body: '<p>Nothing here #sea</p>' });
        const c = new Client(fresh.url);
        const q = async (txt: string) => ids(await c.get<Feed>(`/tale/feed/10/1?txt=${encodeURIComponent(txt)}`));
        expect(await q('лес')).toEqual([ru.id]);
        expect(await q('ЛЕС весенний')).toEqual([ru.id]);
        expect(await q('березовая')).toEqual([ru.id]); // ё and е
        expect(await q('рощ')).toEqual([ru.id]); // prefix while typing
        expect(await q('harbour')).toEqual([en.id]);
        expect(await q('GULLS')).toEqual([en.id]);
        expect(await q('зинаида')).toEqual([en.id, ru.id]);
        expect(await q('quill ships')).toEqual([en.id]);
        expect(await q('#весна_2024')).toEqual([ru.id]);
        expect(await q('#sea-life')).toEqual([en.id]);
        expect(await q('#sea')).toEqual([third.id]);
        // no hashtag starts with é (spec section 5): the word is searched, not the whole feed shown
        const fr = await write(other, { header: 'Un été', body: '<p>À Paris #été #café</p>' });
        expect(await q('#été')).toEqual([fr.id]);
        expect(await q('#café')).toEqual([fr.id]);
        expect(await q('#éte')).toEqual([]);
        expect(await q('nomatchatall')).toEqual([]);
        const none = await c.get<Feed>('/tale/feed/10/1?txt=nomatchatall');
        expect(none.body.meta.tale).toEqual({ pageCurrentNumber: 1, pageSize: 10, rowsTotal: 0, pagesTotal: 1 });
        expect(await q("'); drop table tales; --")).toEqual([]);
        // Who may see what: a registered-only post only the signed-in; a draft and a post scheduled
        // for tomorrow, nobody (by words, by a hashtag and words, and by no match).
        const open = await write(other, { header: 'Lantern open', body: '<p>lantern light #glow</p>' });
        const members = await write(other, { header: 'Lantern members', body: '<p>lantern light #glow</p>', is_for_registered: 1 });
        await write(other, { header: 'Lantern draft', body: '<p>lantern light #glow</p>', is_draft: 1 });
        await write(other, { header: 'Lantern later', body: '<p>lantern light #glow</p>', publish_at: now() + 86400 });
        const reader = await registered(fresh);
        const asReader = async (txt: string) => ids(await reader.get<Feed>(`/tale/feed/10/1?txt=${encodeURIComponent(txt)}`));
        for (const txt of ['lantern lig', '#glow lantern', 'LIGHT lantern']) {
          expect(await q(txt)).toEqual([open.id]);
          expect(await asReader(txt)).toEqual([members.id, open.id]);
        }
        expect((await c.get<Feed>('/tale/feed/10/1?txt=lantern')).body.meta.tale).toMatchObject({ rowsTotal: 1 });
        expect((await reader.get<Feed>('/tale/feed/10/1?txt=lantern')).body.meta.tale).toMatchObject({ rowsTotal: 2 });
        // a rename reaches the search
        await u.post('/auth/profile', { id: u.id, firstname: 'Евдокия' });
        expect(await q('зинаида')).toEqual([]);
        expect(await q('евдокия')).toEqual([en.id, ru.id]);
      } finally {
        await fresh.close();
      }
    },
  );

  it('is shared between readers, yet shows every write at once and each reader their own likes', async () => {
    const fresh = await startApp();
    try {
      await registered(fresh);
      const writer = await registered(fresh);
      const reader = await registered(fresh);
      const c = new Client(fresh.url);
      const first = await write(writer, { header: 'First' });
      expect(ids(await feed(c))).toEqual([first.id]);
      const second = await write(writer, { header: 'Second' });
      expect(ids(await feed(c))).toEqual([second.id, first.id]);
      expect(ids(await feed(c, 'txt=second'))).toEqual([second.id]);
      await reader.post('/like/process', { ref_table: 'tale', ref_id: first.id, val: 1 });
      const seen = async (who: Client) => (await feed(who)).body.data.tale.find((t) => t.id === first.id);
      expect(await seen(c)).toMatchObject({ count_like: 1, current_user_liked: 0 });
      expect(await seen(reader)).toMatchObject({ count_like: 1, current_user_liked: 1 });
      expect(await seen(writer)).toMatchObject({ count_like: 1, current_user_liked: 0 });
      await reader.post('/tale/upsert', { answer_to_tale_id: first.id, body: '<p>Nice</p>' });
      expect(await seen(c)).toMatchObject({ count_answer_to_tale_id: 1, count_root_tale_id: 1 });
      // a logged-in reader's page is written once for all who liked the same tales of it: it moves too
      expect(await seen(writer)).toMatchObject({ count_answer_to_tale_id: 1, current_user_liked: 0 });
      expect(await seen(reader)).toMatchObject({ count_answer_to_tale_id: 1, current_user_liked: 1 });
      await writer.post(`/tale/upsert/${second.id}`, { header: 'Second, renamed' });
      expect((await feed(c)).body.data.tale[0].header).toBe('Second, renamed');
      expect((await feed(writer)).body.data.tale[0].header).toBe('Second, renamed');
      expect((await feed(reader)).body.CurrentUser.id).toBe(reader.id);
      expect((await feed(writer)).body.CurrentUser.id).toBe(writer.id);
      await writer.post(`/tale/delete/${second.id}`, { form_id: 'actionDelete' });
      const after = await feed(c);
      expect(ids(after)).toEqual([first.id]);
      expect(after.body.meta.tale).toMatchObject({ rowsTotal: 1 });
      expect(ids(await feed(c, 'txt=second'))).toEqual([]);
      // Visitors' answers are kept whole (the tale page and comment lists too), yet move with writes.
      const page = async () => (await c.get<Tale>(`/tale/upsert/${first.id}`)).body.data;
      const thread = async () => (await c.get<{ tale: Tale[] }>(`/tale/feed/10/1/${first.id}`)).body.data.tale.map((t) => t.body);
      expect((await page()).header).toBe('First');
      expect(await thread()).toEqual(['<p>Nice</p>']);
      await writer.post(`/tale/upsert/${first.id}`, { header: 'First, renamed' });
      await writer.post('/tale/upsert', { answer_to_tale_id: first.id, body: '<p>Thanks</p>' });
      expect((await page()).header).toBe('First, renamed');
      expect(await thread()).toEqual(['<p>Nice</p>', '<p>Thanks</p>']);
      // A like drops every answer that shows the tale, however it was asked for (by id, by alias,
      // in a list, a comment under it), and only those: see caches.unit.test.ts.
      const aliased = await write(writer, { header: 'Aliased', router_alias: `aliased-${Date.now()}` });
      const byAlias = async () => (await c.get<Tale>(`/tale/upsert/${aliased.router_alias}`)).body.data.count_like;
      const inList = async () => (await feed(c)).body.data.tale.find((t) => t.id === aliased.id)?.count_like;
      expect([await byAlias(), await inList(), (await page()).count_like]).toEqual([0, 0, 1]);
      await reader.post('/like/process', { ref_table: 'tale', ref_id: aliased.id, val: 1 });
      expect([await byAlias(), await inList(), (await page()).count_like]).toEqual([1, 1, 1]);
      const [comment] = (await c.get<{ tale: Tale[] }>(`/tale/feed/10/1/${first.id}`)).body.data.tale;
      await writer.post('/like/process', { ref_table: 'tale', ref_id: comment.id, val: 1 });
      expect((await c.get<{ tale: Tale[] }>(`/tale/feed/10/1/${first.id}`)).body.data.tale[0].count_like).toBe(1);
      // Each logged-in reader still gets an answer of their own.
      const mine = await reader.get(`/tale/upsert/${first.id}`);
      expect(mine.body.CurrentUser.id).toBe(reader.id);
      expect((await c.get(`/tale/upsert/${first.id}`)).body.CurrentUser.id).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});

describe('current_user_liked under concurrent readers', () => {
  it('gives each of many readers asking at once their own likes (their lookups share round trips)', async () => {
    const writer = await registered(app);
    const tales = [];
    for (let i = 0; i < 4; i++) tales.push(await write(writer, { header: `Liked by some ${i}` }));
    const readers = await Promise.all(Array.from({ length: 6 }, () => registered(app)));
    // Reader k likes the tales whose index is below k % 5.
    for (const [k, r] of readers.entries())
      for (const t of tales.slice(0, k % 5)) await r.post('/like/process', { ref_table: 'tale', ref_id: t.id, val: 1 });
    const pages = await Promise.all(readers.map((r) => feed(r, `owner=${writer.id}`)));
    for (const [k, page] of pages.entries()) {
      const liked = page.body.data.tale.filter((t) => t.current_user_liked === 1).map((t) => t.id);
      expect(liked.sort()).toEqual(
        tales
          .slice(0, k % 5)
          .map((t) => t.id)
          .sort(),
      );
    }
  });
});

describe('totals at scale', () => {
  it("counts the feed exactly past FEED_COUNT_CAP; only a search within an author's posts stops counting there", async () => {
    const fresh = await startApp({ FEED_COUNT_CAP: '12' });
    try {
      await registered(fresh);
      const w = await registered(fresh);
      for (let i = 0; i < 15; i++) await write(w, { header: `Capped ${i}`, publish_at: 1_600_000_000 + i });
      const c = new Client(fresh.url);
      const p1 = await c.get<Feed>('/tale/feed/5/1');
      expect(p1.body.meta.tale).toEqual({ pageCurrentNumber: 1, pageSize: 5, rowsTotal: 15, pagesTotal: 3 });
      const past = await c.get<Feed>('/tale/feed/5/9');
      expect(past.body.meta.tale).toMatchObject({ pageCurrentNumber: 3 });
      expect(past.body.data.tale.map((t) => t.header)).toEqual(['Capped 4', 'Capped 3', 'Capped 2', 'Capped 1', 'Capped 0']);
      const own = await c.get<Feed>(`/tale/feed/5/1?owner=${w.id}`);
      expect(own.body.meta.tale).toMatchObject({ rowsTotal: 15 });
      const within = await c.get<Feed>(`/tale/feed/5/1?owner=${w.id}&txt=capped`);
      expect(within.body.meta.tale).toMatchObject({ rowsTotal: 12, pagesTotal: 3 });
      const few = await c.get<Feed>('/tale/feed/5/1?txt=capped%2014');
      expect(few.body.meta.tale).toMatchObject({ rowsTotal: 1 });
    } finally {
      await fresh.close();
    }
  });
});

describe('delete', () => {
  it('removes the tale and its alias for everyone', async () => {
    const u = await registered(app);
    const alias = `gone-${Date.now()}`;
    const t = await write(u, { router_alias: alias });
    const a = await u.post(`/tale/delete/${t.id}`, { form_id: 'actionDelete' });
    expect(templatesOf(a)).toEqual([MSG.deleted]);
    expect((await u.get(`/tale/upsert/${t.id}`)).status).toBe(404);
    expect((await u.get(`/tale/upsert/${alias}`)).status).toBe(404);
    expect(ids(await feed(u, `owner=${u.id}`))).not.toContain(t.id);
    const reuse = await write(u, { router_alias: alias });
    expect(reuse.router_alias).toBe(alias);
  });
});

describe('stored XSS', () => {
  it(`makes ${XSS_PAYLOADS.length} payloads harmless in body and header`, async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    const u = await registered(app);
    const draft = await u.get<Tale>('/tale/upsert');
    for (const payload of XSS_PAYLOADS) {
      const a = await u.post<Tale>('/tale/upsert', { id: draft.body.data.id, header: `H ${payload}`, body: `<p>ok</p>${payload}` });
      expect(a.body.meta.alina_response_success).toBe(1);
      const stored = (await u.get<Tale>(`/tale/upsert/${draft.body.data.id}`)).body.data;
      for (const bad of DANGEROUS) {
        expect(stored.body, `${payload} -> ${stored.body}`).not.toMatch(bad);
      }
      expect(stored.header, `${payload} -> ${stored.header}`).not.toMatch(/<[a-z!/?]/i);
      expect(stored.body).toContain('<p>ok</p>');
    }
  });

  it('keeps what the editor makes', async () => {
    const u = await registered(app);
    const html =
      '<h2>Title</h2><p style="text-align: center; margin-left: 20%">Centred <span style="color: #ff0000; background-color: #ffff00; font-size: 18px">marked</span> <u>u</u> <s>s</s> <sub>2</sub><sup>3</sup> <code>c</code></p>' +
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked="checked"></label><div><p>done</p></div></li></ul>' +
      '<pre><code class="language-js">let x = 1;</code></pre><table><tbody><tr><th>h</th></tr><tr><td>d</td></tr></tbody></table>' +
      '<p><a href="https://example.com" target="_blank">link</a> <img src="https://example.com/a.png" alt="a"></p><video controls src="https://example.com/v.mp4"></video><audio controls src="/files/a/b.mp3"></audio>';
    const t = await write(u, { body: html });
    for (const piece of [
      '<h2>',
      'text-align:center',
      'margin-left:20%',
      'color:#ff0000',
      'background-color:#ffff00',
      'font-size:18px',
      '<u>',
      '<s>',
      '<sub>',
      '<sup>',
      'data-type="taskList"',
      'data-checked="true"',
      'type="checkbox"',
      'class="language-js"',
      '<table>',
      '<th>',
      'rel="noopener nofollow ugc"',
      'target="_blank"',
      '<img src="https://example.com/a.png"',
      '<video controls',
      '<audio controls src="/files/a/b.mp3"',
    ]) {
      expect(t.body.replace(/: /g, ':')).toContain(piece);
    }
  });
});
