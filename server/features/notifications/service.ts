import { type Placeholder, type SQL, and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../../common/abilities';
import { excerpt } from '../../../common/models/tale';
import { NOTIFICATION_EXCERPT, type Notification, type NotificationKind } from '../../../common/schemas/conversation';
import { type TaleFacts, policies } from '../../../common/policies';
import { type Pagination, paginate } from '../../../common/schemas/envelope';
import { nowSeconds } from '../../db/time';
import type { Db } from '../../db/client';
import { nearerEnd, pageOrder } from '../../db/nearer-end';
import { askedPerTurn, askedPerTurnBy } from '../../db/per-turn';
import { preparedOnce } from '../../db/prepared';
import { notifications, tales, users } from '../../db/schema';
import { factsDependency } from '../../caches';
import { forbidden, notFound } from '../../http/errors';
import type { Deps } from '../../deps';
import { type Emit, transact } from '../../events';

export type { NotificationKind };

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
export function notifyFor(
  source: SQL,
  e: Omit<NotificationEvent, 'taleId' | 'link'> & { taleId: number | SQL; link: string | SQL; at?: number | SQL },
): SQL {
  return sql`insert into ${notifications} (user_id, from_id, tale_id, kind, txt, link, created_at)
    select ${e.to}::int, ${e.from}::int, ${e.taleId}, ${e.kind}, ${e.txt}, ${e.link}, ${e.at ?? nowSeconds()}::int from ${source}
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

/** A notification as the list and the live stream read it: with its sender (its item and post come from contextsOf). */
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
  kind: sql<NotificationKind>`${notifications.kind}`,
  tale_id: notifications.tale_id,
};
/** What notificationColumns read. */
type NotificationRow = Omit<Notification, 'tale_type' | 'root_id' | 'root_header' | 'excerpt' | 'others'>;

/**
 * What a notification says of its item (a comment, or the liked tale or comment) and of the post
 * it is under: the item's kind and the start of its words, the post's header, and what decides
 * who may read the post now.
 */
export interface NotificationContext {
  tale_type: string;
  excerpt: string;
  root_id: number;
  root_header: string;
  root: TaleFacts;
}

const item = alias(tales, 'item');
const root = alias(tales, 'root');
/** The post an item is under: itself when it is one. */
const itemsPost = sql`coalesce(${item.root_tale_id}, ${item.id})`;
const contextsQuery = (db: Db) =>
  db
    .select({
      id: item.id,
      type: item.type,
      // enough for the excerpt once runs of spaces are folded
      text: sql<string>`left(${item.body_txt}, ${sql.raw(String(NOTIFICATION_EXCERPT * 3))})`,
      root_id: root.id,
      header: root.header,
      owner_id: root.owner_id,
      is_submitted: root.is_submitted,
      is_draft: root.is_draft,
      publish_at: root.publish_at,
      is_for_registered: root.is_for_registered,
    })
    .from(item)
    .innerJoin(root, eq(root.id, itemsPost))
    .where(sql`${item.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('tales_notification_contexts');
type ContextRow = Awaited<ReturnType<ReturnType<typeof contextsQuery>['execute']>>[number];

/**
 * The context rows of items by id (contextsQuery), undefined for an item gone: the items asked in
 * one turn of the event loop are read in one query (askedPerTurn).
 */
const contextRows = askedPerTurn<number, ContextRow | undefined>(async (db, ids) => {
  const rows = await preparedOnce(db, 'tales_notification_contexts', () => contextsQuery(db)).execute({ ids: [...new Set(ids)] });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id));
});

/**
 * The context of each item by id (NotificationContext), from memory where it is kept (caches.ts
 * `contexts`), the rest in one query, then kept until the item is edited, liked, commented on or
 * deleted, or its post saved or deleted: the excerpt is never older than the item's words, nor
 * the header and the post's visibility older than the post. An item gone is absent.
 */
async function contextsOf(deps: Deps, ids: readonly number[]): Promise<Map<number, NotificationContext>> {
  const memo = deps.caches.contexts;
  const wanted = [...new Set(ids)];
  const kept = memo.peekAll(wanted.map(String));
  const found = new Map<number, NotificationContext>();
  const missing: number[] = [];
  wanted.forEach((id, i) => {
    const context = kept[i];
    if (context) found.set(id, context);
    else missing.push(id);
  });
  if (!missing.length) return found;
  const since = memo.begin();
  const rows = (await contextRows(deps.db, missing)).filter((r) => r !== undefined);
  for (const r of rows) {
    const context: NotificationContext = {
      tale_type: r.type,
      excerpt: excerpt(r.text, NOTIFICATION_EXCERPT),
      root_id: r.root_id,
      root_header: r.header,
      root: {
        owner_id: r.owner_id,
        is_submitted: r.is_submitted,
        is_draft: r.is_draft,
        publish_at: r.publish_at,
        is_for_registered: r.is_for_registered,
      },
    };
    // The item's every change (an edit, a save, a delete: each comes with tale.changed; a like or a
    // comment under it too, which drops it for nothing), and its post's saves and deletes.
    memo.put(String(r.id), context, [r.id, factsDependency(r.root_id)], since);
    found.set(r.id, context);
  }
  return found;
}

/**
 * The rows as their recipient sees them, with their items' and posts' context (contextsOf). The
 * post's header and the item's words are the recipient's to read only while the post is (the rule
 * of reading a tale: one that became a draft or was scheduled shows neither). A row whose item
 * went while it was read goes with it.
 */
async function presentNotifications(
  deps: Deps,
  viewer: Actor,
  rows: readonly (NotificationRow & { others?: number })[],
): Promise<Notification[]> {
  const contexts = await contextsOf(
    deps,
    rows.map((r) => r.tale_id),
  );
  const now = nowSeconds();
  const out: Notification[] = [];
  for (const r of rows) {
    const c = contexts.get(r.tale_id);
    if (!c) continue;
    const readable = policies.readTale(viewer, c.root, now).ok;
    out.push({
      id: r.id,
      from_id: r.from_id,
      from_emblem: r.from_emblem,
      from_firstname: r.from_firstname,
      from_lastname: r.from_lastname,
      created_at: r.created_at,
      txt: r.txt,
      link: r.link,
      is_shown: r.is_shown,
      kind: r.kind,
      tale_id: r.tale_id,
      tale_type: c.tale_type,
      root_id: c.root_id,
      root_header: readable ? c.root_header : '',
      excerpt: readable ? c.excerpt : '',
      others: r.others ?? 0,
    });
  }
  return out;
}

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
export async function notificationsAfter(
  deps: Deps,
  viewer: Actor & { id: number },
  afterId: number,
  limit: number,
): Promise<Notification[]> {
  const rows = await deps.db
    .select(notificationColumns)
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.from_id))
    .where(and(eq(notifications.user_id, viewer.id), gt(notifications.id, afterId)))
    .orderBy(desc(notifications.id))
    .limit(limit);
  return presentNotifications(deps, viewer, rows.reverse());
}

