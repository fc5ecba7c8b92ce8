import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { Notification } from '../../../common/schemas/conversation';
import type { Pagination } from '../../../common/schemas/envelope';
import type { Tale } from '../../../common/schemas/tale';
import { type Placeholder, sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../../db/client';
import { Client, DB_KIND, type TestApp, registered, startApp, templatesOf } from '../../test/harness';
import { pageSelect } from './service';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
  await registered(app);
});
afterAll(async () => app?.close());

async function post(c: Client): Promise<Tale> {
  const d = await c.get<Tale>('/tale/upsert');
  return (await c.post<Tale>('/tale/upsert', { id: d.body.data.id, header: 'Post', body: '<p>Body</p>' })).body.data;
}
const comment = async (c: Client, answerTo: number, body = '<p>Hi</p>') =>
  (await c.post<Tale>('/tale/upsert', { answer_to_tale_id: answerTo, body })).body.data;
const list = (c: Client, size = 10, page = 1) => c.get<Notification[]>(`/notification/SelectListLatest/${size}/${page}`);
const like = (c: Client, id: number) => c.post('/like/process', { ref_table: 'tale', ref_id: id, val: 1 });

describe('notification events', () => {
  it('a comment on your post, a reply to your comment and a like, each once, with links that open the branch', async () => {
    const a = await registered(app);
    const b = await registered(app);
    await b.post('/auth/profile', { id: b.id, firstname: 'Boris', lastname: 'B', emblem: '/files/b.png' });
    const p = await post(a);
    const c = await comment(b, p.id);
    let items = (await list(a)).body.data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      txt: MSG.youAreCommented,
      from_id: b.id,
      from_firstname: 'Boris',
      from_lastname: 'B',
      from_emblem: '/files/b.png',
      is_shown: 0,
      link: `/tale/upsert/${p.id}?highlight=${c.id}&expand=${c.id}`,
    });
    expect(typeof items[0].created_at).toBe('number');
    const reply = await comment(a, c.id);
    const forB = (await list(b)).body.data;
    expect(forB).toHaveLength(1);
    expect(forB[0]).toMatchObject({
      txt: MSG.youAreAnswered,
      from_id: a.id,
      link: `/tale/upsert/${p.id}?highlight=${reply.id}&expand=${c.id}`,
    });
    await like(b, p.id);
    items = (await list(a)).body.data;
    expect(items.map((n) => n.txt)).toEqual([MSG.youAreLiked, MSG.youAreCommented]);
    expect(items[0].link).toBe(`/tale/upsert/${p.id}`);
    expect((await a.get(`/tale/upsert/${p.id}`)).body.CurrentUser.count_notifications).toBe(2);
  });

  it('a third person replying under your post tells you and the replied-to, each once', async () => {
    const a = await registered(app);
    const b = await registered(app);
    const c = await registered(app);
    const p = await post(a);
    const cb = await comment(b, p.id);
    await comment(c, cb.id);
    expect((await list(a)).body.data.map((n) => n.txt)).toEqual([MSG.youAreCommented, MSG.youAreCommented]);
    expect((await list(b)).body.data.map((n) => n.txt)).toEqual([MSG.youAreAnswered]);
  });

  it('never for oneself, never for edits, and an unlike takes the like back', async () => {
    const a = await registered(app);
    const p = await post(a);
    const own = await comment(a, p.id);
    await like(a, p.id);
    await comment(a, own.id);
    expect((await list(a)).body.data).toHaveLength(0);
    const b = await registered(app);
    const cb = await comment(b, p.id);
    await b.post(`/tale/upsert/${cb.id}`, { body: '<p>edited</p>' });
    await a.post(`/tale/upsert/${p.id}`, { header: 'Edited post' });
    expect((await list(a)).body.data).toHaveLength(1);
    await like(b, p.id);
    expect((await list(a)).body.data).toHaveLength(2);
    await like(b, p.id); // unlike
    expect((await list(a)).body.data.map((n) => n.txt)).toEqual([MSG.youAreCommented]);
    await like(b, p.id); // like again: one notification, not two
    await like(b, p.id);
    await like(b, p.id);
    expect((await list(a)).body.data.filter((n) => n.txt === MSG.youAreLiked)).toHaveLength(1);
  });
});

