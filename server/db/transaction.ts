import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';
import { isDatabaseUnavailable } from './faults';

/** What drizzle keeps of a node-postgres database: the parts its own transactions are made of. */
interface NodePgParts {
  $client: unknown;
  session: { dialect: PgDialect; schema: unknown; options: unknown };
}

export interface TransactionEnds {
  /** SQL statements (plain text) that run first, in the same round trip as BEGIN: a lock to hold from the start. */
  atBegin?: string;
  /** SQL statements (plain text) that run last, in the same round trip as COMMIT; asked for once the work is done. */
  atCommit?: () => string;
}

/**
 * Runs `work` in one transaction. `atBegin` and `atCommit` (TransactionEnds) ride with its BEGIN
 * and COMMIT. `atCommit` gives SQL statements (plain text, values written in
 * as literals) that run inside the transaction in the same round trip as its COMMIT: the event
 * relay's NOTIFY rides there, so it is delivered exactly when the change is, and a write costs no
 * statement for telling the other servers.
 *
 * On PostgreSQL this is drizzle's own transaction but for its COMMIT (the same session and
 * transaction objects, made the way drizzle makes them); on PGlite, drizzle's transaction with the
 * statements run before it commits.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>, ends: TransactionEnds = {}): Promise<T> {
  const { atBegin, atCommit } = ends;
  const parts = db as unknown as NodePgParts;
  if (!(parts.$client instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      if (atBegin) await tx.execute(sql.raw(atBegin));
      const result = await work(tx);
      const last = atCommit?.();
      if (last) await tx.execute(sql.raw(last));
      return result;
    });
  }
  const client = await parts.$client.connect();
  const { dialect, schema, options } = parts.session;
  const session = new NodePgSession(client, dialect, schema as never, options as never);
  const tx = new NodePgTransaction(dialect, session, schema as never) as unknown as Db;
  let broken: Error | undefined;
  try {
    await client.query(atBegin ? `begin;${atBegin}` : 'begin');
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      await client.query('rollback').catch((e: Error) => {
        broken = e;
      });
      throw error;
    }
    // A simple query: its statements and the COMMIT run in order, in one round trip, and a failing
    // one rolls the whole transaction back.
    const last = atCommit?.();
    try {
      await client.query(last ? `${last};commit` : 'commit');
    } catch (error) {
      // whatever failed, nothing of the transaction is left: a failed simple query ends it
      await client.query('rollback').catch((e: Error) => {
        broken = e;
      });
      throw error;
    }
    return result;
  } catch (error) {
    if (!broken && isDatabaseUnavailable(error)) broken = error as Error;
    throw error;
  } finally {
    // a connection that failed to roll back is not given to the next request
    client.release(broken);
  }
}
