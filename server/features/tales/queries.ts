import { alias } from 'drizzle-orm/pg-core';
import { Column, type SQL, type Placeholder, and, is, asc, desc, eq, gt, gte, inArray, lt, lte, max, or, sql } from 'drizzle-orm';
import { SEO_NOINDEX_BELOW } from '../../../common/models/tale';
import type { Tale } from '../../../common/schemas/tale';
import { askedPerTurnBy } from '../../db/per-turn';
import { preparedOnce } from '../../db/prepared';
import { type ShapedStatement, StatementShape, StatementShapes, type ValueOf } from '../../db/shape';
import type { Db } from '../../db/client';
import { tales, users } from '../../db/schema';

/** Every column a client sees, with the author's names joined in. */
export const taleColumns = {
  id: tales.id,
  header: tales.header,
  body: tales.body,
  body_free: tales.body_free,
  body_txt: tales.body_txt,
  publish_at: tales.publish_at,
  created_at: tales.created_at,
  updated_at: tales.updated_at,
  edited_at: tales.edited_at,
  is_submitted: tales.is_submitted,
  type: tales.type,
  owner_id: tales.owner_id,
  owner_firstname: users.firstname,
  owner_lastname: users.lastname,
  owner_emblem: users.emblem,
  router_alias: tales.router_alias,
  iframe: tales.iframe,
  lang: tales.lang,
  level: tales.level,
  root_tale_id: tales.root_tale_id,
  answer_to_tale_id: tales.answer_to_tale_id,
  count_root_tale_id: tales.count_root_tale_id,
  count_answer_to_tale_id: tales.count_answer_to_tale_id,
  count_files: tales.count_files,
  count_like: tales.count_like,
  is_draft: tales.is_draft,
  is_sticked: tales.is_sticked,
  is_sticked_on_home: tales.is_sticked_on_home,
  is_adult_denied: tales.is_adult_denied,
  is_adv: tales.is_adv,
  is_comment_denied: tales.is_comment_denied,
  is_comment_for_owner: tales.is_comment_for_owner,
  is_header_hidden: tales.is_header_hidden,
  is_date_hidden: tales.is_date_hidden,
  is_avatar_hidden: tales.is_avatar_hidden,
  is_social_sharing_hidden: tales.is_social_sharing_hidden,
  is_for_registered: tales.is_for_registered,
  seo_index: tales.seo_index,
  geo_is_map_shown: tales.geo_is_map_shown,
  geo_latitude: tales.geo_latitude,
  geo_longitude: tales.geo_longitude,
  geo_zoom: tales.geo_zoom,
  geo_map_type: tales.geo_map_type,
};

/** The columns of a tale row that are its own (what an INSERT or UPDATE can return), without the author's. */
export const { owner_firstname: _f, owner_lastname: _l, owner_emblem: _e, ...ownTaleColumns } = taleColumns;

/** The author's part of a row: how they show beside what they wrote. */
export interface Byline {
  firstname: string;
  lastname: string;
  emblem: string;
}

export type OwnTaleRow = Omit<TaleRow, 'owner_firstname' | 'owner_lastname' | 'owner_emblem'>;

/** A row just written, as lists show it: its own columns (as RETURNING gave them) and its author's byline. */
export function withByline(own: OwnTaleRow, author: Byline): TaleRow {
  return { ...own, owner_firstname: author.firstname, owner_lastname: author.lastname, owner_emblem: author.emblem };
}

export function baseQuery(db: Db) {
  return db.select(taleColumns).from(tales).innerJoin(users, eq(users.id, tales.owner_id)).$dynamic();
}
export type TaleRow = Awaited<ReturnType<typeof baseQuery>>[number];

/**
 * A row as the API sends it. Every field is written out, in the schema's order, instead of
 * spreading the row and adding the rest: a literal is built with one shape for every row, while
 * adding fields to a copy of a 45-field row took V8 about 8 µs a row and gave each copy a shape
 * of its own, which made Ajv's check of it (http/serializer.ts) six times slower. A fresh feed
 * page cost the server about 40% less CPU with the literal (docs/benchmarks.md, session 48).
 */
