import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pagination } from '../../../common/schemas/envelope';
import type { Tale } from '../../../common/schemas/tale';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { queryRows } from '../../db/client';
import { queryOf } from '../../db/shape';
import { hashtagsOf } from '../../../common/models/tale';
import { Client, DB_KIND, type TestApp, registered, startApp, writeTale } from '../../test/harness';
import { type ListScope, pageStatement } from './positions';

// Exact totals and every page of the feed, an author's posts and a hashtag (positions.ts): the
// lists are checked against what the test itself wrote, page by page, at several page sizes.

type Feed = { tale: Tale[] };
type Writer = Awaited<ReturnType<typeof registered>>;
const DAY = 86_400;
const nowS = () => Math.floor(Date.now() / 1000);

let app: TestApp;
let boss: Writer;
beforeAll(async () => {
  app = await startApp();
  boss = await registered(app); // first account: admin
});
afterAll(async () => app?.close());

const write = writeTale;
const edit = async (c: Client, t: Tale, fields: Record<string, unknown>) => {
  const a = await c.post<Tale>(`/tale/upsert/${t.id}`, { ...fields, form_id: 'actionUpsert' });
  if (a.body.meta.alina_response_success !== 1) throw new Error(JSON.stringify(a.body.messages));
  return a.body.data;
};

interface Kept {
  id: number;
  owner: number;
  sticky: number;
  publishAt: number;
  registeredOnly: boolean;
  draft: boolean;
  tags: string[];
}

/** What a reader should see of a list, in feed order. */
function expected(kept: Kept[], signedIn: boolean, pick: (k: Kept) => boolean): number[] {
  return kept
    .filter((k) => !k.draft && k.publishAt <= nowS() && (signedIn || !k.registeredOnly) && pick(k))
    .sort((a, b) => b.sticky - a.sticky || b.publishAt - a.publishAt || b.id - a.id)
    .map((k) => k.id);
}

/** Every page of a list at `size`, with the totals each page reported. */
async function allPages(c: Client, query: string, size: number) {
  const first = await c.get<Feed>(`/tale/feed/${size}/1${query}`);
  const meta = first.body.meta.tale as Pagination;
  const seen = [...first.body.data.tale.map((t) => t.id)];
  const totals = new Set([meta.rowsTotal]);
  for (let p = 2; p <= meta.pagesTotal; p++) {
    const a = await c.get<Feed>(`/tale/feed/${size}/${p}${query}`);
    expect((a.body.meta.tale as Pagination).pageCurrentNumber).toBe(p);
    totals.add((a.body.meta.tale as Pagination).rowsTotal);
    seen.push(...a.body.data.tale.map((t) => t.id));
  }
  const last = await c.get<Feed>(`/tale/feed/${size}/last${query}`);
  return { meta, seen, totals: [...totals], last: last.body.data.tale.map((t) => t.id) };
}

async function expectLists(c: Client, kept: Kept[], signedIn: boolean, authors: number[]) {
  const lists: [string, (k: Kept) => boolean][] = [
    ['', () => true],
    ...authors.map((a): [string, (k: Kept) => boolean] => [`?owner=${a}`, (k) => k.owner === a]),
    ['?txt=%23lake', (k) => k.tags.includes('lake')],
    ['?txt=%23%D0%BE%D0%B7%D0%B5%D1%80%D0%BE', (k) => k.tags.includes('озеро')],
  ];
  for (const [query, pick] of lists) {
    const want = expected(kept, signedIn, pick);
    for (const size of [1, 3, 7, 100]) {
      const got = await allPages(c, query, size);
      expect(got.seen, `${query || 'feed'} at ${size} per page (signed in: ${signedIn})`).toEqual(want);
      expect(got.totals).toEqual([want.length]);
      expect(got.meta.pagesTotal).toBe(Math.max(1, Math.ceil(want.length / size)));
      expect(got.last).toEqual(want.slice((got.meta.pagesTotal - 1) * size));
    }
  }
}

