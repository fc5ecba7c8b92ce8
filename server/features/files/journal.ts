import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { storedObjectJournal as journal } from '../../db/schema';
import type { Storage } from '../../storage/storage';

/**
 * The journal of stored objects that may have no file row, so storage and rows agree after a
 * crash at any point, on every storage driver and with several app servers (it lives in the
 * database, nothing of it in memory):
 *
 * - An upload journals its objects (`put`) and commits that BEFORE it stores them. The
 *   transaction that writes the file rows deletes those entries, and fails if any is gone. A
 *   crash between storing and committing leaves the entries, so the objects are found again.
 * - Deleting a file row, alone or by cascade with its tale or user, journals its objects
 *   (`remove`) in the same transaction: a trigger on `files` (migration 0005). The objects are
 *   removed once that is committed; if that fails or the process dies, the entries remain.
 * - The sweeper (sweeper.ts) removes the objects of entries past their due time that no file
 *   row names, then the entries. An object whose row committed is never removed.
 */

/** Longer than any upload takes from journaling its objects to committing their rows. */
export const PUT_GRACE_SECONDS = 60 * 60;
/** A delete removes its objects itself at once; the sweeper retries only after this (the trigger's 60). */
export const REMOVE_GRACE_SECONDS = 60;
/** A claimed entry whose removal failed (or whose sweeper died) is tried again after this. */
export const RETRY_SECONDS = 10 * 60;
const BATCH = 200;

export interface JournalEntry {
  key: string;
  name_fs: string;
}

const nowPlus = (seconds: number) => sql`floor(extract(epoch from now()))::bigint + ${seconds}::int`;

/** Before storing an upload's objects: committed on its own, so it survives a crash right after. */
export async function journalPuts(db: Db, entries: JournalEntry[]): Promise<void> {
  if (!entries.length) return;
  await db
    .insert(journal)
    .values(entries.map((e) => ({ key: e.key, name_fs: e.name_fs, intent: 'put', due_at: nowPlus(PUT_GRACE_SECONDS) })));
}

/**
 * In the transaction that writes the upload's file rows: its entries go with it. If the sweeper
 * took any (the upload was slower than PUT_GRACE_SECONDS), the objects are gone or going, so the
 * rows must not be written: this throws and the transaction rolls back.
 */
export async function settlePuts(tx: Db, keys: string[]): Promise<void> {
  if (!keys.length) return;
  const gone = await tx
    .delete(journal)
    .where(and(inArray(journal.key, keys), eq(journal.intent, 'put')))
    .returning({ key: journal.key });
  if (gone.length !== new Set(keys).size) throw new Error('the upload’s stored objects were swept before its rows were written');
}

/** Entries whose objects are removed. */
export async function forget(db: Db, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    await db.delete(journal).where(inArray(journal.key, keys.slice(i, i + 1000)));
  }
}

/**
 * Takes an upload's entries that are still `put` (its rows did not commit: a committed
 * transaction deleted them) for removal, so no late commit can name them. Answers those keys.
 */
async function claimPuts(db: Db, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await db
    .update(journal)
    .set({ intent: 'remove', due_at: nowPlus(RETRY_SECONDS) })
    .where(and(inArray(journal.key, keys), eq(journal.intent, 'put')))
    .returning({ key: journal.key });
  return rows.map((r) => r.key);
}

/**
 * After an upload failed: removes the objects whose rows did not commit, then their entries. The
 * failure may have been the database's answer to COMMIT, so the journal decides, not the error.
 * Whatever cannot be done now (database or storage down) is left to the sweeper.
 */
export async function abandonPuts(db: Db, storage: Storage, log: FastifyBaseLogger, keys: string[]): Promise<void> {
  try {
    const claimed = await claimPuts(db, keys);
    if (!claimed.length) return;
    await storage.remove(claimed);
    await forget(db, claimed);
  } catch (err) {
    log.error({ err, keys: keys.length }, 'the objects of a failed upload are left for the sweeper');
  }
}

/**
 * One pass: removes the objects of the due entries no file row names, then the entries; drops
 * due entries whose row exists without touching their objects. Entries are claimed (pushed
 * RETRY_SECONDS out) before the storage is called, so several servers sweeping at once share the
 * work, and a sweeper that dies leaves them to be tried again. Answers how many objects went.
 */
export async function sweepJournal(db: Db, storage: Storage, maxBatches = 50, opts: { deletes?: boolean } = {}): Promise<number> {
  // After a delete committed (`deletes`), the entries its trigger wrote (due within
  // REMOVE_GRACE_SECONDS) are taken at once: a `remove` entry no row names is a committed delete's.
  // Entries another sweep claimed are due RETRY_SECONDS out, so they are left to it.
  const due = opts.deletes
    ? sql`((j.intent = 'remove' and j.due_at <= ${nowPlus(REMOVE_GRACE_SECONDS)}) or j.due_at <= ${nowPlus(0)})`
    : sql`j.due_at <= ${nowPlus(0)}`;
  if (!opts.deletes) {
    await db.execute(sql`
      delete from stored_object_journal j
      where ${due}
        and exists (select 1 from files f where f.name_fs = j.name_fs)`);
  }
  let removed = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const claimed = await queryRows<{ key: string }>(
      db,
      sql`
      update stored_object_journal set intent = 'remove', due_at = ${nowPlus(RETRY_SECONDS)}
      where key in (
        select j.key from stored_object_journal j
        where ${due}
          and not exists (select 1 from files f where f.name_fs = j.name_fs)
        order by j.due_at
        limit ${BATCH}
        for update skip locked)
      returning key`,
    );
    const keys = claimed.map((r) => r.key);
    if (!keys.length) break;
    await storage.remove(keys);
    await forget(db, keys);
    removed += keys.length;
    if (keys.length < BATCH) break;
  }
  return removed;
}