const p = sql.placeholder;

/**
 * In a grouped list, a like stands for the likes of its item when it is the newest of them (the
 * group index finds a later one in one probe); every other notification stands for itself.
 */
const newestOfItsGroup = sql`(${notifications.kind} <> 'like' or not exists (
  select from ${notifications} as later
  where later.user_id = ${notifications.user_id} and later.kind = 'like' and later.tale_id = ${notifications.tale_id}
    and later.id > ${notifications.id}))`;
/** How many other likes of the same item a grouped row stands for. */
const othersInItsGroup = sql<number>`case when ${notifications.kind} = 'like' then (
  select count(*)::int - 1 from ${notifications} as earlier
  where earlier.user_id = ${notifications.user_id} and earlier.kind = 'like' and earlier.tale_id = ${notifications.tale_id}
    and earlier.id <= ${notifications.id}) else 0 end`;

/** The rows of the user in `user` (a parameter, or a column of the asks) that their list shows: grouped, a like only when the newest of its item's. */
const listedOf = (grouped: boolean, user: SQL | Placeholder = p('user')) => {
  const mine = sql`${notifications.user_id} = ${user}`;
  return grouped ? and(mine, newestOfItsGroup) : mine;
};

/**
 * A LIMIT written into the statement's text, as the page size must be (pageSelect): drizzle binds a
 * number given to `limit` as a parameter, and takes SQL there as it is.
 */
