/**
 * Exact totals and any page of the three lists everyone sees alike (the whole feed, an author's
 * posts, a hashtag), whatever their size.
 *
 * A trigger on tales (migration 0007) keeps, for each list, how many of its posts were published
 * each day, split by who may read them (feed_buckets). A list's days are read once (and again only
 * after a tale came, went or moved), so the total is a sum in memory and a page's place is found by
 * adding days until its first row: the page is then read from that day on, skipping at most one
 * day's posts instead of every post before it. Posts scheduled for later today are counted in
 * their day but not shown yet: they are read with the days and left out until their time.
 */
import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import { type Pagination, paginate } from '../../../common/schemas/envelope';
import { feedBuckets, taleTags, tales, users } from '../../db/schema';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { type ShapedStatement, StatementShapes, type ValueOf } from '../../db/shape';
import { askedPerTurn } from '../../db/per-turn';
import { readAllPlannedOnce } from '../../db/transaction';
import { listDependency } from '../../caches';
import { type TaleRow, feedOrder, listedPosts, publicPosts, taleRowOf, taleSelectList } from './queries';

export const DAY_SECONDS = 86_400;
const dayOf = (unixSeconds: number) => Math.floor(unixSeconds / DAY_SECONDS);

/** One of the lists whose totals are kept. */
export type ListScope = { kind: 'feed' } | { kind: 'author'; id: number } | { kind: 'tag'; tag: string };

/** The list's name in events and cache dependencies (caches.ts, listDependency). */
export function listName(scope: ListScope): string {
  if (scope.kind === 'feed') return 'feed';
  return scope.kind === 'author' ? `author:${scope.id}` : `tag:${scope.tag}`;
}

/**
 * A list's days before this one are its past: read apart from the recent days (yesterday, today and
 * any scheduled later), and dropped only by a write that moves a post on one of those days (an
 * old post edited, deleted, backdated). A day of margin keeps servers whose clocks are apart, or a
 * write just before midnight, on the safe side.
 */
export const pastBefore = (now: number) => dayOf(now) - 1;

/** The name under which a list's past days are kept (see pastBefore). */
const pastName = (list: string) => `${list}@past`;

/**
 * Every list a post is in, and searches (any post may match one): what its save or delete can
 * change. `published` are the times the post had and has (`'any'`: unknown, as when an account goes
 * with all its posts); a time on a past day drops the lists' past days too.
 */
export function listsOfPost(owner: number, tags: readonly string[], published: readonly number[] | 'any', now: number): string[] {
  const scopes: ListScope[] = [{ kind: 'feed' }, { kind: 'author', id: owner }, ...tags.map((tag) => ({ kind: 'tag' as const, tag }))];
  const lists = scopes.map(listName);
  const past = published === 'any' || published.some((t) => dayOf(t) < pastBefore(now));
  return [...lists, ...(past ? lists.map(pastName) : []), 'search'];
}

export function scopeKey(scope: ListScope): string {
  if (scope.kind === 'feed') return '';
  return scope.kind === 'author' ? `u:${scope.id}` : `t:${scope.tag}`;
}

interface Day {
  sticky: number;
  day: number;
  /** Posts everyone may read, and those only signed-in readers may. */
  open: number;
  registered: number;
}

interface Scheduled {
  sticky: number;
  publishAt: number;
  registered: boolean;
}

/** A list's days, newest first (sticky ones before), and what is scheduled for later the day it was read. */
export interface ListDays {
  days: Day[];
  scheduled: Scheduled[];
}

/** The list's days from `from` on (or before `before`), sticky ones first, newest first. */
async function loadDays(db: Db, scope: ListScope, range: { from: number } | { before: number }): Promise<Day[]> {
  const rows = await db
    .select({
      sticky: feedBuckets.is_sticked,
      day: feedBuckets.day,
      open: sql<number>`sum(${feedBuckets.n_public})::int`,
      registered: sql<number>`sum(${feedBuckets.n_registered})::int`,
    })
    .from(feedBuckets)
    .where(
      and(
        eq(feedBuckets.scope, scopeKey(scope)),
        'from' in range ? sql`${feedBuckets.day} >= ${range.from}` : sql`${feedBuckets.day} < ${range.before}`,
      ),
    )
    .groupBy(feedBuckets.is_sticked, feedBuckets.day)
    .orderBy(sql`1 desc, 2 desc`);
  return rows.filter((r) => r.open !== 0 || r.registered !== 0);
}

