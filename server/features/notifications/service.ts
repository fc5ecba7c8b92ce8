import { type SQL, and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Notification } from '../../../common/schemas/conversation';
import { type Pagination, paginate } from '../../../common/schemas/envelope';
import { nowSeconds } from '../../db/time';
import type { Db } from '../../db/client';
import { nearerEnd, pageOrder } from '../../db/nearer-end';
import { preparedOnce } from '../../db/prepared';
import { notifications, users } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import type { Deps } from '../../deps';
import { type Emit, transact } from '../../events';

export type NotificationKind = 'comment' | 'answer' | 'like';

export interface NotificationEvent {
  to: number;
  from: number;
  taleId: number;
  kind: NotificationKind;
  txt: string;
  link: string;
}

/** Records an event for its recipient, in the caller's transaction: never to oneself, never twice. */
export async function notify(db: Db, emit: Emit, e: NotificationEvent) {
  if (e.to === e.from) return;
  emit({ type: 'user.changed', userId: e.to });
  await db
    .insert(notifications)
    .values({
      user_id: e.to,
      from_id: e.from,
      tale_id: e.taleId,
      kind: e.kind,
      txt: e.txt,
      link: e.link,
      created_at: nowSeconds(),
    })
    .onConflictDoNothing();
}

/**
 * `notify` as a statement of a larger one (a CTE of the write that makes the event): records the
 * event once for each row `source` yields (`taleId` and `link` may be made of that row's columns),
 * under the same rule.
 * The caller emits `user.changed` for the recipient, as `notify` would.
 */
export function notifyFor(source: SQL, e: Omit<NotificationEvent, 'taleId' | 'link'> & { taleId: number | SQL; link: string | SQL }): SQL {
  return sql`insert into ${notifications} (user_id, from_id, tale_id, kind, txt, link, created_at)
    select ${e.to}::int, ${e.from}::int, ${e.taleId}, ${e.kind}, ${e.txt}, ${e.link}, ${nowSeconds()}::int from ${source}
    where ${e.to}::int <> ${e.from}::int
    on conflict do nothing`;
}

/** `withdraw` as a statement of a larger one: takes the event's notification back when `source` yields a row. */
export function withdrawFor(source: SQL, e: Pick<NotificationEvent, 'to' | 'from' | 'taleId' | 'kind'>): SQL {
  return sql`delete from ${notifications}
    where user_id = ${e.to} and kind = ${e.kind} and from_id = ${e.from} and tale_id = ${e.taleId} and exists (select from ${source})`;
}

/**
 * Takes back the notification of an event that was undone (an unlike). The recipient is part of
 * the condition so the event's unique key finds the row: without it every unlike read the whole table.
 */
export async function withdraw(db: Db, emit: Emit, e: Pick<NotificationEvent, 'to' | 'from' | 'taleId' | 'kind'>) {
  emit({ type: 'user.changed', userId: e.to });
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.user_id, e.to),
        eq(notifications.kind, e.kind),
        eq(notifications.from_id, e.from),
        eq(notifications.tale_id, e.taleId),
      ),
    );
}

/**
 * The unread count of the user in `userId` as an SQL expression, so another query (the session
 * lookup of every logged-in request) can read it in the same round trip.
 */