export function presentTale(row: TaleRow, liked: boolean): Tale {
  return {
    id: row.id,
    header: row.header,
    body: row.body,
    body_free: row.body_free,
    body_txt: row.body_txt,
    publish_at: row.publish_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    edited_at: row.edited_at,
    is_submitted: row.is_submitted,
    type: row.type === 'COMMENT' ? 'COMMENT' : 'POST',
    owner_id: row.owner_id,
    owner_firstname: row.owner_firstname ?? '',
    owner_lastname: row.owner_lastname ?? '',
    owner_emblem: row.owner_emblem ?? '',
    router_alias: row.router_alias ?? '',
    router_alias_id: 0,
    iframe: row.iframe,
    lang: row.lang,
    level: row.level,
    root_tale_id: row.root_tale_id,
    answer_to_tale_id: row.answer_to_tale_id,
    count_root_tale_id: row.count_root_tale_id,
    count_answer_to_tale_id: row.count_answer_to_tale_id,
    count_files: row.count_files,
    count_like: row.count_like,
    current_user_liked: liked ? 1 : 0,
    is_draft: row.is_draft,
    is_sticked: row.is_sticked,
    is_sticked_on_home: row.is_sticked_on_home,
    is_adult_denied: row.is_adult_denied,
    is_adv: row.is_adv,
    is_comment_denied: row.is_comment_denied,
    is_comment_for_owner: row.is_comment_for_owner,
    is_header_hidden: row.is_header_hidden,
    is_date_hidden: row.is_date_hidden,
    is_avatar_hidden: row.is_avatar_hidden,
    is_social_sharing_hidden: row.is_social_sharing_hidden,
    is_for_registered: row.is_for_registered,
    seo_index: row.seo_index,
    geo_is_map_shown: row.geo_is_map_shown,
    geo_latitude: row.geo_latitude,
    geo_longitude: row.geo_longitude,
    geo_zoom: row.geo_zoom,
    geo_map_type: row.geo_map_type === 'hybrid' || row.geo_map_type === 'satellite' ? row.geo_map_type : 'map',
  };
}

/** Posts that belong in the public lists once their time comes: saved and not drafts (the feed index's condition). */
const LISTED = { type: 'POST', is_submitted: 1, is_draft: 0 } as const;
export const listedPosts = and(
  eq(tales.type, LISTED.type),
  eq(tales.is_submitted, LISTED.is_submitted),
  eq(tales.is_draft, LISTED.is_draft),
) as SQL;

/**
 * listedPosts with its values written into the statement's text: a statement planned once for any
 * values (db/transaction.ts, readAllPlannedOnce) can use the indexes whose condition this is (the
 * feed's, an author's) only when its text says it.
 */
const listedPostsWritten = sql`${tales.type} = ${sql.raw(`'${LISTED.type}'`)} and ${tales.is_submitted} = ${sql.raw(String(LISTED.is_submitted))} and ${tales.is_draft} = ${sql.raw(String(LISTED.is_draft))}`;

/**
 * How publicPosts is written. `values` (the default) passes the listed posts' values as the
 * statement's parameters. For a statement planned once for any values (readAllPlannedOnce),
 * `written` writes them into its text (listedPostsWritten); `timeFiltered`
 * also keeps `publish_at <= now` out of the index's bounds (`publish_at + 0`), for a walk that
 * starts at a row's key and must not be moved to the newest post by it (positions.ts).
 */
export type PublicPostsForm = 'values' | 'written' | 'timeFiltered';

/**
 * What the public lists show a reader: saved, non-draft, published posts, and registered-only ones
 * to signed-in readers. `now` may be a prepared statement's placeholder; `form` says how the
 * condition is written (PublicPostsForm).
 */
export function publicPosts(signedIn: boolean, now: number | Placeholder, form: PublicPostsForm = 'values'): SQL {
  const written = form !== 'values';
  const published = form === 'timeFiltered' ? sql`${tales.publish_at} + 0 <= ${now}` : lte(tales.publish_at, now);
  const conditions = [written ? listedPostsWritten : listedPosts, published];
  if (!signedIn) conditions.push(written ? sql`${tales.is_for_registered} = 0` : eq(tales.is_for_registered, 0));
  return and(...conditions) as SQL;
}

/**
 * What search engines are given (the sitemap): what a visitor may read (publicPosts), not for adults
 * only, and not asking to stay out of search engines (seo_index, as the page's noindex says).
 */
export function indexablePosts(now: number): SQL {
  return and(publicPosts(false, now), eq(tales.is_adult_denied, 0), gte(tales.seo_index, SEO_NOINDEX_BELOW)) as SQL;
}

export interface IndexableRow {
  id: number;
  router_alias: string | null;
  publish_at: number;
  updated_at: number;
  seo_index: number;
}

