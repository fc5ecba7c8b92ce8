import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client';

/**
 * Transaction-scoped advisory locks, with every key named here so no two uses collide: a key is
 * the 64-bit hash of its parts (`like:7:42`), held until the transaction ends.
 */
export const LOCK = {
  /** First sign-ups take turns, so exactly one first account becomes admin. */
  firstAccount: () => ['first-account'],
  /** One user's uploads take turns, so the per-user file limit holds under concurrency. */
  uploadsOf: (userId: number) => ['uploads', userId],
  /** One user's clicks on one item take turns, so each click flips the like exactly once. */
  likeOf: (userId: number, taleId: number) => ['like', userId, taleId],
  /** Servers starting at once migrate one after the other (a session lock, held by the migrating connection). */
  migrations: () => ['migrations'],
} as const;

/** The key of a lock as SQL takes it, for the session locks taken outside drizzle. */
export const lockKeySql = 'hashtextextended($1, 0)';
export const lockKeyOf = (parts: readonly (string | number)[]) => parts.join(':');

/** The statement that takes a transaction's advisory lock, as plain text (transact's `lock` sends it with BEGIN). */
export function advisoryLockStatement(parts: readonly (string | number)[]): string {
  return `select pg_advisory_xact_lock(hashtextextended(${pg.escapeLiteral(lockKeyOf(parts))}, 0))`;
}

export async function advisoryLock(tx: Db, parts: readonly (string | number)[]): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${parts.join(':')}, 0))`);
}
