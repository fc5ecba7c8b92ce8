import { createHash, randomBytes } from 'node:crypto';
import { type SQL, and, eq, gt, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { askedPerTurnBy } from '../../db/per-turn';
import { nowSeconds } from '../../db/time';
import { sessions, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { type Emit, transact } from '../../events';

/** What the sessions table keeps of a token: its SHA-256, so a leaked table signs nobody in. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type UserRow = typeof users.$inferSelect;
export interface SessionInfo {
  id: number;
  userId: number;
  createdAt: number;
  token: string;
}
export interface ResolvedSession {
  session: SessionInfo;
  user: UserRow;
  roles: string[];
  /** What `withCount` computed for the user, in the same query. */
  count: number;
  /** When the session ends unless used again (unix seconds): a cached copy is not used past it. */
  expiresAt: number;
}

/** Sliding expiry is written at most this often, so reads do not write on every request. */
const TOUCH_EVERY_SECONDS = 300;

export async function createSession(
  db: Db,
  userId: number,
  meta: { ip: string; userAgent: string; ttlDays: number },
): Promise<SessionInfo> {
  const token = randomBytes(32).toString('base64url');
  const now = nowSeconds();
  const [row] = await db
    .insert(sessions)
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now,
      last_seen_at: now,
      expires_at: now + meta.ttlDays * 86400,
      ip: meta.ip,
      user_agent: meta.userAgent.slice(0, 500),
    })
    .returning({ id: sessions.id });
  await db.update(users).set({ last_time: now, last_ip: meta.ip }).where(eq(users.id, userId));
  return { id: row.id, userId, createdAt: now, token };
}

type CountOf = (userId: AnyPgColumn) => SQL<number>;

function sessionQuery(db: Db, withCount: CountOf | undefined) {
  return db
    .select({
      user: users,
      sessionId: sessions.id,
      createdAt: sessions.created_at,
      lastSeen: sessions.last_seen_at,
      expiresAt: sessions.expires_at,
      roles: sql<string[]>`coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = ${users.id}), '{}')`,
      count: withCount ? withCount(users.id) : sql<number>`0`,
      tokenHash: sessions.token_hash,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(sql`${sessions.token_hash} = any(${sql.placeholder('hashes')}::text[])`, gt(sessions.expires_at, sql.placeholder('now'))));
}
type SessionQuery = ReturnType<ReturnType<typeof sessionQuery>['prepare']>;

/**
 * Every logged-in request runs this query (for the sessions of several tokens at once), so it is
 * built once and prepared (a named statement PostgreSQL plans once per connection): building a
 * drizzle query and planning it cost more than running it. One statement name per `withCount`
 * variant.
 */
const prepared = new WeakMap<Db, Map<CountOf | undefined, SessionQuery>>();
const statementNames = new Map<CountOf | undefined, string>();
function preparedSessionQuery(db: Db, withCount: CountOf | undefined): SessionQuery {
  let byCount = prepared.get(db);
  if (!byCount) {
    byCount = new Map();
    prepared.set(db, byCount);
  }
  let q = byCount.get(withCount);
  if (!q) {
    let name = statementNames.get(withCount);
    if (!name) {
      name = `tales_session_${statementNames.size}`;
      statementNames.set(withCount, name);
    }
    q = sessionQuery(db, withCount).prepare(name);
    byCount.set(withCount, q);
  }
  return q;
}

type SessionRow = Awaited<ReturnType<SessionQuery['execute']>>[number];
interface SessionAsk {
  hash: string;
  now: number;
  withCount: CountOf | undefined;
}

/**
 * The sessions asked in one turn of the event loop (askedPerTurnBy): one query for the tokens of
 * each `withCount` variant and second among them, so sixty readers signing in at once cost one
 * round trip, not sixty.
 */
const sessionsTogether = askedPerTurnBy<SessionAsk, SessionRow | undefined>(
  (ask) => [ask.withCount, ask.now],
  async (db, same) => {
    const { withCount, now } = same[0];
    const rows = await preparedSessionQuery(db, withCount).execute({ hashes: [...new Set(same.map((a) => a.hash))], now });
    const byHash = new Map(rows.map((r) => [r.tokenHash, r]));
    return same.map((ask) => byHash.get(ask.hash));
  },
);

/**
 * The session of a token with its user and roles, in one query (asked together with the other
 * requests' of this turn). `withCount` adds a number computed from the user's id in that same
 * query (the unread-notification count every response carries), so a logged-in request costs one
 * round trip before its own work.
 */
export async function resolveSession(db: Db, token: string, ttlDays: number, withCount?: CountOf): Promise<ResolvedSession | null> {
  const now = nowSeconds();
  const [row] = await sessionsTogether(db, [{ hash: hashToken(token), now, withCount }]);
  if (!row) return null;
  let expiresAt = row.expiresAt;
  if (now - row.lastSeen >= TOUCH_EVERY_SECONDS) {
    expiresAt = now + ttlDays * 86400;
    await db.update(sessions).set({ last_seen_at: now, expires_at: expiresAt }).where(eq(sessions.id, row.sessionId));
    await db.update(users).set({ last_time: now }).where(eq(users.id, row.user.id));
  }
  return {
    session: { id: row.sessionId, userId: row.user.id, createdAt: row.createdAt, token },
    user: row.user,
    roles: row.roles ?? [],
    count: Number(row.count ?? 0),
    expiresAt,
  };
}

export async function endSession(deps: Deps, session: SessionInfo) {
  await transact(deps, async (tx, emit) => {
    await tx.delete(sessions).where(eq(sessions.id, session.id));
    emit({ type: 'user.changed', userId: session.userId });
  });
}

/** Ends every session of a user, or every one but `exceptId`, in the caller's transaction. */
export async function endUserSessions(db: Db, emit: Emit, userId: number, exceptId?: number) {
  await db
    .delete(sessions)
    .where(exceptId === undefined ? eq(sessions.user_id, userId) : and(eq(sessions.user_id, userId), ne(sessions.id, exceptId)));
  emit({ type: 'user.changed', userId });
}

export async function countUserSessions(db: Db, userId: number): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.user_id, userId));
  return r.n;
}