/** Indexable posts with ids in (after, before), by id: a walk of the primary key, `limit` at a time. */
export async function indexableRows(db: Db, range: { after: number; before: number; limit: number; now: number }): Promise<IndexableRow[]> {
  return db
    .select({
      id: tales.id,
      router_alias: tales.router_alias,
      publish_at: tales.publish_at,
      updated_at: tales.updated_at,
      seo_index: tales.seo_index,
    })
    .from(tales)
    .where(and(gt(tales.id, range.after), lt(tales.id, range.before), indexablePosts(range.now)))
    .orderBy(asc(tales.id))
    .limit(range.limit);
}

/** The highest tale id there is (0 for none): where the sitemap's id ranges end. */
export async function lastTaleId(db: Db): Promise<number> {
  const [r] = await db.select({ id: max(tales.id) }).from(tales);
  return r?.id ?? 0;
}

export const feedOrder = [desc(tales.is_sticked), desc(tales.publish_at), desc(tales.id)];

export async function selectTales(
  db: Db,
  where: SQL | undefined,
  opts: { limit?: number; offset?: number; order?: 'feed' | 'thread' } = {},
) {
  if (opts.order !== 'thread' && opts.offset && opts.limit !== undefined) {
    // A deep page skips its offset on ids alone (an index-only scan of the feed index), then
    // reads the few rows it shows: joining every skipped row to its author would cost a
    // thousand times more at page 1,000.
    const page = db
      .select({ id: tales.id })
      .from(tales)
      .where(where)
      .orderBy(...feedOrder)
      .limit(opts.limit)
      .offset(opts.offset);
    return await baseQuery(db)
      .where(inArray(tales.id, page))
      .orderBy(...feedOrder);
  }
  let q = baseQuery(db).where(where);
  q = opts.order === 'thread' ? q.orderBy(tales.publish_at, tales.id) : q.orderBy(...feedOrder);
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  if (opts.offset) q = q.offset(opts.offset);
  return await q;
}

/**
 * What a search's terms ask of a tale, as conditions: every word (a `to_tsquery` text) in its
 * search text, every hashtag among its tags. Given values or placeholders (a prepared statement);
 * a term given as null asks nothing.
 */
export function searchMatches(tsquery: string | Placeholder | null, tags: string[] | Placeholder | null): SQL[] {
  const matches: SQL[] = [];
  if (tsquery !== null) matches.push(sql`${tales.search_vector} @@ to_tsquery('simple', ${tsquery})`);
  if (tags !== null) matches.push(sql`${tales.tags} @> ${Array.isArray(tags) ? sql.param(tags) : tags}::text[]`);
  return matches;
}

/**
 * The feed order's keys of the posts a whole-feed search matches, at most `max`, from the text
 * indexes: one prepared statement per kind of reader and kind of search (words, hashtags, both)
 * and `max`, built once, so a search does not build and parse its SQL each time (at 1M tales that
 * was a fifth of a no-match search's cost in the server). The feed's conditions (publicPosts) and
 * the search's (searchMatches).
 */
export async function searchKeys(
  db: Db,
  search: { tsquery: string | null; tags: string[] },
  reader: { signedIn: boolean; now: number },
  max: number,
): Promise<{ id: number; is_sticked: number; publish_at: number }[]> {
  const words = search.tsquery !== null;
  const hashtags = search.tags.length > 0;
  const limit = Math.trunc(max);
  const key = `search|${reader.signedIn}|${words}|${hashtags}|${limit}`;
  const q = preparedOnce(db, key, () =>
    db
      .select({ id: tales.id, is_sticked: tales.is_sticked, publish_at: tales.publish_at })
      .from(tales)
      .where(
        and(
          publicPosts(reader.signedIn, sql.placeholder('now')),
          ...searchMatches(words ? sql.placeholder('q') : null, hashtags ? sql.placeholder('tags') : null),
        ),
      )
      // the limit written into the statement, not bound (as positions.ts' pageQuery, docs/decisions.md)
      .limit(sql.raw(String(limit)) as unknown as number)
      .prepare(`tales_search_keys_${reader.signedIn ? 'reader' : 'visitor'}_${words ? 'w' : ''}${hashtags ? 't' : ''}_${limit}`),
  );
  return q.execute({ now: reader.now, q: search.tsquery ?? '', tags: search.tags });
}

/** `rows` in the order of `ids` (an id without a row is left out). */
function inOrderOf(ids: number[], rows: TaleRow[]): TaleRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is TaleRow => r !== undefined);
}

/**
 * Rows by id, in the order of `ids`: a search's page. One prepared statement (`= any($1)`), built
 * once: building the SELECT anew each time was a tenth of a memory search's cost in the server.
 */