describe('the unread count every answer carries', () => {
  // The server keeps a resolved session for a moment (SESSION_CACHE_MS); a change must still show
  // on the very next answer, so here the author asks right before each change.
  it('moves on the next request after a like, an unlike, a comment and marking them read', async () => {
    const a = await registered(app);
    const b = await registered(app);
    const p = await post(a);
    const count = async () => (await a.get('/notification/count')).body.CurrentUser.count_notifications;
    expect(await count()).toBe(0);
    await like(b, p.id);
    expect(await count()).toBe(1);
    await like(b, p.id); // unlike
    expect(await count()).toBe(0);
    const c = await comment(b, p.id);
    expect(await count()).toBe(1);
    await comment(b, c.id, '<p>more</p>'); // a reply under a's post tells a again
    expect(await count()).toBe(2);
    await a.get(`/notification/MarkAsShownEarlierThan/${Math.floor(Date.now() / 1000) + 5}`);
    expect(await count()).toBe(0);
    await like(b, c.id); // b's own comment: nobody is told
    await like(b, p.id);
    expect(await count()).toBe(1);
    // The post goes, and the notifications about it with it.
    await a.post(`/tale/delete/${p.id}`, { form_id: 'actionDelete' });
    expect(await count()).toBe(0);
  });
});

describe('the notification list', () => {
  it('is the caller own, newest first, paginated in meta.notification; mark-shown resets the count', async () => {
    const a = await registered(app);
    const p = await post(a);
    for (let i = 0; i < 12; i++) await comment(await registered(app), p.id);
    const page1 = await list(a);
    expect(page1.body.meta.notification).toEqual({ pageCurrentNumber: 1, pageSize: 10, rowsTotal: 12, pagesTotal: 2 });
    expect(page1.body.CurrentUser.count_notifications).toBe(12);
    const newest = page1.body.data[0];
    const marked = await a.get(`/notification/MarkAsShownEarlierThan/${newest.created_at}`);
    expect(marked.body.CurrentUser.count_notifications).toBe(0);
    expect((await list(a)).body.data.every((n) => n.is_shown === 1)).toBe(true);
    await comment(await registered(app), p.id);
    expect((await a.get('/notification/count')).body.CurrentUser.count_notifications).toBe(1);
    const other = await registered(app);
    expect((await list(other)).body.data).toHaveLength(0);
  });

  it('gives every page, the last included, in the order of the whole list', async () => {
    const a = await registered(app);
    const p = await post(a);
    // comments in the same second: the order falls back to the notification's id
    for (let i = 0; i < 11; i++) await comment(await registered(app), p.id);
    const all = (await list(a, 100)).body.data.map((n) => n.id);
    expect(all).toHaveLength(11);
    expect(all).toEqual([...all].sort((x, y) => y - x));
    for (const size of [1, 2, 3, 4, 10]) {
      const pages = Math.ceil(all.length / size);
      const seen: number[] = [];
      for (let n = 1; n <= pages; n++) {
        const r = await list(a, size, n);
        expect(r.body.meta.notification).toEqual({ pageCurrentNumber: n, pageSize: size, rowsTotal: 11, pagesTotal: pages });
        seen.push(...r.body.data.map((x) => x.id));
      }
      expect(seen, `size ${size}`).toEqual(all);
      const last = await a.get<Notification[]>(`/notification/SelectListLatest/${size}/last`);
      expect(last.body.data.map((x) => x.id)).toEqual(all.slice((pages - 1) * size));
      expect(last.body.meta.notification).toEqual({ pageCurrentNumber: pages, pageSize: size, rowsTotal: 11, pagesTotal: pages });
      // a page past the end answers the last one
      const past = await list(a, size, pages + 3);
      expect(past.body.data.map((x) => x.id)).toEqual(all.slice((pages - 1) * size));
      expect(past.body.meta.notification).toMatchObject({ pageCurrentNumber: pages, rowsTotal: 11 });
    }
    // a new notification drops the kept total: the last page and a page past the end, read
    // before anything else, count it
    await comment(await registered(app), p.id);
    const last12 = await a.get<Notification[]>('/notification/SelectListLatest/5/last');
    expect(last12.body.meta.notification).toEqual({ pageCurrentNumber: 3, pageSize: 5, rowsTotal: 12, pagesTotal: 3 });
    expect(last12.body.data.map((x) => x.id)).toEqual(all.slice(9));
    await comment(await registered(app), p.id);
    const past13 = await list(a, 5, 9);
    expect(past13.body.meta.notification).toEqual({ pageCurrentNumber: 3, pageSize: 5, rowsTotal: 13, pagesTotal: 3 });
    expect(past13.body.data.map((x) => x.id)).toEqual(all.slice(8));
    const first13 = await list(a, 5, 1);
    expect(first13.body.data).toHaveLength(5);
    expect(first13.body.data.slice(2).map((x) => x.id)).toEqual(all.slice(0, 3));
    // nobody's list: one empty page
    const none = await list(await registered(app), 3, 2);
    expect(none.body.data).toEqual([]);
    expect(none.body.meta.notification).toEqual({ pageCurrentNumber: 1, pageSize: 3, rowsTotal: 0, pagesTotal: 1 });
  });

  it('deletes one (own only: visitor 401, other 403) and all', async () => {
    const a = await registered(app);
    const p = await post(a);
    await comment(await registered(app), p.id);
    await comment(await registered(app), p.id);
    const [first] = (await list(a)).body.data;
    expect((await new Client(app.url).post(`/notification/Delete/${first.id}`, { form_id: 'actionDelete' })).status).toBe(401);
    const other = await registered(app);
    const refused = await other.post(`/notification/Delete/${first.id}`, { form_id: 'actionDelete' });
    expect(refused.status).toBe(403);
    expect(templatesOf(refused)).toEqual([MSG.accessDenied]);
    expect((await a.post('/notification/Delete/999999', {})).status).toBe(404);
    const del = await a.post(`/notification/Delete/${first.id}`, { form_id: 'actionDelete' });
    expect(del.body.CurrentUser.count_notifications).toBe(1);
    expect((await list(a)).body.data).toHaveLength(1);
    expect((await new Client(app.url).post('/notification/Delete', { form_id: 'actionDeleteAll' })).status).toBe(401);
    const all = await a.post('/notification/Delete', { form_id: 'actionDeleteAll' });
    expect(all.body.meta.alina_response_success).toBe(1);
    expect((await list(a)).body.data).toHaveLength(0);
    expect((await new Client(app.url).get('/notification/SelectListLatest/10/1')).status).toBe(401);
  });
});