describe('lists with exact totals and every page', () => {
  const kept: Kept[] = [];
  let a: Writer;
  let b: Writer;

  beforeAll(async () => {
    a = await registered(app);
    b = await registered(app);
    const today = nowS();
    // Days apart, several a day, two in the same second (the id decides), tags in two languages.
    const plan: [Writer, number, string, Record<string, unknown>][] = [
      [a, today - 3 * DAY, ' #lake', {}],
      [a, today - 3 * DAY, ' #lake #озеро', {}],
      [b, today - 3 * DAY + 5, '', {}],
      [a, today - 20 * DAY, ' #Lake', { is_for_registered: 1 }],
      [b, today - 20 * DAY - 1, ' #озеро', {}],
      [b, today - 400 * DAY, ' #lake', {}],
      [a, today - 400 * DAY, '', { is_draft: 1 }],
      [a, today - 2, ' #lake', {}],
      [b, today - 1, ' #озеро', { is_for_registered: 1 }],
      [a, today + 5 * DAY, ' #lake', {}], // scheduled for later days
      [b, today - 7 * DAY, ' #lake', {}],
      [b, today - 7 * DAY + 3600, '', { is_for_registered: 1 }],
      [a, today - 7 * DAY - 3600, ' #lake #озеро', {}],
      [b, 1_000_000_000, ' #lake', {}],
      [a, 999_999_999, '', {}],
    ];
    for (const [w, publishAt, tags, fields] of plan) {
      const t = await write(w, { header: `At ${publishAt}`, body: `<p>Text${tags}</p>`, publish_at: publishAt, ...fields });
      kept.push({
        id: t.id,
        owner: w.id,
        sticky: 0,
        publishAt,
        registeredOnly: fields.is_for_registered === 1,
        draft: fields.is_draft === 1,
        tags: [...tags.matchAll(/#(\S+)/g)].map((m) => m[1].toLowerCase()),
      });
    }
    // Staff pin an old one: it leads every list it is in.
    await edit(boss, { id: kept[5].id } as Tale, { is_sticked: 1 });
    kept[5].sticky = 1;
  });

  it('shows visitors and signed-in readers every post once, in feed order, with the same exact total on every page', async () => {
    await expectLists(new Client(app.url), kept, false, [a.id, b.id]);
    await expectLists(await registered(app), kept, true, [a.id, b.id]);
  });

  it('follows every write that moves a post: unpublished, published, retagged, for members only, moved in time, unpinned, deleted', async () => {
    const at = (i: number) => ({ id: kept[i].id }) as Tale;
    await edit(a, at(0), { is_draft: 1 });
    kept[0].draft = true;
    await edit(a, at(6), { is_draft: 0 });
    kept[6].draft = false;
    await edit(b, at(2), { body: '<p>Now #lake</p>' });
    kept[2].tags = ['lake'];
    await edit(a, at(1), { body: '<p>No tags now</p>' });
    kept[1].tags = [];
    await edit(b, at(4), { is_for_registered: 1 });
    kept[4].registeredOnly = true;
    kept[13].publishAt = (await edit(b, at(13), { publish_at: nowS() - 100 })).publish_at;
    await edit(boss, at(5), { is_sticked: 0 });
    kept[5].sticky = 0;
    expect((await b.post(`/tale/delete/${kept[10].id}`, { form_id: 'actionDelete' })).status).toBe(200);
    kept.splice(10, 1);
    await expectLists(new Client(app.url), kept, false, [a.id, b.id]);
    await expectLists(await registered(app), kept, true, [a.id, b.id]);
  });

  it('shows a post scheduled for later today at its time, with no write in between', async () => {
    const soon = nowS() + 2;
    if (Math.floor(soon / DAY) !== Math.floor(nowS() / DAY)) return; // a day's last seconds: tomorrow's bucket, covered above
    const w = await registered(app);
    const t = await write(w, { body: '<p>Soon #lake</p>', publish_at: soon });
    const visitor = new Client(app.url);
    const before = await visitor.get<Feed>('/tale/feed/100/1?txt=%23lake');
    expect(before.body.data.tale.map((x) => x.id)).not.toContain(t.id);
    const total = (before.body.meta.tale as Pagination).rowsTotal;
    // No write tells the caches: the post shows when its time has come and the shared page's
    // short life (FEED_CACHE_MS) has ended.
    await expect
      .poll(async () => (await visitor.get<Feed>('/tale/feed/100/1?txt=%23lake')).body.data.tale[0]?.id, { timeout: 6_000 })
      .toBe(t.id);
    const after = await visitor.get<Feed>('/tale/feed/100/1?txt=%23lake');
    expect((after.body.meta.tale as Pagination).rowsTotal).toBe(total + 1);
    const own = await visitor.get<Feed>(`/tale/feed/1/1?owner=${w.id}`);
    expect(own.body.meta.tale).toMatchObject({ rowsTotal: 1, pagesTotal: 1 });
  });
});

it('keeps the total exact when many people publish, unpublish and delete at once', async () => {
  const fresh = await startApp();
  try {
    await registered(fresh);
    const writers = await Promise.all(Array.from({ length: 12 }, () => registered(fresh)));
    const made = await Promise.all(
      writers.map(async (w, i) => {
        const out: Tale[] = [];
        for (let k = 0; k < 3; k++) out.push(await write(w, { body: `<p>Crowd ${i} ${k} #crowd</p>`, publish_at: nowS() - k * DAY }));
        return out;
      }),
    );
    // At once: each writer deletes one, hides one as a draft and keeps one.
    await Promise.all(
      writers.map(async (w, i) => {
        await Promise.all([
          w.post(`/tale/delete/${made[i][0].id}`, { form_id: 'actionDelete' }),
          edit(w, made[i][1], { is_draft: 1 }),
          write(w, { body: `<p>More ${i} #crowd</p>` }),
        ]);
      }),
    );
    const visitor = new Client(fresh.url);
    for (const query of ['', '?txt=%23crowd']) {
      const all = await allPages(visitor, query, 5);
      expect(all.totals).toEqual([24]);
      expect(new Set(all.seen).size).toBe(24);
    }
    const one = await visitor.get<Feed>(`/tale/feed/10/1?owner=${writers[3].id}`);
    expect(one.body.meta.tale).toMatchObject({ rowsTotal: 2 });
  } finally {
    await fresh.close();
  }
});

// Fresh pages asked in one turn of the event loop are read together (positions.ts, pagesTogether):
// many readers asking at once, each for another page of another list, must each get their own.
it('answers each of many readers asking at once for another page their own page', async () => {
  const LONG_TAG = `Ж${'ж'.repeat(99)}`;
  const fresh = await startApp({ FEED_CACHE_MS: '0' });
  try {
    await registered(fresh);
    const [a, b] = [await registered(fresh), await registered(fresh)];
    const kept: Kept[] = [];
    for (let i = 0; i < 14; i++) {
      const w = i % 3 ? a : b;
      const publishAt = nowS() - i * 3_600 - (i % 4) * DAY;
      // hashtags spelt every way one can be: capitals, ё (read as е), a hyphen, digits, long
      const tags = `${i % 2 ? ' #lake' : ''}${i % 3 ? '' : ' #Ёлка-2'}${i % 4 ? '' : ` #${LONG_TAG}`}`;
      const t = await write(w, {
        body: `<p>Crowd ${i}${tags}</p>`,
        publish_at: publishAt,
        ...(i % 5 === 0 ? { is_for_registered: 1 } : {}),
      });
      kept.push({
        id: t.id,
        owner: w.id,
        sticky: 0,
        publishAt,
        registeredOnly: i % 5 === 0,
        draft: false,
        tags: hashtagsOf(tags),
      });
    }
    const lists: [string, (k: Kept) => boolean][] = [
      ['', () => true],
      [`?owner=${a.id}`, (k) => k.owner === a.id],
      [`?owner=${b.id}`, (k) => k.owner === b.id],
      ['?txt=%23lake', (k) => k.tags.includes('lake')],
      [`?txt=${encodeURIComponent('#ёлка-2')}`, (k) => k.tags.includes('елка-2')],
      [`?txt=${encodeURIComponent(`#${LONG_TAG}`)}`, (k) => k.tags.includes(LONG_TAG.toLowerCase())],
    ];
    for (const [query, pick] of lists) expect(expected(kept, false, pick).length, query).toBeGreaterThan(1);
    const readers = [new Client(fresh.url), await registered(fresh)];
    const asks = readers.flatMap((c, r) =>
      lists.flatMap(([query, pick]) =>
        [1, 2].flatMap((size) => {
          const want = expected(kept, r === 1, pick);
          return Array.from({ length: Math.ceil(want.length / size) }, (_, p) => ({
            c,
            query,
            size,
            page: p + 1,
            want: want.slice(p * size, (p + 1) * size),
          }));
        }),
      ),
    );
    expect(asks.length).toBeGreaterThan(60);
    // among them, pages asked in every odd way a client can spell one: none may fail the others of its trip
    const odd = [
      `/tale/feed/10/1?txt=%23${'x'.repeat(199)}`,
      "/tale/feed/10/1?txt=%23'%3Bdrop%20table%20tales--",
      '/tale/feed/10/1?txt=%23%5C%5C%27',
      '/tale/feed/10/1?txt=%23%F0%9F%98%80',
      '/tale/feed/10/1?txt=%23%D0%81%D0%BB%D0%BA%D0%B0-2%20%23',
      '/tale/feed/10/1?owner=2147483647',
      '/tale/feed/10/1?owner=2147483648',
      '/tale/feed/10/1?owner=-1',
      '/tale/feed/10/1?owner=1e3',
      '/tale/feed/10/999999999',
      '/tale/feed/100/9007199254740993',
      '/tale/feed/100/last?owner=0x10',
    ];
    const [got, oddGot] = await Promise.all([
      Promise.all(asks.map((ask) => ask.c.get<Feed>(`/tale/feed/${ask.size}/${ask.page}${ask.query}`))),
      Promise.all(odd.flatMap((path) => readers.map((c) => c.get<Feed>(path)))),
    ]);
    oddGot.forEach((answer, i) => {
      expect(answer.status, odd[Math.floor(i / readers.length)]).toBeLessThan(500);
    });
    asks.forEach((ask, i) => {
      const what = `${ask.query || 'feed'} page ${ask.page} of ${ask.size} (signed in: ${ask.c !== readers[0]})`;
      expect(got[i].status, what).toBe(200);
      expect(
        got[i].body.data.tale.map((t) => t.id),
        what,
      ).toEqual(ask.want);
    });
  } finally {
    await fresh.close();
  }
});

// The page statements run with a plan made once for any place (db/transaction.ts, readAllPlannedOnce):
// such a plan can use the lists' partial indexes only because their condition is written into the
// text. With it given as parameters, the one plan would read the whole table for every page.
it.runIf(DB_KIND === 'postgres')('reads each kind of list page from its own index with the one plan made for every place', async () => {
  const lists: [ListScope, string][] = [
    [{ kind: 'feed' }, 'tales_feed_idx'],
    [{ kind: 'author', id: boss.id }, 'tales_owner_feed_idx'],
    [{ kind: 'tag', tag: 'lake' }, 'tale_tags_feed_idx'],
  ];
  const place = { sticky: 0, day: Math.floor(nowS() / DAY), skip: 3 };
  for (const [scope, index] of lists) {
    for (const signedIn of [false, true]) {
      const { sql: text, params } = queryOf(new PgDialect(), pageStatement(scope, { signedIn, now: nowS() }, place, 10));
      const plan = await app.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan; set local enable_seqscan = off'));
        await tx.execute(sql.raw(`prepare page_plan_probe as ${text}`));
        try {
          const values = params.map((v) => pg.escapeLiteral(String(v))).join(', ');
          const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain execute page_plan_probe(${values})`));
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        } finally {
          await tx.execute(sql.raw('deallocate page_plan_probe'));
        }
      });
      const what = `${scope.kind}, signed in: ${signedIn}`;
      expect(plan, what).toContain(`using ${index}`);
      expect(plan, what).not.toMatch(/Seq Scan on tales|Seq Scan on tale_tags/);
      // below the sticky posts, the feed's and an author's rows come from their own index, not
      // through a lookup of each id (a hashtag's rows live in tale_tags, so its ids are looked up)
      if (scope.kind !== 'tag') expect(plan, what).not.toContain('tales_pkey');
    }
  }
});