/** Posts still to come today: few, read with the days; later days are left out whole. */
async function loadScheduled(db: Db, scope: ListScope, now: number): Promise<Scheduled[]> {
  const from = now;
  const until = (dayOf(now) + 1) * DAY_SECONDS;
  const found =
    scope.kind === 'tag'
      ? await db
          .select({ sticky: taleTags.is_sticked, publishAt: taleTags.publish_at, registered: taleTags.is_for_registered })
          .from(taleTags)
          .where(and(eq(taleTags.tag, scope.tag), sql`${taleTags.publish_at} > ${from} and ${taleTags.publish_at} < ${until}`))
      : await db
          .select({ sticky: tales.is_sticked, publishAt: tales.publish_at, registered: tales.is_for_registered })
          .from(tales)
          .where(
            and(
              listedPosts,
              scope.kind === 'author' ? eq(tales.owner_id, scope.id) : undefined,
              sql`${tales.publish_at} > ${from} and ${tales.publish_at} < ${until}`,
            ),
          );
  return found.map((r) => ({ sticky: r.sticky, publishAt: r.publishAt, registered: r.registered === 1 }));
}

/**
 * A list's days, shared until a tale comes, goes or moves in it, and read again each new day. The
 * past (pastBefore) is kept apart: new posts land on today, so a busy list reads again only its
 * recent days, a few rows, instead of every day it has (thousands).
 */
async function listDays(deps: Deps, scope: ListScope, now: number): Promise<ListDays> {
  const { positions, taleUses } = deps.caches;
  const name = listName(scope);
  const key = `${scopeKey(scope)}|${dayOf(now)}`;
  const [recent, past] = await Promise.all([
    positions.get(`${key}|recent`, async () => {
      // kept until a tale comes into, leaves or moves in this list (caches.ts)
      taleUses.use([listDependency(name)]);
      const days = await loadDays(deps.db, scope, { from: pastBefore(now) });
      const scheduled = days.some((d) => d.day === dayOf(now)) ? await loadScheduled(deps.db, scope, now) : [];
      return { days, scheduled };
    }),
    positions.get(`${key}|past`, async () => {
      // kept until a tale on one of these days comes, goes or moves
      taleUses.use([listDependency(pastName(name))]);
      return { days: await loadDays(deps.db, scope, { before: pastBefore(now) }), scheduled: [] };
    }),
  ]);
  const known = joined.get(recent);
  if (known?.past === past) return known.list;
  // sticky days first, then newest first: the recent days of each kind come before its past ones
  const days: Day[] = [];
  for (const sticky of new Set([...recent.days, ...past.days].map((d) => d.sticky).sort((a, b) => b - a))) {
    for (const d of recent.days) if (d.sticky === sticky) days.push(d);
    for (const d of past.days) if (d.sticky === sticky) days.push(d);
  }
  const list = { days, scheduled: recent.scheduled };
  joined.set(recent, { past, list });
  return list;
}

/** A list's recent and past days put together, once per pair of kept values (they go with them). */
const joined = new WeakMap<ListDays, { past: ListDays; list: ListDays }>();

export interface Place {
  total: number;
  /** Where the page starts reading: its first row's day and how many rows of the list to skip from there. */
  sticky: number;
  day: number;
  skip: number;
}

/**
 * A list's days as one reader sees them, with the rows before each counted: where a row is, found
 * by a binary search instead of a walk of every day (a busy list has thousands). Only for a list
 * with nothing scheduled later today, whose counts are the same all day; kept with the list's
 * value (a WeakMap), so it goes when the list is read again.
 */
interface Counted {
  today: number;
  days: Day[];
  /** Rows of the list before each of `days`, and the total after the last. */
  before: number[];
}
const counted = new WeakMap<ListDays, [Counted?, Counted?]>();
function countedOf(list: ListDays, signedIn: boolean, today: number): Counted {
  let pair = counted.get(list);
  if (!pair) {
    pair = [undefined, undefined];
    counted.set(list, pair);
  }
  const at = signedIn ? 1 : 0;
  const kept = pair[at];
  if (kept?.today === today) return kept;
  const days: Day[] = [];
  const before: number[] = [0];
  for (const d of list.days) {
    const n = d.day > today ? 0 : d.open + (signedIn ? d.registered : 0);
    if (n <= 0) continue;
    days.push(d);
    before.push(before[before.length - 1] + n);
  }
  const made = { today, days, before };
  pair[at] = made;
  return made;
}

