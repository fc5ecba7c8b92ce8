import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tale } from '../../../common/schemas/tale';
import { createEventBus } from '../../events';
import { seededInts } from '../../test/random';
import { Client, DB_KIND, type TestApp, type TestSite, registered, startApp, startSite, writeTale } from '../../test/harness';
import { type MemorySearch, answeringIndex, createMemorySearch, memorySearchOf, readTales, searchInMemory } from './memory-search';
import { parseSearch } from './search';
import { selectVisibleTalesByIds, visibleTaleIds } from './queries';

type Feed = { tale: Tale[] };
const now = () => Math.floor(Date.now() / 1000);
const silent = { info() {}, warn() {}, error() {} } as never;

/** Every id a search answers (all pages) and its total, through the API. */
async function searchAll(c: Client, txt: string): Promise<{ ids: number[]; total: number }> {
  const first = await c.get<Feed>(`/tale/feed/100/1?txt=${encodeURIComponent(txt)}`);
  const meta = first.body.meta.tale as { rowsTotal: number; pagesTotal: number };
  const ids = first.body.data.tale.map((t) => t.id);
  for (let p = 2; p <= meta.pagesTotal; p++)
    ids.push(...(await c.get<Feed>(`/tale/feed/100/${p}?txt=${encodeURIComponent(txt)}`)).body.data.tale.map((t) => t.id));
  return { ids, total: meta.rowsTotal };
}

const WORDS = [
  'лес',
  'лесной',
  'лёд',
  'берег',
  'harbour',
  'harbours',
  'sea',
  'seal',
  'season',
  'sun',
  'сон',
  'сова',
  '2024',
  'v1',
  'naïve',
];
const TAGS = ['весна', 'sea', 'sea-life', 'art'];