export function unshownCountOf(userId: AnyPgColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${notifications} where ${notifications.user_id} = ${userId} and ${notifications.is_shown} = 0)`;
}

export async function countUnshown(db: Db, userId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.is_shown, 0)));
  return r.n;
}

/** A notification as the list and the live stream show it. */
const notificationColumns = {
  id: notifications.id,
  from_id: notifications.from_id,
  from_emblem: users.emblem,
  from_firstname: users.firstname,
  from_lastname: users.lastname,
  created_at: notifications.created_at,
  txt: notifications.txt,
  link: notifications.link,
  is_shown: notifications.is_shown,
};

/** The unread counts of several users in one query (the live streams of one server); absent means 0. */
export async function unreadCounts(db: Db, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: notifications.user_id, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inArray(notifications.user_id, userIds), eq(notifications.is_shown, 0)))
    .groupBy(notifications.user_id);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

/** The id of the user's newest notification, 0 when none: where a new live stream starts. */
export async function newestNotificationId(db: Db, userId: number): Promise<number> {
  const [r] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.user_id, userId))
    .orderBy(desc(notifications.id))
    .limit(1);
  return r?.id ?? 0;
}

/**
 * The user's notifications after an id, oldest first, at most `limit` (the newest of them when
 * there are more): what a live stream has not sent yet. Index-backed (user_id, id).
 */
export async function notificationsAfter(db: Db, userId: number, afterId: number, limit: number): Promise<Notification[]> {
  const rows = await db
    .select(notificationColumns)
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.from_id))
    .where(and(eq(notifications.user_id, userId), gt(notifications.id, afterId)))
    .orderBy(desc(notifications.id))
    .limit(limit);
  return rows.reverse();
}

const p = sql.placeholder;

/**
 * A page of a user's notifications, in one prepared statement (one plan per connection: planning
 * cost more than running it). The page's ids come from the user's index alone (an index-only scan
 * skips a deep offset without reading rows); only the page's rows are joined to their senders.
 * `oldest` reads from the other end; `counted` adds the user's total to every row. The page size is
 * written into the statement (one statement per size used): with LIMIT as a parameter, PostgreSQL
 * guesses a tenth of a heavy user's list for it, finds its one plan for all users dearer than
 * planning each call, and plans each call (0.14 ms, five times the query).
 */
function pageQuery(db: Db, oldest: boolean, counted: boolean, limit: number) {
  const order = pageOrder(oldest, notifications.created_at, notifications.id);
  const ids = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.user_id, p('user')))
    .orderBy(...order);
  return db
    .select({
      ...notificationColumns,
      total: counted
        ? sql<number>`(select count(*)::int from ${notifications} where ${notifications.user_id} = ${p('user')})`
        : sql<number>`0`,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.from_id))
    .where(sql`${notifications.id} in (${ids} limit ${sql.raw(String(Math.trunc(limit)))} offset ${p('skip')})`)
    .orderBy(...order)
    .prepare(`tales_notifications_${oldest ? 'oldest' : 'newest'}${counted ? '_counted' : ''}_${Math.trunc(limit)}`);
}
const preparedPage = (db: Db, oldest: boolean, counted: boolean, limit: number) =>
  preparedOnce(db, `notifications|${oldest}|${counted}|${limit}`, () => pageQuery(db, oldest, counted, limit));

const TOTAL = 'notifications';

/**
 * The user's notifications, newest first, with their total. The total is kept with the user's
 * sessions (SessionCache: dropped by every notification that comes, goes or is read, on any
 * server), so a reader paging through their list costs one query a page, and a page past the
 * middle is read from the oldest end (nearer-end.ts). Without a kept total, a numbered page is
 * still one query (rows and total together), and so is the last page, read from the oldest end.
 */
export async function listNotifications(
  deps: Deps,
  userId: number,
  pageSize: number,
  page: number | 'last',
): Promise<{ items: Notification[]; pagination: Pagination }> {
  const { db } = deps;
  const sessions = deps.caches.sessions;
  const strip = (rows: (Notification & { total: number })[]) => rows.map(({ total: _, ...n }) => n);
  const known = sessions.userValue(TOTAL, userId);
  if (known !== undefined) {
    const pagination = paginate(page, pageSize, known);
    const read = nearerEnd(known, pageSize, pagination.pageCurrentNumber);
    // a statement per page size, not per the last page's length: a short last page reads a few more
    const rows = (await preparedPage(db, read.reversed, false, pageSize).execute({ user: userId, skip: read.offset })).slice(0, read.limit);
    return { items: strip(read.reversed ? rows.reverse() : rows), pagination };
  }
  const since = sessions.begin();
  const counted = async (oldest: boolean, skip: number) => {
    const rows = await preparedPage(db, oldest, true, pageSize).execute({ user: userId, skip });
    if (rows.length) sessions.keepUserValue(TOTAL, userId, rows[0].total, since);
    return rows;
  };
  if (page !== 'last') {
    const rows = await counted(false, (page - 1) * pageSize);
    // an empty first page means none at all
    if (rows.length || page === 1) return { items: strip(rows), pagination: paginate(page, pageSize, rows[0]?.total ?? 0) };
  }
  // The last page (asked for, or the one a page past the end answers): the oldest rows, as many as
  // the last page holds, turned back to newest first.
  const oldest = await counted(true, 0);
  const total = oldest[0]?.total ?? 0;
  const onLast = total ? ((total - 1) % pageSize) + 1 : 0;
  return { items: strip(oldest.slice(0, onLast).reverse()), pagination: paginate('last', pageSize, total) };
}

export async function markShownUpTo(deps: Deps, userId: number, createdAt: number): Promise<number> {
  return transact(deps, async (tx, emit) => {
    const rows = await tx
      .update(notifications)
      .set({ is_shown: 1 })
      .where(and(eq(notifications.user_id, userId), lte(notifications.created_at, createdAt), eq(notifications.is_shown, 0)))
      .returning({ id: notifications.id });
    emit({ type: 'user.changed', userId });
    return rows.length;
  });
}

export async function deleteNotification(deps: Deps, userId: number, id: number) {
  await transact(deps, async (tx, emit) => {
    const [row] = await tx.select({ user_id: notifications.user_id }).from(notifications).where(eq(notifications.id, id)).limit(1);
    if (!row) throw notFound();
    if (row.user_id !== userId) throw forbidden();
    await tx.delete(notifications).where(eq(notifications.id, id));
    emit({ type: 'user.changed', userId });
  });
}

export async function deleteAllNotifications(deps: Deps, userId: number): Promise<number> {
  return transact(deps, async (tx, emit) => {
    const rows = await tx.delete(notifications).where(eq(notifications.user_id, userId)).returning({ id: notifications.id });
    emit({ type: 'user.changed', userId });
    return rows.length;
  });
}