export async function selectTalesByIds(db: Db, ids: number[]): Promise<TaleRow[]> {
  if (!ids.length) return [];
  const q = preparedOnce(db, 'tales_by_ids', () =>
    baseQuery(db)
      .where(sql`${tales.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('tales_by_ids'),
  );
  const rows = await q.execute({ ids });
  return inOrderOf(ids, rows);
}

/** Tales of the placeholder `ids` the reader may see at the placeholder `now` (publicPosts): the memory search's pages. */
const visibleByIds = (signedIn: boolean) =>
  and(sql`${tales.id} = any(${sql.placeholder('ids')}::int[])`, publicPosts(signedIn, sql.placeholder('now')));

interface Reader {
  signedIn: boolean;
  /** Seconds. */
  now: number;
}
type ReaderAsk = Reader & { id: number };

/**
 * Asks about tales by id for a reader, gathered across the requests served in one turn of the
 * event loop: `read` runs once per kind of reader and second among them, for all their ids (a
 * fresh search's page otherwise costs a query of its own for ten ids). Answers, per asked id, what
 * `read` found for it, or undefined.
 */
function askedTogether<R>(read: (db: Db, reader: Reader, ids: number[]) => Promise<Map<number, R>>) {
  const asked = askedPerTurnBy<ReaderAsk, R | undefined>(
    (ask) => [ask.signedIn, ask.now],
    async (db, group) => {
      const found = await read(db, group[0], [...new Set(group.map((a) => a.id))]);
      return group.map((a) => found.get(a.id));
    },
  );
  return (db: Db, ids: readonly number[], reader: Reader): Promise<(R | undefined)[]> =>
    asked(
      db,
      ids.map((id) => ({ id, signedIn: reader.signedIn, now: reader.now })),
    );
}

const visibleRows = askedTogether<TaleRow>(async (db, { signedIn, now }, ids) => {
  const name = `tales_visible_by_ids_${signedIn ? 'reader' : 'visitor'}`;
  const q = preparedOnce(db, name, () => baseQuery(db).where(visibleByIds(signedIn)).prepare(name));
  return new Map((await q.execute({ ids, now })).map((r) => [r.id, r]));
});

const visibleIds = askedTogether<true>(async (db, { signedIn, now }, ids) => {
  const name = `tale_ids_visible_${signedIn ? 'reader' : 'visitor'}`;
  const q = preparedOnce(db, name, () => db.select({ id: tales.id }).from(tales).where(visibleByIds(signedIn)).prepare(name));
  return new Map((await q.execute({ ids, now })).map((r) => [r.id, true as const]));
});

/**
 * The rows of these ids the reader may see now (publicPosts), in the order of `ids`: a page of the
 * memory search. Asked together with other requests' (askedTogether).
 */
export async function selectVisibleTalesByIds(db: Db, ids: readonly number[], reader: Reader): Promise<TaleRow[]> {
  if (!ids.length) return [];
  return (await visibleRows(db, ids, reader)).filter((r): r is TaleRow => r !== undefined);
}

/**
 * Which of these ids the reader may see now (publicPosts), for the rows of the memory search kept
 * in memory. Asked together with other requests' (askedTogether).
 */
export async function visibleTaleIds(db: Db, ids: readonly number[], reader: Reader): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const seen = await visibleIds(db, ids, reader);
  return new Set(ids.filter((_, i) => seen[i]));
}

/**
 * How many rows match, counted exactly up to `cap` and reported as `cap` beyond it. An exact
 * count of a million-row feed or of a common search word reads every match; a capped count reads
 * at most `cap` index entries, so the feed's cost does not grow with the site (docs/decisions.md).
 */
export async function countTales(db: Db, where: SQL | undefined, cap = Number.MAX_SAFE_INTEGER - 1): Promise<number> {
  if (cap >= Number.MAX_SAFE_INTEGER - 1) {
    const [all] = await db.select({ n: sql<number>`count(*)::int` }).from(tales).where(where);
    return all.n;
  }
  const inner = db
    .select({ one: sql`1` })
    .from(tales)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return Math.min(r.n, cap);
}

export async function findTaleRow(db: Db, where: SQL) {
  const rows = await selectTales(db, and(where), { limit: 1 });
  return rows[0];
}

const taleByIdQuery = (db: Db) =>
  baseQuery(db)
    .where(eq(tales.id, sql.placeholder('id')))
    .limit(1)
    .prepare('tales_tale_by_id');
const taleByIdQueries = new WeakMap<Db, ReturnType<typeof taleByIdQuery>>();

/**
 * One tale or comment by id: the tale page, and the first step of every comment, like and
 * likers request. Built once and prepared (one plan per connection), as it runs that often.
 * Only for the app's database object, not a transaction's.
 */
export async function findTaleById(db: Db, id: number): Promise<TaleRow | undefined> {
  let q = taleByIdQueries.get(db);
  if (!q) {
    q = taleByIdQuery(db);
    taleByIdQueries.set(db, q);
  }
  const rows = await q.execute({ id });
  return rows[0];
}

/**
 * What a tale is that no like, comment or upload changes: whose it is, where in a thread, who may
 * see it and who may comment under it (policies' TaleFacts and ThreadFacts). Only saving the tale
 * changes these, and only its delete takes them away.
 */
const taleFactColumns = {
  id: tales.id,
  owner_id: tales.owner_id,
  type: tales.type,
  level: tales.level,
  root_tale_id: tales.root_tale_id,
  answer_to_tale_id: tales.answer_to_tale_id,
  is_submitted: tales.is_submitted,
  is_draft: tales.is_draft,
  publish_at: tales.publish_at,
  is_for_registered: tales.is_for_registered,
  is_comment_denied: tales.is_comment_denied,
  is_comment_for_owner: tales.is_comment_for_owner,
};
export type TaleFactsRow = Pick<TaleRow, keyof typeof taleFactColumns>;

const taleFactsQuery = (db: Db) =>
  db
    .select(taleFactColumns)
    .from(tales)
    .where(eq(tales.id, sql.placeholder('id')))
    .limit(1)
    .prepare('tales_facts_by_id');

/**
 * The facts of one tale or comment by id (TaleFactsRow), prepared once: what a like checks and
 * its notification links to. Only for the app's database object, not a transaction's.
 */
export async function findTaleFacts(db: Db, id: number): Promise<TaleFactsRow | undefined> {
  const q = preparedOnce(db, 'tales_facts_by_id', () => taleFactsQuery(db));
  const rows = await q.execute({ id });
  return rows[0];
}

/**
 * Takes the thread's lock: the post's row, FOR NO KEY UPDATE, until the transaction ends. Every
 * transaction that adds or removes comments under a post takes it first, so they take turns, and
 * each statement after it sees every comment the previous holders committed: counters moved or
 * recounted under it stay exact however many people write at once. (A recount without it, in
 * READ COMMITTED, misses the comments of writers that commit while it runs.) The lock does not
 * conflict with the key-share locks that inserting a like, a file or a comment row takes on the
 * post, so only comment writes of this one thread wait for each other. False when the post is gone.
 */
export async function lockThread(db: Db, postId: number): Promise<boolean> {
  return (await lockTale(db, postId)) !== undefined;
}

/**
 * Locks one tale's row (FOR NO KEY UPDATE, as lockThread) and answers it as it is under the lock:
 * a writer reads, authorises and changes the row in one transaction, with one query to lock and read.
 */
export async function lockTale(db: Db, id: number): Promise<TaleRow | undefined> {
  const rows = await baseQuery(db).where(eq(tales.id, id)).limit(1).for('no key update', { of: tales });
  return rows[0];
}

/**
 * The statement that locks the thread a comment goes into and reads its rows as they are under the
 * lock: the post, and the comment answered when it is not the post (none when `answerTo` is gone;
 * `threadOf` tells which is which). Both are locked in id order (the post first, as every writer
 * takes them), so the one answered cannot go while the reply is written.
 */
export function lockThreadOf(answerTo: number): ShapedStatement {
  return threadLock.with({ answerTo });
}
const threadLock = new StatementShape(
  'thread lock',
  (v) => sql`select ${namedList(taleFactColumns)} from ${tales}
    where id in (${v('answerTo')}::int, (select t.root_tale_id from ${tales} t where t.id = ${v('answerTo')}::int))
    order by id for no key update`,
);

/** The post and the parent among the rows lockThreadOf read (raw, as the database answered them). */
export function threadOf(answerTo: number, raw: Record<string, unknown>[]): { parent?: TaleFactsRow; post?: TaleFactsRow } {
  const rows = raw.map((r) => rowOf(taleFactColumns, r) as TaleFactsRow);
  const parent = rows.find((r) => r.id === answerTo);
  return { parent, post: parent?.type === 'POST' ? parent : rows.find((r) => r.id === parent?.root_tale_id) };
}

/**
 * Moves the counters for one comment added (`delta` 1) under `parentId` in the thread of `postId`:
 * the parent's direct replies and the post's comments. Atomic increments in the writer's
 * transaction, under the thread's lock (lockThread): the statement, to run alone or as a part of a larger one.
 */
export function threadCountsMoved(parentId: number | SQL, postId: number | SQL, delta: number | SQL): SQL {
  return sql`update ${tales}
    set count_answer_to_tale_id = count_answer_to_tale_id + case when id = ${parentId}::int then ${delta}::int else 0 end,
        count_root_tale_id = count_root_tale_id + case when id = ${postId}::int then ${delta}::int else 0 end
    where id in (${parentId}::int, ${postId}::int)`;
}

/**
 * Locks the given tales' rows (FOR NO KEY UPDATE) in id order, as every other writer takes them
 * (a post before its comments), until the transaction ends.
 */
export async function lockTales(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`select id from tales where id in (select unnest(${sql.param(ids)}::int[])) order by id for no key update`);
}

/** Tales whose thread counters a user's comments move: what they answer and the posts above them. */
export async function threadsCommentedBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ answerTo: tales.answer_to_tale_id, root: tales.root_tale_id })
    .from(tales)
    .where(and(eq(tales.owner_id, userId), eq(tales.type, 'COMMENT')));
  return [...new Set(rows.flatMap((r) => [r.answerTo, r.root]).filter((x): x is number => x != null))];
}

/** A user's posts and every hashtag they carry (what removing the user takes out of which lists). */
export async function postsAndTagsOf(db: Db, userId: number): Promise<{ ids: number[]; tags: string[] }> {
  const rows = await db
    .select({ id: tales.id, tags: tales.tags })
    .from(tales)
    .where(and(eq(tales.owner_id, userId), eq(tales.type, 'POST')));
  return { ids: rows.map((r) => r.id), tags: [...new Set(rows.flatMap((r) => r.tags))] };
}

/** Sets like and file counters from counts their owners made (after a user and their rows went), in one statement. */
export async function setAttachmentCounts(db: Db, counts: Map<number, { likes: number; files: number }>) {
  if (!counts.size) return;
  const ids = [...counts.keys()];
  const column = (pick: (c: { likes: number; files: number }) => number) =>
    sql.param(ids.map((id) => pick(counts.get(id) ?? { likes: 0, files: 0 })));
  await db.execute(sql`
    update tales t set count_like = c.likes, count_files = c.files
    from unnest(${sql.param(ids)}::int[], ${column((c) => c.likes)}::int[], ${column((c) => c.files)}::int[]) as c(id, likes, files)
    where t.id = c.id`);
}

/**
 * Sets the comment counters of the given tales from the rows themselves, in the caller's
 * transaction: direct replies, and for posts all comments under them. Exact only under the
 * thread's lock (lockThread), taken before the change it follows.
 */
export async function recountThreads(db: Db, taleIds: (number | null | undefined)[]) {
  const idList = [...new Set(taleIds.filter((x): x is number => typeof x === 'number'))];
  for (const id of idList) {
    await db
      .update(tales)
      .set({
        count_answer_to_tale_id: sql`(select count(*)::int from tales c where c.answer_to_tale_id = ${id})`,
        count_root_tale_id: sql`(select count(*)::int from tales c where c.root_tale_id = ${id})`,
      })
      .where(eq(tales.id, id));
  }
}

/** Every column a client sees (taleColumns) by its name here, for a raw statement's select list (taleRowOf reads its rows). */
export const taleSelectList = namedList(taleColumns, true);

/** A row a raw statement returned with taleSelectList. */
export function taleRowOf(raw: Record<string, unknown>): TaleRow {
  return rowOf(taleColumns, raw) as TaleRow;
}

/**
 * These columns by their names here, for a raw statement's select or returning list (rowOf reads
 * its rows); `qualified` names each with its table, for a select of more than one.
 */
function namedList(columns: Record<string, Column>, qualified = false): SQL {
  return sql.join(
    Object.entries(columns).map(([name, column]) => sql`${qualified ? column : sql.identifier(column.name)} as ${sql.identifier(name)}`),
    sql`, `,
  );
}

/**
 * How a set of columns is read from a raw row: each name, with its column where the column changes
 * what the driver gave (bigint seconds as numbers); a column that keeps it as it is (text) is not
 * called. Made once per set: a page of rows used to walk `Object.entries` of 45 columns for each.
 */
const readers = new WeakMap<Record<string, Column>, { names: string[]; mapped: (Column | undefined)[] }>();
function readerOf(columns: Record<string, Column>) {
  let reader = readers.get(columns);
  if (!reader) {
    const entries = Object.entries(columns);
    reader = {
      names: entries.map(([name]) => name),
      mapped: entries.map(([, column]) => (column.mapFromDriverValue === Column.prototype.mapFromDriverValue ? undefined : column)),
    };
    readers.set(columns, reader);
  }
  return reader;
}

/** A row a raw statement returned with these columns' names, read as drizzle reads each column (bigint seconds as numbers). */
function rowOf(columns: Record<string, Column>, raw: Record<string, unknown>): Record<string, unknown> {
  const { names, mapped } = readerOf(columns);
  const row: Record<string, unknown> = {};
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const value = raw[name];
    const column = mapped[i];
    row[name] = column === undefined || value === null || value === undefined ? value : column.mapFromDriverValue(value);
  }
  return row;
}

/** A tale's own row as a raw statement returned it (ownTaleColumns' names). */
export function ownTaleRowOf(raw: Record<string, unknown>): OwnTaleRow {
  return rowOf(ownTaleColumns, raw) as OwnTaleRow;
}

/**
 * The statement that adds a post with these column values and its search text, and answers its
 * row as written (its own columns). Its text is made once for each set of columns a new post
 * sets (db/shape.ts); each value is encoded by its column, as drizzle's insert does.
 */
export function insertPost(values: Partial<typeof tales.$inferInsert>, searchDocument: string): ShapedStatement {
  const fields = Object.keys(values)
    .filter((k) => values[k as keyof typeof values] !== undefined)
    .sort();
  return postInsert.of(fields.join(',')).with({ ...values, regconfig: 'simple', searchDocument });
}
const postInsert = new StatementShapes('new post', (key) => {
  const columns = key.split(',').map((field) => {
    const column = (tales as unknown as Record<string, unknown>)[field];
    if (!is(column, Column)) throw new Error(`new post: ${field} is not a column of tales`);
    return [field, column] as const;
  });
  return (v) => sql`insert into ${tales} (${sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  )}, search_vector)
    values (${sql.join(
      columns.map(([field, column]) => sql.param(v(field), column)),
      sql`, `,
    )}, to_tsvector(${v('regconfig')}::regconfig, ${v('searchDocument')}))
    returning ${namedList(ownTaleColumns)}`;
});

/**
 * The statement that adds a comment and answers its row as written (its own columns): a part of a
 * larger, shaped one (db/shape.ts), its values named `type` ('COMMENT'), `owner`, `level`, `root`,
 * `answerTo`, `body`, `bodyTxt` and `now`.
 */
export function insertComment(v: ValueOf, onlyIf?: SQL): SQL {
  const row = sql`${v('type')}, ${v('owner')}::int, ${v('level')}::int, ${v('root')}::int, ${v('answerTo')}::int, ${v('body')}, ${v('bodyTxt')}, 1, ${v('now')}::bigint, ${v('now')}::bigint, ${v('now')}::bigint`;
  return sql`insert into ${tales} (type, owner_id, level, root_tale_id, answer_to_tale_id, body, body_txt, is_submitted, publish_at, created_at, updated_at)
    ${onlyIf ? sql`select ${row} where ${onlyIf}` : sql`values (${row})`}
    returning ${namedList(ownTaleColumns)}`;
}

/** The facts of a post that a comment under it was allowed on, as the values lockPostAsAllowed compares. */
export function factsAllowedOn(post: TaleFactsRow): Record<string, number> {
  return {
    postOwner: post.owner_id,
    postSubmitted: post.is_submitted,
    postDraft: post.is_draft,
    postPublishAt: post.publish_at,
    postForRegistered: post.is_for_registered,
    postCommentDenied: post.is_comment_denied,
    postCommentForOwner: post.is_comment_for_owner,
  };
}

/**
 * Takes the thread's lock (the post's row, as lockThreadOf) and answers a row only if the post is
 * still as a comment was allowed on (factsAllowedOn): what a write decided on facts read earlier
 * checks, under the lock, before it writes. A part of a larger, shaped statement, the post's id named `root`.
 */
export function lockPostAsAllowed(v: ValueOf): SQL {
  return sql`select from ${tales} where id = ${v('root')}::int and owner_id = ${v('postOwner')}::int
    and is_submitted = ${v('postSubmitted')}::int and is_draft = ${v('postDraft')}::int and publish_at = ${v('postPublishAt')}::bigint
    and is_for_registered = ${v('postForRegistered')}::int and is_comment_denied = ${v('postCommentDenied')}::int
    and is_comment_for_owner = ${v('postCommentForOwner')}::int
    for no key update`;
}

export async function updateCommentBody(db: Db, id: number, body: string, bodyTxt: string, now: number, editedAt?: number) {
  await db
    .update(tales)
    .set({ body, body_txt: bodyTxt, updated_at: now, ...(editedAt === undefined ? {} : { edited_at: editedAt }) })
    .where(eq(tales.id, id));
}

/**
 * Moves a tale's file counter by the file rows really inserted or deleted in the caller's
 * transaction (the files feature's only way to change a tale); never below zero.
 */
export async function addToFileCount(db: Db, taleId: number, delta: number): Promise<void> {
  await db
    .update(tales)
    .set({ count_files: sql`greatest(${tales.count_files} + ${delta}, 0)` })
    .where(eq(tales.id, taleId));
}

/**
 * What one person wrote, as deleting their account would take it: posts readers can see (or will:
 * scheduled ones count), drafts, comments, and other people's comments under their posts, which go
 * with them. Their one unsaved tale is not counted.
 */
export async function writtenBy(
  db: Db,
  userId: number,
): Promise<{ tales: number; drafts: number; comments: number; othersComments: number }> {
  const rows = await db
    .select({ type: tales.type, draft: tales.is_draft, submitted: tales.is_submitted, n: sql<number>`count(*)::int` })
    .from(tales)
    .where(eq(tales.owner_id, userId))
    .groupBy(tales.type, tales.is_draft, tales.is_submitted);
  const sum = (pick: (r: (typeof rows)[number]) => boolean) => rows.filter(pick).reduce((n, r) => n + r.n, 0);
  const posts = alias(tales, 'posts');
  const parents = alias(tales, 'parents');
  // others' comments under their posts (tales_root_idx), and others' replies to their comments
  // under other people's posts (tales_answers_idx): both go with them (replies are one level deep)
  const [underPosts] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tales)
    .innerJoin(posts, eq(posts.id, tales.root_tale_id))
    .where(and(eq(posts.owner_id, userId), eq(tales.type, 'COMMENT'), sql`${tales.owner_id} <> ${userId}`));
  const [underComments] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tales)
    .innerJoin(parents, eq(parents.id, tales.answer_to_tale_id))
    .innerJoin(posts, eq(posts.id, tales.root_tale_id))
    .where(
      and(
        eq(parents.owner_id, userId),
        eq(parents.type, 'COMMENT'),
        eq(tales.type, 'COMMENT'),
        sql`${tales.owner_id} <> ${userId}`,
        sql`${posts.owner_id} <> ${userId}`,
      ),
    );
  const others = { n: (underPosts?.n ?? 0) + (underComments?.n ?? 0) };
  return {
    tales: sum((r) => r.type === 'POST' && r.submitted === 1 && r.draft === 0),
    drafts: sum((r) => r.type === 'POST' && r.submitted === 1 && r.draft === 1),
    comments: sum((r) => r.type === 'COMMENT'),
    othersComments: others.n,
  };
}

/** What a user's archive holds of one tale or comment they wrote (exports). */
export interface WrittenRow extends OwnTaleRow {
  tags: string[];
}

/**
 * A user's saved posts (drafts and scheduled ones too) or comments, by id after `afterId`, `limit`
 * at a time (tales_owner_idx): the walk an archive of their data takes.
 */
export async function writtenRows(
  db: Db,
  userId: number,
  kind: 'POST' | 'COMMENT',
  range: { afterId: number; limit: number },
): Promise<WrittenRow[]> {
  return db
    .select({ ...ownTaleColumns, tags: tales.tags })
    .from(tales)
    .where(and(eq(tales.owner_id, userId), eq(tales.type, kind), eq(tales.is_submitted, 1), gt(tales.id, range.afterId)))
    .orderBy(asc(tales.id))
    .limit(range.limit);
}

/**
 * The header and address of the posts these comments hang under, by id (an archive names where each
 * comment is): those the reader may see now as a signed-in reader (publicPosts), and their own.
 */
export async function postsByIds(
  db: Db,
  ids: number[],
  reader: { readerId: number; now: number },
): Promise<Map<number, { header: string; router_alias: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: tales.id, header: tales.header, router_alias: tales.router_alias })
    .from(tales)
    .where(and(inArray(tales.id, ids), or(publicPosts(true, reader.now), eq(tales.owner_id, reader.readerId))));
  return new Map(rows.map((r) => [r.id, { header: r.header, router_alias: r.router_alias }]));
}