const writtenLimit = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number;

/**
 * Pages of users' notifications, in one prepared statement (the newest-first page of a later
 * visit planned once per connection, as planning cost more than running it; PostgreSQL plans the
 * counted and grouped ones per call, one plan a batch): each row of `asks` (its parameters as arrays, one element an ask:
 * the reader, the rows to skip and, `anchored`, the kept place to start at) gives a page, and each
 * row read says which ask (`ask`, from 1) it answers. The requests served in one turn of the event
 * loop ask together (pagesTogether), so under load sixty readers' pages cost one round trip, not
 * sixty. A page's rows are read from the user's index alone (notifications_user_idx holds every
 * column the list shows, so an index-only scan skips a deep offset and reads the page without
 * visiting the table; a grouped list also probes the group index per like), then joined to their
 * senders: the page is the derived table `notifications`, so the grouped count reads its rows as
 * it would the table's. `oldest` reads from the other end; `counted` adds the user's total to every
 * row; `anchored` starts at a kept place of the list (listPlaces), newest first. The page size is
 * written into the statement (one statement per size used): with LIMIT as a parameter, PostgreSQL
 * guesses a tenth of a heavy user's list for it, finds its one plan for all users dearer than
 * planning each call, and plans each call (0.14 ms, five times the query).
 */
export function pageSelect(db: Db, oldest: boolean, counted: boolean, grouped: boolean, limit: number, anchored = false) {
  const asks = anchored
    ? sql`unnest(${p('users')}::int[], ${p('skips')}::int[], ${p('ats')}::bigint[], ${p('ids')}::int[]) with ordinality as asks(user_id, skip, at, id, k)`
    : sql`unnest(${p('users')}::int[], ${p('skips')}::int[]) with ordinality as asks(user_id, skip, k)`;
  const order = pageOrder(oldest, notifications.created_at, notifications.id);
  const listed = listedOf(grouped, sql`asks.user_id`);
  // from a place of the list on (newest first): its row and those after it, found in the index
  const from = sql`(${notifications.created_at}, ${notifications.id}) <= (asks.at, asks.id)`;
  const page = db
    .select({
      id: notifications.id,
      user_id: notifications.user_id,
      from_id: notifications.from_id,
      created_at: notifications.created_at,
      txt: notifications.txt,
      link: notifications.link,
      is_shown: notifications.is_shown,
      kind: notifications.kind,
      tale_id: notifications.tale_id,
    })
    .from(notifications)
    .where(anchored ? and(listed, from) : listed)
    .orderBy(...order)
    .limit(writtenLimit(limit))
    .offset(sql`asks.skip` as unknown as number)
    .as('notifications');
  // the user's total once per ask (a count in the select list would run once per row)
  const totals = db
    .select({ n: sql<number>`count(*)::int`.as('n') })
    .from(notifications)
    .where(listed)
    .as('totals');
  const select = db
    .select({
      ask: sql<number>`asks.k::int`,
      ...notificationColumns,
      total: counted ? totals.n : sql<number>`0`,
      others: grouped ? othersInItsGroup : sql<number>`0`,
    })
    .from(asks);
  return (counted ? select.crossJoinLateral(totals) : select)
    .crossJoinLateral(page)
    .innerJoin(users, eq(users.id, page.from_id))
    .orderBy(sql`asks.k`, ...order);
}

/** What a page statement (pageSelect) is: which end it reads from, whether counted and grouped, its size, whether from a kept place. */
interface PageShape {
  oldest: boolean;
  counted: boolean;
  grouped: boolean;
  limit: number;
  anchored?: boolean;
}

/** A page statement (pageSelect), prepared once under its name: one per shape and page size. */
const pageName = ({ oldest, counted, grouped, limit, anchored }: PageShape) =>
  `tales_notifications_${oldest ? 'oldest' : 'newest'}${counted ? '_counted' : ''}${grouped ? '_grouped' : ''}${anchored ? '_anchored' : ''}_${Math.trunc(limit)}`;