/** The list's total for this reader at `now`, and where its row number `offset` is. */
export function placeOf(list: ListDays, signedIn: boolean, now: number, offset: number): Place {
  const today = dayOf(now);
  if (list.scheduled.length === 0) {
    const { days, before } = countedOf(list, signedIn, today);
    const total = before[days.length];
    if (days.length === 0 || offset >= total) return { total, sticky: Number.MAX_SAFE_INTEGER, day: today, skip: offset - total };
    // the last day whose rows start at or before `offset` (the first day for an offset below 0)
    let lo = 0;
    let hi = days.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (before[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { total, sticky: days[lo].sticky, day: days[lo].day, skip: offset - before[lo] };
  }
  let total = 0;
  let place: Omit<Place, 'total'> | undefined;
  for (const d of list.days) {
    if (d.day > today) continue;
    let n = d.open + (signedIn ? d.registered : 0);
    if (d.day === today) {
      for (const s of list.scheduled) if (s.sticky === d.sticky && s.publishAt > now && (signedIn || !s.registered)) n--;
    }
    if (n <= 0) continue;
    if (!place && offset < total + n) place = { sticky: d.sticky, day: d.day, skip: offset - total };
    total += n;
  }
  return { total, ...(place ?? { sticky: Number.MAX_SAFE_INTEGER, day: today, skip: offset - total }) };
}

export interface Reader {
  /** Whether registered-only posts count. */
  signedIn: boolean;
  now: number;
}

/**
 * The page of one kind of list for one kind of reader, from a place on: a statement shaped once
 * (db/shape.ts) and planned once per connection (readAllPlannedOnce), as its plan, a walk of the
 * list's index from the place's bound, suits every place. The listed posts' condition is written
 * into its text so that plan can use the feed's and the authors' indexes (publicPosts). The page
 * size is written into the statement too (one per size used): with LIMIT as a parameter
 * PostgreSQL planned every call (docs/decisions.md).
 *
 * A page of the feed or of an author that starts below the sticky posts (the `key` shapes) reads
 * its rows straight from the list's index: the skipped rows are walked in the index alone to find
 * the page's first row, and the page is read on from that row's key, so its rows come from the heap
 * pages the index points at instead of through a lookup of each id in the primary key (ten index
 * pages fewer, most of them read from outside PostgreSQL's memory on a large table: about a sixth
 * of the database's work on a page nobody asked for before, docs/benchmarks.md, session 36). Below
 * the sticky posts every later row is older than that first one, so the reader's `publish_at <= now`
 * cannot leave out a row the walk passes over; a page that starts among the sticky posts could pass
 * over every post scheduled for later (they head the other posts), so it takes the page's ids
 * first (the `ids` shapes), as a hashtag's page always does (its rows live in tale_tags).
 */
const pageStatements = new StatementShapes('list page', (key) => {
  const [kind, reader, limit, from] = key.split('|');
  const signedIn = reader === 'reader';
  const size = sql.raw(String(Math.trunc(Number(limit))));
  const order = sql.join(feedOrder, sql`, `);
  return (v) => {
    if (kind === 'tag') return rowsOfIds(sql`${idsOfTag(v, signedIn)} limit ${size} offset ${v('skip')}`, order);
    // With the author in the bound, only the author's index can serve it: the planner would
    // otherwise walk the whole feed's index from that day and filter by author.
    const author = kind === 'author';
    const bound = author
      ? sql`${tales.owner_id} = ${v('owner')} and (${tales.owner_id}, ${tales.is_sticked}, ${tales.publish_at}) < (${v('owner')}, ${v('sticky')}, ${v('end')})`
      : sql`(${tales.is_sticked}, ${tales.publish_at}) < (${v('sticky')}, ${v('end')})`;
    const skipped = sql`from ${tales} where ${publicPosts(signedIn, v('now'), 'written')} and ${bound} order by ${order}`;
    if (from !== 'key') return rowsOfIds(sql`select ${tales.id} ${skipped} limit ${size} offset ${v('skip')}`, order);
    const key = author ? [tales.owner_id, tales.is_sticked, tales.publish_at, tales.id] : [tales.is_sticked, tales.publish_at, tales.id];
    const keyList = sql.join(key, sql`, `);
    // the time as a filter: as an index condition, PostgreSQL would start the walk at the newest
    // post instead of at the row's key; every row it passes from there is older anyway (above)
    const shown = publicPosts(signedIn, v('now'), 'timeFiltered');
    return sql`select ${taleSelectList} from (select * from ${tales} where ${shown}${author ? sql` and ${tales.owner_id} = ${v('owner')}` : sql``}
        and (${keyList}) <= (select ${keyList} ${skipped} limit 1 offset ${v('skip')})
        order by ${order} limit ${size}) as ${tales}
      inner join ${users} on ${users.id} = ${tales.owner_id} order by ${order}`;
  };
});

/** The rows of the tales whose ids `ids` selects, with their authors' names, in the list's order. */
const rowsOfIds = (ids: SQL, order: SQL) =>
  sql`select ${taleSelectList} from ${tales} inner join ${users} on ${users.id} = ${tales.owner_id}
      where ${tales.id} in (${ids}) order by ${order}`;

function idsOfTag(v: ValueOf, signedIn: boolean): SQL {
  return sql`select ${taleTags.tale_id} from ${taleTags}
    where ${taleTags.tag} = ${v('tag')} and (${taleTags.is_sticked}, ${taleTags.publish_at}) < (${v('sticky')}, ${v('end')})
      and ${taleTags.publish_at} <= ${v('now')}${signedIn ? sql`` : sql` and ${taleTags.is_for_registered} = 0`}
    order by ${sql.join([desc(taleTags.is_sticked), desc(taleTags.publish_at), desc(taleTags.tale_id)], sql`, `)}`;
}

/** How a page finds its rows (pageStatements): from its first row's key, or by their ids. */
export type PageShape = 'key' | 'ids';

/** The shape a page takes: from its first row's key where that is safe and possible (pageStatements). */
export const pageShapeOf = (scope: ListScope, place: Pick<Place, 'sticky'>): PageShape =>
  scope.kind !== 'tag' && place.sticky === 0 ? 'key' : 'ids';

/**
 * The statement of a list's page from its row `place` on (its plan is checked in
 * positions.api.test.ts). `from` is for comparing the shapes (bench/list-pages.ts); `key` only where
 * pageShapeOf allows it.
 */
export function pageStatement(
  scope: ListScope,
  reader: Reader,
  place: Omit<Place, 'total'>,
  limit: number,
  from: PageShape = pageShapeOf(scope, place),
): ShapedStatement {
  if (from === 'key' && pageShapeOf(scope, place) !== 'key') {
    throw new Error('a page among the sticky posts, or of a hashtag, takes its ids');
  }
  return pageStatements.of(`${scope.kind}|${reader.signedIn ? 'reader' : 'visitor'}|${Math.trunc(limit)}|${from}`).with({
    now: reader.now,
    sticky: place.sticky,
    end: (place.day + 1) * DAY_SECONDS,
    skip: place.skip,
    owner: scope.kind === 'author' ? scope.id : 0,
    tag: scope.kind === 'tag' ? scope.tag : '',
  });
}

/**
 * The pages asked in one turn of the event loop, read in one round trip per PAGES_A_TRIP of them
 * (readAllPlannedOnce): under load, a turn's fresh pages cost one trip, not one each, which at a
 * million tales halved the database's work a fresh page. More a trip did no better with the
 * tables in memory, and worse with them on disk, where one connection reads every row of its trip
 * in turn (1, 4, 8, 16 and 32 measured: docs/benchmarks.md, session 44).
 */
const PAGES_A_TRIP = 8;
const pagesTogether = askedPerTurn<ShapedStatement, Record<string, unknown>[]>(
  (db, statements) => readAllPlannedOnce<Record<string, unknown>>(db, statements),
  PAGES_A_TRIP,
);

/** Rows of the list from its row `place` on: the walk starts at the place's day, not at the top. */
async function rowsFrom(db: Db, scope: ListScope, reader: Reader, place: Place, limit: number): Promise<TaleRow[]> {
  const [rows] = await pagesTogether(db, [pageStatement(scope, reader, place, limit)]);
  return rows.map(taleRowOf);
}

/** A page of a list everyone sees alike, with its exact total. */
export async function listPage(
  deps: Deps,
  scope: ListScope,
  reader: Reader,
  page: number | 'last',
  pageSize: number,
): Promise<{ rows: TaleRow[]; pagination: Pagination }> {
  const list = await listDays(deps, scope, reader.now);
  const { total } = placeOf(list, reader.signedIn, reader.now, 0);
  const pagination = paginate(page, pageSize, total);
  const place = placeOf(list, reader.signedIn, reader.now, (pagination.pageCurrentNumber - 1) * pageSize);
  const rows = total ? await rowsFrom(deps.db, scope, reader, place, pageSize) : [];
  return { rows, pagination };
}