// A page is read from the user's index alone (notifications_user_idx holds every column the list
// shows): however deep the page, the table itself is not visited for it, nor for its total.
it.runIf(DB_KIND === 'postgres')(
  'reads every kind of page from the user’s index alone, with the one plan made for every user and place',
  async () => {
    const a = await registered(app);
    const p = await post(a);
    for (let i = 0; i < 3; i++) await comment(await registered(app), p.id);
    await app.database.db.execute(sql.raw('vacuum (analyze) notifications'));
    // every variant a list reads, and a deep page read from a kept place of the list (newest first, not counted)
    const variants = [false, true].flatMap((oldest) =>
      [false, true].flatMap((counted) => [false, true].map((grouped) => ({ oldest, counted, grouped, anchored: false }))),
    );
    for (const grouped of [false, true]) variants.push({ oldest: false, counted: false, grouped, anchored: true });
    // one ask of each statement (its parameters are arrays, an element an ask)
    const bound: Record<string, number> = { users: a.id, skips: 20, ats: Math.floor(Date.now() / 1000), ids: 2 ** 30 };
    for (const { oldest, counted, grouped, anchored } of variants) {
      const { sql: text, params } = pageSelect(app.database.db, oldest, counted, grouped, 10, anchored).toSQL();
      // the page size is in the text (with LIMIT as a parameter PostgreSQL plans every call anew)
      expect(text).toMatch(/ limit 10 offset asks\.skip\)/);
      const values = params.map((v) => pg.escapeLiteral(`{${bound[(v as Placeholder).name]}}`));
      const plan = await app.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan; set local enable_seqscan = off'));
        await tx.execute(sql.raw(`prepare notifications_plan_probe as ${text}`));
        try {
          const rows = await queryRows<{ 'QUERY PLAN': string }>(
            tx,
            sql.raw(`explain execute notifications_plan_probe(${values.join(', ')})`),
          );
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        } finally {
          await tx.execute(sql.raw('deallocate notifications_plan_probe'));
        }
      });
      const what = `oldest: ${oldest}, counted: ${counted}, grouped: ${grouped}, anchored: ${anchored}\n${plan}`;
      expect(plan, what).toMatch(/Index Only Scan (Backward )?using notifications_user_idx on notifications\b/);
      expect(plan, what).not.toMatch(/(Seq Scan|Index Scan using \w+|Bitmap Heap Scan) on notifications(?! later| earlier)/);
      // the place is where the index walk starts, not a filter on every row before it
      if (anchored)
        expect(plan, what).toMatch(
          /Index Cond: \(\(user_id = asks\.user_id\) AND \(ROW\(created_at, id\) <= ROW\(asks\.at, asks\.id\)\)\)/,
        );
    }
  },
);