const preparedPage = (db: Db, shape: PageShape) => {
  const name = pageName(shape);
  const { oldest, counted, grouped, limit, anchored } = shape;
  return preparedOnce(db, name, () => pageSelect(db, oldest, counted, grouped, limit, anchored).prepare(name));
};
type PageRow = Awaited<ReturnType<ReturnType<typeof preparedPage>['execute']>>[number];

/** One page asked of pagesTogether: its statement's shape, the reader, the rows to skip, and (anchored) the place to start at. */
interface PageAsk {
  shape: PageShape;
  user: number;
  skip: number;
  at?: number;
  id?: number;
}

/** The pages asked in one turn of the event loop: one statement per shape for all its asks (pageSelect). */
const pagesTogether = askedPerTurnBy<PageAsk, PageRow[]>(
  (ask) => [pageName(ask.shape)],
  async (db, same) => {
    const rows = await preparedPage(db, same[0].shape).execute({
      users: same.map((a) => a.user),
      skips: same.map((a) => a.skip),
      ats: same.map((a) => a.at ?? 0),
      ids: same.map((a) => a.id ?? 0),
    });
    const pages = same.map((): PageRow[] => []);
    for (const r of rows) pages[r.ask - 1]?.push(r);
    return pages;
  },
);

/** A page of one user's notifications (pageSelect), asked together with the other requests' of this turn. */
async function pageOf(db: Db, ask: PageAsk): Promise<PageRow[]> {
  const [rows] = await pagesTogether(db, [ask]);
  return rows;
}

/** A place in a list every this many rows is kept (ListPlaces); a page is read from the one before it. */
const PLACE_EVERY = 100;
/** Below this many rows to skip, a page skips them in the index; from it on, it starts at a kept place. */
const PLACES_FROM = 2 * PLACE_EVERY;

/**
 * Where a user's list stands every PLACE_EVERY rows, newest first: the sort key of rows 0, 100,
 * 200 … (`places[k]` is that of row k × PLACE_EVERY), for the list of `total` rows they were read
 * with. A deep page starts at the kept place before it and skips fewer than PLACE_EVERY entries,
 * instead of up to half the list.
 */
interface ListPlaces {
  total: number;
  places: [at: number, id: number][];
}

const placesQuery = (db: Db, grouped: boolean) => {
  const ranked = db
    .select({
      created_at: notifications.created_at,
      id: notifications.id,
      n: sql<number>`(row_number() over (order by ${notifications.created_at} desc, ${notifications.id} desc) - 1)::int`.as('n'),
      total: sql<number>`(count(*) over ())::int`.as('total'),
    })
    .from(notifications)
    .where(listedOf(grouped))
    .as('ranked');
  return db
    .select({ at: ranked.created_at, id: ranked.id, total: ranked.total })
    .from(ranked)
    .where(sql`${ranked.n} % ${sql.raw(String(PLACE_EVERY))} = 0`)
    .orderBy(ranked.n)
    .prepare(`tales_notification_places${grouped ? '_grouped' : ''}`);
};

/**
 * The user's list places (ListPlaces) for a list of `total` rows: kept with the user's sessions,
 * under the rule of the total (any notification that comes, goes or is read drops both, on any
 * server), read in one pass over the user's index when not kept. Undefined when the list read
 * holds another number of rows than the total (a change came between the two).
 */
async function listPlaces(deps: Deps, userId: number, grouped: boolean, total: number): Promise<ListPlaces | undefined> {
  const sessions = deps.caches.sessions;
  const kind = grouped ? 'notification-places-grouped' : 'notification-places';
  let kept = sessions.userValue<ListPlaces>(kind, userId);
  if (!kept) {
    const since = sessions.begin();
    const rows = await preparedOnce(deps.db, `notification-places|${grouped}`, () => placesQuery(deps.db, grouped)).execute({
      user: userId,
    });
    kept = { total: rows[0]?.total ?? 0, places: rows.map((r) => [r.at, r.id]) };
    sessions.keepUserValue(kind, userId, kept, since);
  }
  return kept.total === total ? kept : undefined;
}

