import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export const nowSeconds = () => Math.floor(Date.now() / 1000);
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

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

export async function resolveSession(db: Db, token: string, ttlDays: number): Promise<ResolvedSession | null> {
  const now = nowSeconds();
  const rows = await db
    .select({
      user: users,
      sessionId: sessions.id,
      createdAt: sessions.created_at,
      lastSeen: sessions.last_seen_at,
      roles: sql<string[]>`coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = ${users.id}), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, hashToken(token)), gt(sessions.expires_at, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (now - row.lastSeen >= TOUCH_EVERY_SECONDS) {
    await db
      .update(sessions)
      .set({ last_seen_at: now, expires_at: now + ttlDays * 86400 })
      .where(eq(sessions.id, row.sessionId));
    await db.update(users).set({ last_time: now }).where(eq(users.id, row.user.id));
  }
  return {
    session: { id: row.sessionId, userId: row.user.id, createdAt: row.createdAt, token },
    user: row.user,
    roles: row.roles ?? [],
  };
}

export async function endSession(db: Db, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `exceptId`. */
export async function endUserSessions(db: Db, userId: number, exceptId?: number) {
  await db
    .delete(sessions)
    .where(exceptId === undefined ? eq(sessions.user_id, userId) : and(eq(sessions.user_id, userId), ne(sessions.id, exceptId)));
}

export async function countUserSessions(db: Db, userId: number): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.user_id, userId));
  return r.n;
}