describe('a long list', () => {
  // 450 notifications written straight into the table (as many events as a busy author gets), many
  // at the same second: pages past the first hundreds start at a place of the list kept in memory
  // (service.ts listPlaces), which must give exactly the rows that skipping would.
  it('gives every page, deep ones included, in the order of the whole list, flat and grouped, and again after it changes', async () => {
    const a = await registered(app);
    const senders = await Promise.all(Array.from({ length: 10 }, () => registered(app)));
    const posts: Tale[] = [];
    for (let i = 0; i < 15; i++) posts.push(await post(a));
    const base = Math.floor(Date.now() / 1000) - 86_400;
    const kinds = ['like', 'comment', 'answer'];
    const rows = senders.flatMap((s, si) =>
      posts.flatMap((t, ti) => kinds.map((kind, ki) => ({ s: s.id, t: t.id, kind, at: base + ((si * 45 + ti * 3 + ki) % 37) }))),
    );
    await app.database.db.execute(sql`insert into notifications (user_id, from_id, tale_id, kind, txt, link, created_at)
      select ${a.id}::int, s, t, kind, 'x', '/tale/upsert/' || t, at from json_to_recordset(${JSON.stringify(rows)}::json) as r(s int, t int, kind text, at bigint)`);
    const expected = async (grouped: boolean) =>
      (
        await queryRows<{ id: number }>(
          app.database.db,
          sql.raw(
            `select id from notifications n where user_id = ${a.id} ${
              grouped
                ? `and (kind <> 'like' or not exists (select from notifications l where l.user_id = n.user_id and l.kind = 'like' and l.tale_id = n.tale_id and l.id > n.id))`
                : ''
            } order by created_at desc, id desc`,
          ),
        )
      ).map((r) => r.id);
    const everyPage = async (size: number, grouped: boolean) => {
      const q = grouped ? '?grouped=1' : '';
      const first = await a.get<Notification[]>(`/notification/SelectListLatest/${size}/1${q}`);
      const { pagesTotal, rowsTotal } = first.body.meta.notification as Pagination;
      const ids = first.body.data.map((n) => n.id);
      // deepest first, then the rest: the places are read once the total is known, whichever page asks first
      const pages = Array.from({ length: pagesTotal - 1 }, (_, i) => pagesTotal - i);
      const got = new Map<number, number[]>();
      for (const n of pages) {
        const r = await a.get<Notification[]>(`/notification/SelectListLatest/${size}/${n}${q}`);
        expect(r.body.meta.notification).toMatchObject({ pageCurrentNumber: n, rowsTotal });
        got.set(
          n,
          r.body.data.map((x) => x.id),
        );
      }
      for (let n = 2; n <= pagesTotal; n++) ids.push(...(got.get(n) ?? []));
      return { ids, rowsTotal };
    };
    for (const grouped of [false, true]) {
      const want = await expected(grouped);
      expect(want.length).toBe(grouped ? 315 : 450);
      for (const size of [10, 7])
        expect(await everyPage(size, grouped), `size ${size}, grouped ${grouped}`).toEqual({ ids: want, rowsTotal: want.length });
    }
    // A change drops what was kept: one deleted in the middle, one new at the top (a real comment).
    const middle = (await expected(false))[250];
    expect((await a.post(`/notification/Delete/${middle}`, { form_id: 'actionDelete' })).status).toBe(200);
    await comment(senders[0], posts[0].id);
    for (const grouped of [false, true]) {
      const want = await expected(grouped);
      expect(want.length).toBe(grouped ? 315 : 450);
      expect(await everyPage(10, grouped), `after the change, grouped ${grouped}`).toEqual({ ids: want, rowsTotal: want.length });
    }
  });
});