/**
 * The user's notifications, newest first, with their total; `grouped`: the likes of one item as
 * one row. The total is kept with the user's sessions (SessionCache: dropped by every
 * notification that comes, goes or is read, on any server), so a reader paging through their
 * list costs one query a page, and a page past the middle is read from the oldest end
 * (nearer-end.ts). Without a kept total, a numbered page is still one query (rows and total
 * together), and so is the last page, read from the oldest end.
 */
export async function listNotifications(
  deps: Deps,
  viewer: Actor & { id: number },
  pageSize: number,
  page: number | 'last',
  grouped = false,
): Promise<{ items: Notification[]; pagination: Pagination }> {
  const { db } = deps;
  const userId = viewer.id;
  const sessions = deps.caches.sessions;
  const totalKey = grouped ? 'notifications-grouped' : 'notifications';
  const present = (rows: (NotificationRow & { others: number })[]) => presentNotifications(deps, viewer, rows);
  const known = sessions.userValue(totalKey, userId);
  if (known !== undefined) {
    const pagination = paginate(page, pageSize, known);
    const read = nearerEnd(known, pageSize, pagination.pageCurrentNumber);
    if (read.offset >= PLACES_FROM) {
      // deep in a long list: from the kept place before the page, newest first
      const skip = (pagination.pageCurrentNumber - 1) * pageSize;
      const places = await listPlaces(deps, userId, grouped, known);
      const [at, id] = places?.places[Math.floor(skip / PLACE_EVERY)] ?? [];
      if (at !== undefined && id !== undefined) {
        const rows = await pageOf(db, {
          shape: { oldest: false, counted: false, grouped, limit: pageSize, anchored: true },
          user: userId,
          at,
          id,
          skip: skip % PLACE_EVERY,
        });
        return { items: await present(rows), pagination };
      }
    }
    // a statement per page size, not per the last page's length: a short last page reads a few more
    const shape = { oldest: read.reversed, counted: false, grouped, limit: pageSize };
    const rows = (await pageOf(db, { shape, user: userId, skip: read.offset })).slice(0, read.limit);
    return { items: await present(read.reversed ? rows.reverse() : rows), pagination };
  }
  const since = sessions.begin();
  const counted = async (oldest: boolean, skip: number) => {
    const rows = await pageOf(db, { shape: { oldest, counted: true, grouped, limit: pageSize }, user: userId, skip });
    if (rows.length) sessions.keepUserValue(totalKey, userId, rows[0].total, since);
    return rows;
  };
  if (page !== 'last') {
    const rows = await counted(false, (page - 1) * pageSize);
    // an empty first page means none at all
    if (rows.length || page === 1) return { items: await present(rows), pagination: paginate(page, pageSize, rows[0]?.total ?? 0) };
  }
  // The last page (asked for, or the one a page past the end answers): the oldest rows, as many as
  // the last page holds, turned back to newest first.
  const oldest = await counted(true, 0);
  const total = oldest[0]?.total ?? 0;
  const onLast = total ? ((total - 1) % pageSize) + 1 : 0;
  return { items: await present(oldest.slice(0, onLast).reverse()), pagination: paginate('last', pageSize, total) };
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

/**
 * Deletes one of the user's notifications; `grouped`: a like goes with the earlier likes of its
 * item, all of which its row in a grouped list stood for (a like that came since stays).
 */
export async function deleteNotification(deps: Deps, userId: number, id: number, grouped = false) {
  await transact(deps, async (tx, emit) => {
    const [row] = await tx
      .select({ user_id: notifications.user_id, kind: notifications.kind, tale_id: notifications.tale_id })
      .from(notifications)
      .where(eq(notifications.id, id))
      .limit(1);
    if (!row) throw notFound();
    if (row.user_id !== userId) throw forbidden();
    const group = and(
      eq(notifications.user_id, userId),
      eq(notifications.kind, 'like'),
      eq(notifications.tale_id, row.tale_id),
      lte(notifications.id, id),
    );
    await tx.delete(notifications).where(grouped && row.kind === 'like' ? group : eq(notifications.id, id));
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
