import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { isLoggedIn } from '../../../common/abilities';
import { MSG, danger } from '../../../common/messages';
import { LIKE_TABLES, type LikeAnswer, type LikeBody, type Liker, threadLink } from '../../../common/schemas/conversation';
import { type Pagination, paginate } from '../../../common/schemas/envelope';
import { nowSeconds } from '../../db/time';
import { LOCK } from '../../db/locks';
import { StatementShape } from '../../db/shape';
import type { Db } from '../../db/client';
import { type PageRead, nearerEnd, pageOrder } from '../../db/nearer-end';
import { likes, tales, users } from '../../db/schema';
import { countsBy } from '../../db/counts';
import { askedPerTurn } from '../../db/per-turn';
import { preparedOnce } from '../../db/prepared';
import type { Deps } from '../../deps';
import { userDependency } from '../../caches';
import { type AppEvent, transactOne } from '../../events';
import { invalid, needLogin, notFound } from '../../http/errors';
import { notifyFor, withdrawFor } from '../notifications/service';
import { isForeignKeyViolation } from '../../db/faults';
import type { TaleFactsRow } from '../tales/queries';
import { type Caller, assertVisible, taleFacts, taleRow } from '../tales/service';

/**
 * The tale or comment a like or a likers list is of, once the caller may see it: by its facts for
 * a like (kept in memory across likes, tales/service.ts taleFacts), by its whole row for a list
 * (which pages by its like counter).
 */
async function likedItem<Row extends TaleFactsRow>(
  deps: Deps,
  caller: Caller,
  refTable: string,
  refId: number,
  read: (deps: Deps, id: number) => Promise<Row | undefined>,
): Promise<Row> {
  if (!(LIKE_TABLES as readonly string[]).includes(refTable.toLowerCase())) throw invalid(danger(MSG.likeUnknownTable));
  const row = await read(deps, refId);
  if (row?.is_submitted !== 1) throw notFound();
  await assertVisible(deps, caller, row);
  return row;
}

/** Where a like notification leads: the post, or the liked comment lit in its branch. */
function likeLink(row: TaleFactsRow): string {
  if (row.type === 'POST' || row.root_tale_id == null) return threadLink(row.id);
  return threadLink(row.root_tale_id, row.id, row.level === 1 ? row.id : (row.answer_to_tale_id ?? row.id));
}

/** The statement that flips a like (toggleLike), its text made once (db/shape.ts). */
const likeFlip = new StatementShape('like flip', (v) => {
  const event = { to: v('to'), from: v('user'), taleId: v('tale'), kind: v('kind') };
  return sql`with added as (
      insert into ${likes} (user_id, tale_id, created_at) values (${v('user')}, ${v('tale')}, ${v('now')})
      on conflict do nothing returning id
    ), removed as (
      delete from ${likes} where user_id = ${v('user')} and tale_id = ${v('tale')} and not exists (select from added)
      returning id
    ), counted as (
      update ${tales} set count_like = count_like + (select count(*) from added)::int - (select count(*) from removed)::int
      where id = ${v('tale')} returning count_like
    ), told as (${notifyFor(sql`added`, { ...event, txt: v('txt'), link: v('link'), at: v('now') })}
    ), untold as (${withdrawFor(sql`removed`, event)})
    select (select count(*) from added)::int as liked, (select count_like from counted) as count`;
});

/**
 * `val: 1` toggles the caller's like (wire-protocol.md). The unique key and a counter moved by
 * exactly the rows inserted or deleted keep the count right under concurrent clicks.
 */
export async function toggleLike(deps: Deps, caller: Caller, body: LikeBody): Promise<LikeAnswer> {
  if (!isLoggedIn(caller)) throw needLogin();
  const row = await likedItem(deps, caller, body.ref_table, body.ref_id, taleFacts);
  // Committed, shared feed pages show the new count; the author's unread count moves.
  const events: AppEvent[] = [{ type: 'tale.changed', taleId: row.id }];
  if (row.owner_id !== caller.id) events.push({ type: 'user.changed', userId: row.owner_id });
  // One statement flips it (run under the lock, so it sees the last click's commit): the like is
  // added, or else the one there removed; the counter moves by exactly the rows added or removed;
  // the author's notification comes or goes with it. Its whole transaction is known before it
  // starts, so it is one round trip (transactOne).
  const values = {
    user: caller.id,
    tale: row.id,
    to: row.owner_id,
    now: nowSeconds(),
    kind: 'like',
    txt: MSG.youAreLiked,
    link: likeLink(row),
  };
  const [flipped] = await transactOne<{ liked: number; count: number }>(
    deps,
    likeFlip.with(values),
    events,
    // One user's clicks on one item take turns (the lock is taken with BEGIN), so each click flips
    // the state exactly once; other users' likes of the same item do not wait.
    { lock: LOCK.likeOf(caller.id, row.id) },
  ).catch((error: unknown) => {
    // The tale was deleted after it was checked (on another server, a moment before): it is gone.
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  });
  return { AmountLikes: flipped?.count ?? 0, CurrentUserLiked: flipped?.liked ? 1 : 0 };
}

/**
 * Who liked a tale or comment, newest first. The total is the item's like counter (kept exact by
 * every like, unlike and account removal), so no request counts rows; a page past the middle is
 * read from the oldest end (nearer-end.ts), so the last page of the most-liked tale costs what its
 * first does. A page is shared between readers like a feed page: it is dropped when a like of the
 * item comes or goes (its tale.changed) and when a liker is renamed or removed.
 */