describe('many readers at once', () => {
  // The pages asked in one turn of the event loop are read together, in one statement for all
  // readers (service.ts pagesTogether): each reader must get their own rows, total and context,
  // whichever pages, ends and places the others asked for at the same time.
  it('gives each reader their own pages and totals when all ask for every page at once, flat and grouped', async () => {
    const author = await registered(app);
    const posts: Tale[] = [];
    for (let i = 0; i < 15; i++) {
      const d = await author.get<Tale>('/tale/upsert');
      posts.push((await author.post<Tale>('/tale/upsert', { id: d.body.data.id, header: `Post ${i}`, body: '<p>Body</p>' })).body.data);
    }
    const headerOf = new Map(posts.map((p) => [p.id, p.header]));
    const senders = await Promise.all(Array.from({ length: 10 }, () => registered(app)));
    const readers = await Promise.all(Array.from({ length: 8 }, () => registered(app)));
    // lists from a handful of rows to a long one whose deep pages start at kept places
    const lengths = [3, 45, 120, 210, 300, 380, 450, 450];
    const base = Math.floor(Date.now() / 1000) - 86_400;
    const kinds = ['like', 'comment', 'answer'];
    const rows = readers.flatMap((r, ri) =>
      Array.from({ length: lengths[ri] }, (_, i) => {
        const s = senders[i % senders.length].id;
        const t = posts[Math.floor(i / senders.length) % posts.length].id;
        const kind = kinds[Math.floor(i / (senders.length * posts.length)) % kinds.length];
        return { u: r.id, s, t, kind, at: base + ((i * 7 + ri) % 53) };
      }),
    );
    await app.database.db.execute(sql`insert into notifications (user_id, from_id, tale_id, kind, txt, link, created_at)
      select u, s, t, kind, 'x', '/tale/upsert/' || t, at from json_to_recordset(${JSON.stringify(rows)}::json) as r(u int, s int, t int, kind text, at bigint)
      on conflict do nothing`);
    const expected = async (userId: number, grouped: boolean) =>
      (
        await queryRows<{ id: number }>(
          app.database.db,
          sql.raw(
            `select id from notifications n where user_id = ${userId} ${
              grouped
                ? `and (kind <> 'like' or not exists (select from notifications l where l.user_id = n.user_id and l.kind = 'like' and l.tale_id = n.tale_id and l.id > n.id))`
                : ''
            } order by created_at desc, id desc`,
          ),
        )
      ).map((r) => r.id);
    const size = 10;
    for (const grouped of [false, true]) {
      const q = grouped ? '?grouped=1' : '';
      const want = await Promise.all(readers.map((r) => expected(r.id, grouped)));
      expect(new Set(want.map((w) => w.length)).size, 'the readers’ lists differ in length').toBeGreaterThan(5);
      const pageOfEach = (n: number | 'last') =>
        Promise.all(readers.map((r) => r.get<Notification[]>(`/notification/SelectListLatest/${size}/${n}${q}`)));
      // every reader's first page at once and their last pages at once, one of them each reader's
      // first visit (its page counted: the newest page flat, the oldest end grouped), then every
      // page of every reader at once, in a mixed order
      const lasts = grouped ? await pageOfEach('last') : [];
      const firsts = await pageOfEach(1);
      if (!grouped) lasts.push(...(await pageOfEach('last')));
      const asks = want.flatMap((w, ri) => Array.from({ length: Math.ceil(w.length / size) }, (_, i) => ({ ri, n: i + 1 })));
      asks.sort((x, y) => ((x.n * 31 + x.ri * 17) % 23) - ((y.n * 31 + y.ri * 17) % 23));
      const pages = await Promise.all(
        asks.map(({ ri, n }) => readers[ri].get<Notification[]>(`/notification/SelectListLatest/${size}/${n}${q}`)),
      );
      want.forEach((ids, ri) => {
        const what = `reader ${ri} (${ids.length} listed), grouped ${grouped}`;
        expect(firsts[ri].body.meta.notification, what).toMatchObject({ pageCurrentNumber: 1, rowsTotal: ids.length });
        expect(
          firsts[ri].body.data.map((x) => x.id),
          what,
        ).toEqual(ids.slice(0, size));
        const onLast = ((ids.length - 1) % size) + 1;
        expect(
          lasts[ri].body.data.map((x) => x.id),
          what,
        ).toEqual(ids.slice(-onLast));
        const byPage = new Map<number, Notification[]>();
        asks.forEach(({ ri: of, n }, i) => {
          if (of !== ri) return;
          expect(pages[i].body.meta.notification, `${what}, page ${n}`).toMatchObject({ pageCurrentNumber: n, rowsTotal: ids.length });
          byPage.set(n, pages[i].body.data);
        });
        const listed = [...byPage].sort(([x], [y]) => x - y).flatMap(([, items]) => items);
        expect(
          listed.map((x) => x.id),
          what,
        ).toEqual(ids);
        // each row's context is its own item's
        for (const item of listed) expect(item.root_header, `${what}, notification ${item.id}`).toBe(headerOf.get(item.tale_id));
      });
    }
  });
});