describe('the memory search (SEARCH_ENGINE=memory)', () => {
  describe('read from the database at start', () => {
    let app: TestApp;
    let engine: MemorySearch;
    let reader: Client;
    beforeAll(async () => {
      // tales written through the database's search, then an index read from what they left
      app = await startApp();
      const admin = await registered(app);
      const authors = [await registered(app), await registered(app), await registered(app)];
      await authors[0].post('/auth/profile', { id: authors[0].id, firstname: 'Зинаида', lastname: 'Quill' });
      // seeded: the same corpus every run
      const next = seededInts(7);
      for (let i = 0; i < 70; i++) {
        const words = Array.from({ length: 1 + next(4) }, () => WORDS[next(WORDS.length)]);
        const tags = Array.from({ length: next(3) }, () => `#${TAGS[next(TAGS.length)]}`);
        const t = await writeTale(authors[next(3)], {
          header: words.slice(0, 2).join(' '),
          body: `<p>${words.slice(2).join(' ')} ${tags.join(' ')}</p>`,
          is_for_registered: next(5) === 0 ? 1 : 0,
          is_draft: next(12) === 0 ? 1 : 0,
          // several in the same second, some scheduled for tomorrow, some backdated
          publish_at: next(8) === 0 ? now() + 86_400 : next(6) === 0 ? now() - next(10) * 86_400 : now() - next(3),
        });
        if (next(15) === 0) await admin.post(`/tale/upsert/${t.id}`, { is_sticked: 1 });
      }
      reader = await registered(app);
      engine = createMemorySearch({ db: app.deps.db, events: createEventBus(), log: silent });
      await engine.whenReady();
    });
    afterAll(async () => {
      engine?.close();
      await app?.close();
    });

    it('finds what the database finds, in the same order, with the same totals, for visitors and readers', async () => {
      const index = engine.index();
      expect(index).toBeDefined();
      const queries = [
        'лес',
        'ле',
        'ЛЁД',
        'лед',
        'лес берег',
        'берег ле',
        'harbour',
        'harbour s',
        'sea',
        'se',
        'sun sea',
        '#sea',
        '#sea-life',
        '#весна сов',
        '#art #sea',
        '2024',
        '20',
        'v1',
        'naïve',
        '#naïve',
        '#été',
        'naï',
        'зинаида',
        'quill se',
        's',
        'nomatchatall',
        'sea nomatch',
        '#nomatch',
      ];
      let compared = 0;
      for (const txt of queries) {
        const terms = parseSearch(txt);
        if (!terms) throw new Error(txt);
        for (const [who, signedIn] of [
          [new Client(app.url), false],
          [reader, true],
        ] as const) {
          const want = await searchAll(who, txt);
          const got = searchInMemory(index!, terms, { signedIn, now: now() }, () => ({ offset: 0, limit: 10_000 }));
          expect({ ids: got.ids, total: got.total }, `${txt} (${signedIn ? 'reader' : 'visitor'})`).toEqual(want);
          if (want.total) compared++;
        }
      }
      // the corpus is not empty for most of them
      expect(compared).toBeGreaterThan(30);
    });
  });

  describe('on a server that keeps it', () => {
    let app: TestApp;
    let admin: Awaited<ReturnType<typeof registered>>;
    beforeAll(async () => {
      app = await startApp({ SEARCH_ENGINE: 'memory', FEED_CACHE_MS: '60000' });
      admin = await registered(app);
      await memorySearchOf(app.deps)?.whenReady();
    });
    afterAll(async () => app?.close());

    const found = async (c: Client, txt: string) => (await searchAll(c, txt)).ids;

    it('answers from memory, and shows every write to the writer at once', async () => {
      const visitor = new Client(app.url);
      const u = await registered(app);
      const t = await writeTale(u, { header: 'Quokka sunrise', body: '<p>#marsupial dawn</p>' });
      expect(memorySearchOf(app.deps)?.index()?.has(t.id)).toBe(true);
      expect((await fetch(`${app.url}/healthz`).then((r) => r.json())).search).toBe('memory');
      expect(await found(visitor, 'quokka')).toEqual([t.id]);
      expect(await found(visitor, '#marsupial quok')).toEqual([t.id]);
      // edited: found by its new words only
      await u.post('/tale/upsert', { ...t, header: 'Wombat sunset', form_id: 'actionUpsert' });
      expect(await found(visitor, 'quokka')).toEqual([]);
      expect(await found(visitor, 'wombat')).toEqual([t.id]);
      // members only: readers only
      await u.post('/tale/upsert', { ...t, header: 'Wombat sunset', is_for_registered: 1, form_id: 'actionUpsert' });
      expect(await found(visitor, 'wombat')).toEqual([]);
      expect(await found(u, 'wombat')).toEqual([t.id]);
      // a draft: nobody
      await u.post('/tale/upsert', { ...t, header: 'Wombat sunset', is_draft: 1, form_id: 'actionUpsert' });
      expect(await found(u, 'wombat')).toEqual([]);
      // published again, for tomorrow: nobody yet
      await u.post('/tale/upsert', { ...t, header: 'Wombat sunset', is_draft: 0, publish_at: now() + 86_400, form_id: 'actionUpsert' });
      expect(await found(u, 'wombat')).toEqual([]);
      await u.post('/tale/upsert', { ...t, header: 'Wombat sunset', is_draft: 0, publish_at: now() - 60, form_id: 'actionUpsert' });
      expect(await found(visitor, 'wombat')).toEqual([t.id]);
      // the author's names find it, and a rename moves that
      await u.post('/auth/profile', { id: u.id, firstname: 'Ферапонт' });
      expect(await found(visitor, 'ферапонт wombat')).toEqual([t.id]);
      await u.post('/auth/profile', { id: u.id, firstname: 'Евлампий' });
      expect(await found(visitor, 'ферапонт')).toEqual([]);
      expect(await found(visitor, 'евлампий')).toEqual([t.id]);
      // deleted: gone
      const other = await writeTale(u, { header: 'Wombat again' });
      expect(await found(visitor, 'wombat')).toEqual([other.id, t.id]);
      expect((await u.post(`/tale/delete/${t.id}`, {})).body.meta.alina_response_success).toBe(1);
      expect(await found(visitor, 'wombat')).toEqual([other.id]);
      expect(memorySearchOf(app.deps)?.index()?.has(t.id)).toBe(false);
      // the account removed: its tales with it
      expect((await admin.post(`/auth/UserDelete/${u.id}`, {})).body.meta.alina_response_success).toBe(1);
      expect(await found(visitor, 'wombat')).toEqual([]);
      expect(memorySearchOf(app.deps)?.index()?.talesOf(u.id)).toEqual([]);
    });

    it('shows each tale as it is now, though its row is kept between searches', async () => {
      const u = await registered(app);
      const reader = await registered(app);
      const visitor = new Client(app.url);
      const t = await writeTale(u, { header: 'Capybara meadow', body: '<p>first text</p>' });
      // each look is a page not asked for before (another page size), so only the rows can be kept
      let size = 10;
      const look = async (c: Client) => {
        const r = await c.get<Feed>(`/tale/feed/${size++}/1?txt=capybara`);
        expect(r.body.data.tale.map((x) => x.id)).toEqual([t.id]);
        return r.body.data.tale[0];
      };
      const first = await look(visitor);
      expect(first).toMatchObject({ header: 'Capybara meadow', count_like: 0, current_user_liked: 0 });
      // the row was kept, and is what the next pages show
      expect(app.deps.caches.searchRows.peek(String(t.id))?.header).toBe('Capybara meadow');
      expect(await look(new Client(app.url))).toEqual(first);
      // liked
      expect(
        (await reader.post('/like/process', { ref_table: 'tale', ref_id: String(t.id), val: '1', form_id: 'actionProcess' })).status,
      ).toBe(200);
      expect(await look(visitor)).toMatchObject({ count_like: 1, current_user_liked: 0 });
      expect(await look(reader)).toMatchObject({ count_like: 1, current_user_liked: 1 });
      expect(await look(u)).toMatchObject({ count_like: 1, current_user_liked: 0 });
      // commented under
      const c = await reader.post<Tale>('/tale/upsert', {
        answer_to_tale_id: t.id,
        type: 'COMMENT',
        body: '<p>Hi</p>',
        form_id: 'actionCommentAdd',
      });
      expect(c.body.meta.alina_response_success).toBe(1);
      expect((await look(visitor)).count_root_tale_id).toBe(first.count_root_tale_id + 1);
      // the author renamed
      await u.post('/auth/profile', { id: u.id, firstname: 'Агриппина' });
      expect((await look(visitor)).owner_firstname).toBe('Агриппина');
      // edited
      await u.post('/tale/upsert', { ...t, body: '<p>second text</p>', form_id: 'actionUpsert' });
      expect((await look(visitor)).body).toContain('second text');
      expect((await look(reader)).body).toContain('second text');
    });

    it('asks who may see what for many searches at once, and answers each reader for who they are', async () => {
      const u = await registered(app);
      const open = await writeTale(u, { header: 'Ibex ridge open' });
      const members = await writeTale(u, { header: 'Ibex ridge members', is_for_registered: 1 });
      const visitor = new Client(app.url);
      // the rows are kept by a first search of each kind of reader
      expect(await found(visitor, 'ibex')).toEqual([open.id]);
      expect(await found(u, 'ibex')).toEqual([members.id, open.id]);
      expect(app.deps.caches.searchRows.peek(String(members.id))).toBeDefined();
      // then 60 searches at once, visitors and readers in turn, each a page not asked for before
      const answers = await Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          const c = i % 2 ? u : visitor;
          const r = await c.get<Feed>(`/tale/feed/${20 + i}/1?txt=ibex%20ri`);
          return { reader: c === u, ids: r.body.data.tale.map((t) => t.id), total: (r.body.meta.tale as { rowsTotal: number }).rowsTotal };
        }),
      );
      for (const a of answers) {
        if (a.reader) expect(a).toEqual({ reader: true, ids: [members.id, open.id], total: 2 });
        else expect(a).toEqual({ reader: false, ids: [open.id], total: 1 });
      }
    });

    it('answers asks of who may see what made together, each for its own reader and time', async () => {
      const u = await registered(app);
      const open = await writeTale(u, { header: 'Serow open' });
      const members = await writeTale(u, { header: 'Serow members', is_for_registered: 1 });
      const later = await writeTale(u, { header: 'Serow later', publish_at: now() + 3_600 });
      const draft = await writeTale(u, { header: 'Serow draft', is_draft: 1 });
      const all = [open.id, members.id, later.id, draft.id, 999_999_999];
      const { db } = app.deps;
      // asked in one turn of the event loop: one batch for all of them
      const [visitorNow, readerNow, readerLater, visitorLater] = await Promise.all([
        visibleTaleIds(db, all, { signedIn: false, now: now() }),
        visibleTaleIds(db, all, { signedIn: true, now: now() }),
        visibleTaleIds(db, all, { signedIn: true, now: now() + 7_200 }),
        visibleTaleIds(db, [later.id, members.id], { signedIn: false, now: now() + 7_200 }),
      ]);
      expect([...visitorNow]).toEqual([open.id]);
      expect([...readerNow].sort()).toEqual([open.id, members.id].sort());
      expect([...readerLater].sort()).toEqual([open.id, members.id, later.id].sort());
      expect([...visitorLater]).toEqual([later.id]);
      expect([...(await visibleTaleIds(db, [], { signedIn: true, now: now() }))]).toEqual([]);
      // the rows of a page not kept are read together the same way, each in its page's order
      const rowIds = async (ids: number[], reader: { signedIn: boolean; now: number }) =>
        (await selectVisibleTalesByIds(db, ids, reader)).map((r) => r.id);
      const rows = await Promise.all([
        rowIds(all, { signedIn: false, now: now() }),
        rowIds([...all].reverse(), { signedIn: true, now: now() }),
        rowIds(all, { signedIn: true, now: now() + 7_200 }),
        rowIds([later.id, members.id, open.id], { signedIn: false, now: now() + 7_200 }),
      ]);
      expect(rows).toEqual([[open.id], [members.id, open.id], [open.id, members.id, later.id], [later.id, open.id]]);
      const row = (await selectVisibleTalesByIds(db, [open.id], { signedIn: false, now: now() }))[0];
      expect({ id: row.id, header: row.header, owner: row.owner_id }).toEqual({ id: open.id, header: 'Serow open', owner: u.id });
    });

    it('never shows a tale the reader may not see now, even when the index is a moment behind', async () => {
      const u = await registered(app);
      const t = await writeTale(u, { header: 'Tapir hidden' });
      expect(await found(new Client(app.url), 'tapir')).toEqual([t.id]);
      // changed behind the app's back: no event, so the index still has it as open to all
      await app.deps.db.execute(sql`update tales set is_for_registered = 1 where id = ${t.id}`);
      expect(memorySearchOf(app.deps)?.index()?.has(t.id)).toBe(true);
      expect(await found(new Client(app.url), 'tapir hid')).toEqual([]);
      expect(await found(u, 'tapir hidd')).toEqual([t.id]);
      await app.deps.db.execute(sql`update tales set is_draft = 1 where id = ${t.id}`);
      expect(await found(u, 'tapir hidde')).toEqual([]);
    });

    it('reads a saved tale again before the lists that show it are dropped', async () => {
      const u = await registered(app);
      const told: string[] = [];
      const off = app.deps.events.subscribe((e) => {
        told.push(e.type);
      });
      try {
        await writeTale(u, { header: 'Order of events' });
      } finally {
        off();
      }
      expect(told.indexOf('tale.saved')).toBeGreaterThanOrEqual(0);
      expect(told.indexOf('tale.saved')).toBeLessThan(told.indexOf('lists.changed'));
    });

    it('keeps the last of many edits of one tale made at once', async () => {
      const u = await registered(app);
      const t = await writeTale(u, { header: 'Edited at once' });
      const words = Array.from({ length: 16 }, (_, i) => `ravel${String.fromCharCode(97 + i)}x`);
      await Promise.all(words.map((w) => u.post('/tale/upsert', { ...t, header: w, form_id: 'actionUpsert' })));
      const last = (await u.get<Tale>(`/tale/upsert/${t.id}`)).body.data.header;
      expect(words).toContain(last);
      for (const w of words) expect(await found(u, w), w).toEqual(w === last ? [t.id] : []);
      expect((await searchAll(u, 'ravel')).total).toBe(1);
    });

    it('is read again whole when a server may have missed events, the database answering meanwhile', async () => {
      const u = await registered(app);
      const t = await writeTale(u, { header: 'Pangolin night' });
      const engine = memorySearchOf(app.deps);
      await app.deps.events.deliver([{ type: 'feed.changed' }]);
      // while it is read again the database answers, with the same result
      expect(await found(new Client(app.url), 'pangolin')).toEqual([t.id]);
      await engine?.whenReady();
      expect(engine?.index()?.has(t.id)).toBe(true);
      expect(await found(new Client(app.url), 'pangol')).toEqual([t.id]);
    });

    it('answers a search that touches many tales exactly, any page', async () => {
      const u = await registered(app);
      const made: number[] = [];
      for (let i = 0; i < 25; i++) made.push((await writeTale(u, { header: `Common tale ${i}`, publish_at: 1_700_000_000 + i })).id);
      const page = async (p: number | 'last') => (await new Client(app.url).get<Feed>(`/tale/feed/10/${p}?txt=common`)).body;
      const first = await page(1);
      expect(first.meta.tale).toEqual({ pageCurrentNumber: 1, pageSize: 10, rowsTotal: 25, pagesTotal: 3 });
      expect(first.data.tale.map((x) => x.id)).toEqual(made.slice(15).reverse());
      const last = await page('last');
      expect(last.meta.tale).toMatchObject({ pageCurrentNumber: 3 });
      expect(last.data.tale.map((x) => x.id)).toEqual(made.slice(0, 5).reverse());
      expect((await page(99)).meta.tale).toMatchObject({ pageCurrentNumber: 3 });
    });
  });

  describe('when a read races a later change of the same tale', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startApp();
    });
    afterAll(async () => app?.close());

    /** An engine on the app's database whose next read of `which` kind is read at once but answered only when `release` is called. */
    function heldEngine(kind: 'after' | 'ids') {
      const events = createEventBus();
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let readStarted!: () => void;
      const started = new Promise<void>((r) => (readStarted = r));
      let held = false;
      const engine = createMemorySearch({
        db: app.deps.db,
        events,
        log: silent,
        read: async (db, which) => {
          const rows = await readTales(db, which);
          if (!held && kind in which && !('after' in which && which.after > 0)) {
            held = true;
            readStarted();
            await released;
          }
          return rows;
        },
      });
      return { engine, events, release, started };
    }
    const ids = (engine: MemorySearch, txt: string) =>
      searchInMemory(engine.index()!, parseSearch(txt)!, { signedIn: false, now: now() }, () => ({ offset: 0, limit: 100 })).ids;

    it("is not answered from while the event relay is cut off (it may miss other servers' writes)", async () => {
      const events = createEventBus();
      const engine = createMemorySearch({ db: app.deps.db, events, log: silent });
      try {
        await engine.whenReady();
        expect(answeringIndex({ events })).toBe(engine.index());
        expect(answeringIndex({ events, relay: { up: true } })).toBe(engine.index());
        expect(answeringIndex({ events, relay: { up: false } })).toBeUndefined();
      } finally {
        engine.close();
      }
    });

    it('keeps the newer change when an older read of a tale comes back after it', async () => {
      const u = await registered(app);
      const t = await writeTale(u, { header: 'Aardvark morning' });
      const { engine, events, release, started } = heldEngine('ids');
      try {
        await engine.whenReady();
        // the first read sees the tale as it was, and is held
        const first = events.deliver([{ type: 'tale.saved', taleId: t.id }]);
        await started;
        await u.post('/tale/upsert', { ...t, header: 'Bushbaby evening', form_id: 'actionUpsert' });
        await events.deliver([{ type: 'tale.saved', taleId: t.id }]);
        expect(ids(engine, 'bushbaby')).toEqual([t.id]);
        release();
        await first;
        expect(ids(engine, 'bushbaby')).toEqual([t.id]);
        expect(ids(engine, 'aardvark')).toEqual([]);
      } finally {
        engine.close();
      }
    });

    it('keeps a change made while the index was being read whole', async () => {
      const u = await registered(app);
      const t = await writeTale(u, { header: 'Capybara noon' });
      const gone = await writeTale(u, { header: 'Echidna gone' });
      const { engine, events, release, started } = heldEngine('after');
      try {
        // the first batch has the tale as it was, and is held while the tale changes and that change is read
        await started;
        await u.post('/tale/upsert', { ...t, header: 'Dugong dusk', form_id: 'actionUpsert' });
        await events.deliver([{ type: 'tale.saved', taleId: t.id }]);
        await u.post(`/tale/delete/${gone.id}`, {});
        await events.deliver([{ type: 'tale.deleted', taleId: gone.id }]);
        release();
        await engine.whenReady();
        expect(ids(engine, 'dugong')).toEqual([t.id]);
        expect(ids(engine, 'capybara')).toEqual([]);
        expect(ids(engine, 'echidna')).toEqual([]);
      } finally {
        engine.close();
      }
    });
  });

  describe.runIf(DB_KIND === 'postgres')('on several servers', () => {
    let site: TestSite;
    beforeAll(async () => {
      site = await startSite(2, { SEARCH_ENGINE: 'memory', FEED_CACHE_MS: '60000' });
      for (const s of site.servers) await memorySearchOf(s.deps)?.whenReady();
    });
    afterAll(async () => site?.close());

    it('finds on one server what another just wrote, and forgets what it deleted', async () => {
      const [a, b] = site.servers;
      await registered(a);
      const u = await registered(a);
      const reader = new Client(b.url);
      expect((await searchAll(reader, 'okapi')).ids).toEqual([]);
      const t = await writeTale(u, { header: 'Okapi forest' });
      await expect.poll(async () => (await searchAll(reader, 'okapi')).ids, { timeout: 3_000, interval: 20 }).toEqual([t.id]);
      expect(memorySearchOf(b.deps)?.index()?.has(t.id)).toBe(true);
      await u.post(`/tale/delete/${t.id}`, {});
      await expect.poll(async () => (await searchAll(reader, 'okapi')).ids, { timeout: 3_000, interval: 20 }).toEqual([]);
    });

    it("shows on one server another's change to a tale whose row it kept", async () => {
      const [a, b] = site.servers;
      const u = await registered(a);
      const liker = await registered(a);
      const t = await writeTale(u, { header: 'Tamarin canopy' });
      const reader = new Client(b.url);
      let size = 10;
      const look = async () => (await reader.get<Feed>(`/tale/feed/${size++}/1?txt=tamarin`)).body.data.tale.find((x) => x.id === t.id);
      await expect.poll(async () => (await look())?.count_like, { timeout: 3_000, interval: 20 }).toBe(0);
      expect(b.deps.caches.searchRows.peek(String(t.id))).toBeDefined();
      await liker.post('/like/process', { ref_table: 'tale', ref_id: String(t.id), val: '1', form_id: 'actionProcess' });
      await expect.poll(async () => (await look())?.count_like, { timeout: 3_000, interval: 20 }).toBe(1);
      await u.post('/auth/profile', { id: u.id, firstname: 'Евпраксия' });
      await expect.poll(async () => (await look())?.owner_firstname, { timeout: 3_000, interval: 20 }).toBe('Евпраксия');
      await u.post('/tale/upsert', { ...t, header: 'Tamarin canopy at dusk', form_id: 'actionUpsert' });
      await expect.poll(async () => (await look())?.header, { timeout: 3_000, interval: 20 }).toBe('Tamarin canopy at dusk');
    });
  });
});
