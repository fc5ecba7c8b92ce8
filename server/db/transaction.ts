import { type SQL, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Db, queryRows } from './client';
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
  const { dialect, schema, options } = parts.session;
  return onClient(parts.$client, async (client) => {
    const session = new NodePgSession(client, dialect, schema as never, options as never);
    const tx = new NodePgTransaction(dialect, session, schema as never) as unknown as Db;
    await client.query(atBegin ? `begin;${atBegin}` : 'begin');
    const result = await work(tx);
    // A simple query: its statements and the COMMIT run in order, in one round trip, and a failing
    // one rolls the whole transaction back.
    const last = atCommit?.();
    await client.query(last ? `${last};commit` : 'commit');
    return result;
  });
}

/**
 * A transaction of one statement, known whole before it starts: on PostgreSQL its BEGIN, `atBegin`,
 * the statement, `atCommit` and COMMIT go in one simple query, one round trip (the statement's
 * values written in as literals, see `inlined`); elsewhere, `inTransaction`. Answers the rows of
 * the statement.
 */
export function inOneTrip<T>(db: Db, statement: SQL, ends: TransactionEnds = {}): Promise<T[]> {
  return inTrips<never, T>(db, undefined, () => statement, ends);
}

/**
 * A transaction of two statements, the second made from what the first read: on PostgreSQL two
 * round trips, the first with BEGIN and `atBegin`, the second with `atCommit` and COMMIT (values
 * written in as literals, see `inlined`); elsewhere, `inTransaction`. `then` may throw, which rolls
 * the transaction back. Answers the rows of the second statement.
 */
export function inTwoTrips<A, B>(db: Db, first: SQL, then: (rows: A[]) => SQL, ends: TransactionEnds = {}): Promise<B[]> {
  return inTrips<A, B>(db, first, then, ends);
}

async function inTrips<A, B>(db: Db, first: SQL | undefined, then: (rows: A[]) => SQL, ends: TransactionEnds): Promise<B[]> {
  const parts = db as unknown as NodePgParts;
  if (!(parts.$client instanceof pg.Pool)) {
    return inTransaction(db, async (tx) => queryRows<B>(tx, then(first ? await queryRows<A>(tx, first) : [])), ends);
  }
  const { dialect } = parts.session;
  const begin = ['begin', ...(ends.atBegin ? [ends.atBegin] : [])];
  return onClient(parts.$client, async (client) => {
    // One simple query per trip; the rows wanted are those of the statement after what opens it.
    const trip = async <R>(opening: string[], statement: SQL, closing: string[]): Promise<R[]> => {
      const results = (await client.query([...opening, inlined(dialect, statement), ...closing].join(';'))) as unknown as pg.QueryResult[];
      return results[opening.length].rows as R[];
    };
    const read = first ? await trip<A>(begin, first, []) : [];
    const second = then(read);
    const told = ends.atCommit?.();
    return trip<B>(first ? [] : begin, second, [...(told ? [told] : []), 'commit']);
  });
}

/**
 * Runs `use` on a connection of the pool; when it fails, whatever transaction it left open (or
 * aborted) is rolled back, and a connection that cannot roll back or was lost is not given to the
 * next request.
 */
async function onClient<T>(pool: pg.Pool, use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return await use(client);
  } catch (error) {
    await client.query('rollback').catch((e: Error) => {
      broken = e;
    });
    if (!broken && isDatabaseUnavailable(error)) broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * A statement as plain text with its values written in: numbers as they are (negative ones in
 * brackets), text by node-postgres' `escapeLiteral` (quoted, quotes doubled, backslashes in E''
 * form; never a NUL). Only for statements whose own text holds no quoted literal (checked), so a
 * `$n` can never be inside one; values other than numbers, text, booleans and null are refused.
 */
export function inlined(dialect: PgDialect, statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  if (/['$]/.test(text.replace(/\$\d+/g, ''))) throw new Error('inlined: the statement has quoted text of its own');
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    // a negative number in brackets: after a minus, -1 would start a comment (--1)
    if (typeof value === 'number' && Number.isFinite(value)) return value < 0 ? `(${value})` : String(value);
    if (typeof value === 'string' && !value.includes('\0')) return pg.escapeLiteral(value);
    if (typeof value === 'boolean') return String(value);
    if (value === null) return 'null';
    throw new TypeError(`inlined: a value of type ${typeof value} cannot be written in`);
  });
}