export async function likers(
  deps: Deps,
  caller: Caller,
  refTable: string,
  refId: number,
  pageSize: number,
  page: number | 'last',
): Promise<{ items: Liker[]; pagination: Pagination }> {
  const row = await likedItem(deps, caller, refTable, refId, taleRow);
  const pagination = paginate(page, pageSize, row.count_like);
  const items = await deps.caches.likers.get(`${row.id}:${pageSize}:${pagination.pageCurrentNumber}:${row.count_like}`, async () => {
    deps.caches.taleUses.use([row.id]);
    const page = await likersPage(deps.db, row.id, nearerEnd(row.count_like, pageSize, pagination.pageCurrentNumber));
    deps.caches.taleUses.use(page.map((liker) => userDependency(liker.user_id)));
    return page;
  });
  return { items, pagination };
}

async function likersPage(db: Db, taleId: number, read: PageRead): Promise<Liker[]> {
  const order = pageOrder(read.reversed, likes.created_at, likes.id);
  const rows = await db
    .select({
      id: likes.id,
      user_id: likes.user_id,
      from_emblem: users.emblem,
      from_firstname: users.firstname,
      from_lastname: users.lastname,
      created_at: likes.created_at,
    })
    .from(likes)
    .innerJoin(users, eq(users.id, likes.user_id))
    .where(eq(likes.tale_id, taleId))
    .orderBy(...order)
    .limit(read.limit)
    .offset(read.offset);
  return read.reversed ? rows.reverse() : rows;
}

/**
 * Which of the asked (user, tale) pairs are likes: the pairs as two arrays read side by side
 * (unnest), each looked up in likes_user_tale_uq. Asking for every user in one array and every
 * tale in another matched each user's likes against every tale asked in the turn: at a million
 * tales, 20 readers asking about 200 tales read the 10,226 likes of those readers from the index
 * (1.8 ms; 25 ms for 100 readers whose likes were not in memory) for 200 lookups (0.5 ms;
 * docs/benchmarks.md, session 43).
 */
function likedQuery(db: Db) {
  return db
    .select({ user_id: likes.user_id, tale_id: likes.tale_id })
    .from(likes)
    .where(
      sql`(${likes.user_id}, ${likes.tale_id}) in (select * from unnest(${sql.placeholder('users')}::int[], ${sql.placeholder('ids')}::int[]))`,
    )
    .prepare('tales_liked_by');
}

interface LikedAsk {
  userId: number;
  taleId: number;
}

const pairKey = (userId: number, taleId: number) => `${userId}:${taleId}`;

/**
 * Whether each user liked each tale: the asked pairs in one prepared statement (a pair asked twice
 * is looked up once: `in` takes each pair once), matched up here.
 */
const likedTogether = askedPerTurn<LikedAsk, boolean>(async (db, asks) => {
  const q = preparedOnce(db, 'tales_liked_by', () => likedQuery(db));
  const rows = await q.execute({ users: asks.map((a) => a.userId), ids: asks.map((a) => a.taleId) });
  const liked = new Set(rows.map((r) => pairKey(r.user_id, r.tale_id)));
  return asks.map((a) => liked.has(pairKey(a.userId, a.taleId)));
});

/**
 * Which of these tales the user liked (for current_user_liked). Every list a logged-in reader
 * sees asks this, so the asks of all requests handled in one turn of the event loop are answered
 * together (askedPerTurn): under load, sixty readers opening the feed at once cost one round
 * trip, not sixty. An ask made inside a transaction is answered in that transaction.
 */
export async function likedBy(db: Db, userId: number, taleIds: number[]): Promise<Set<number>> {
  const liked = await likedTogether(
    db,
    taleIds.map((taleId) => ({ userId, taleId })),
  );
  return new Set(taleIds.filter((_, i) => liked[i]));
}

/** How many likes each of these tales has (counted from the rows: after a user and their likes went). */
export function likeCountsOf(db: Db, taleIds: number[]): Promise<Map<number, number>> {
  return countsBy(db, likes.tale_id, taleIds);
}

/** The tales a user liked (their counters move when the user goes). */
export async function talesLikedBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: likes.tale_id }).from(likes).where(eq(likes.user_id, userId));
  return rows.map((r) => r.id);
}

/** How many likes one person gave (likes_user_tale_uq): what deleting the account takes back. */
export async function likesGivenBy(db: Db, userId: number): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(likes).where(eq(likes.user_id, userId));
  return r?.n ?? 0;
}

/** The likes a user gave, by id after `afterId`, `limit` at a time: what an archive of their data lists. */
export async function likesGivenList(
  db: Db,
  userId: number,
  range: { afterId: number; limit: number },
): Promise<{ id: number; tale_id: number; root_tale_id: number | null; created_at: number }[]> {
  return db
    .select({ id: likes.id, tale_id: likes.tale_id, root_tale_id: tales.root_tale_id, created_at: likes.created_at })
    .from(likes)
    .innerJoin(tales, eq(tales.id, likes.tale_id))
    .where(and(eq(likes.user_id, userId), gt(likes.id, range.afterId)))
    .orderBy(asc(likes.id))
    .limit(range.limit);
}
