import { type SQL, and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Notification } from '../../../common/schemas/conversation';
import { type Pagination, paginate } from '../../../common/schemas/envelope';
import { nowSeconds } from '../../db/time';
import type { Db } from '../../db/client';
import { nearerEnd } from '../../db/nearer-end';
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

export async function listNotifications(
  db: Db,
  userId: number,
  pageSize: number,
  page: number | 'last',
): Promise<{ items: Notification[]; pagination: Pagination }> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(eq(notifications.user_id, userId));
  const pagination = paginate(page, pageSize, n);
  // a page past the middle is read from the oldest end (the last page costs what the first does)
  const read = nearerEnd(n, pageSize, pagination.pageCurrentNumber);
  const order = read.reversed
    ? [asc(notifications.created_at), asc(notifications.id)]
    : [desc(notifications.created_at), desc(notifications.id)];
  const rows = await db
    .select(notificationColumns)
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.from_id))
    .where(eq(notifications.user_id, userId))
    .orderBy(...order)
    .limit(read.limit)
    .offset(read.offset);
  return { items: read.reversed ? rows.reverse() : rows, pagination };
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
