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

/**
 * A transaction of one statement whose `atCommit` is made from what the statement wrote (a new
 * row's id in the events its NOTIFY carries): on PostgreSQL two round trips, BEGIN, `atBegin` and
 * the statement, then `atCommit` and COMMIT; `seen` hears the rows in between. Answers the rows.
 * (When nothing rides with the COMMIT, `inOneTrip` is one trip less.)
 */
export async function inTripThenCommit<T>(db: Db, statement: SQL, seen: (rows: T[]) => void, ends: TransactionEnds = {}): Promise<T[]> {
  let rows: T[] = [];
  await inTrips<T, never>(
    db,
    statement,
    (read) => {
      rows = read;
      seen(read);
      return undefined;
    },
    ends,
  );
  return rows;
}

/** `then` answering undefined: the second trip only commits (with `atCommit`), and no rows are answered. */
async function inTrips<A, B>(db: Db, first: SQL | undefined, then: (rows: A[]) => SQL | undefined, ends: TransactionEnds): Promise<B[]> {
  const parts = db as unknown as NodePgParts;
  if (!(parts.$client instanceof pg.Pool)) {
    return inTransaction(
      db,
      async (tx) => {
        const second = then(first ? await queryRows<A>(tx, first) : []);
        return second ? queryRows<B>(tx, second) : [];
      },
      ends,
    );
  }
  const { dialect } = parts.session;
  const begin = ['begin', ...(ends.atBegin ? [ends.atBegin] : [])];
  return onClient(parts.$client, async (client) => {
    // One simple query per trip; the rows wanted are those of the statement after what opens it.
    const trip = async <R>(opening: string[], statement: SQL | undefined, closing: string[], again = false): Promise<R[]> => {
      const call = statement ? await executed(client, dialect, statement) : undefined;
      const text = [...opening, ...(call ? [call] : []), ...closing].join(';');
      let results: pg.QueryResult | pg.QueryResult[];
      try {
        results = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      } catch (error) {
        if ((error as { code?: string }).code !== INVALID_STATEMENT_NAME) throw error;
        // The connection's prepared statements are gone (DEALLOCATE, a pooler's reset): they are
        // prepared again, and a trip that began the transaction is run again from its start.
        preparedOn.delete(client);
        if (again || opening[0] !== 'begin') throw error;
        await client.query('rollback');
        return trip<R>(opening, statement, closing, true);
      }
      return statement ? ((results as pg.QueryResult[])[opening.length].rows as R[]) : [];
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

/** A connection's prepared statements (PREPARE ... AS): name by statement text, '' where it could not be prepared. */
const preparedOn = new WeakMap<pg.ClientBase, Map<string, string>>();
/** Statement shapes a connection prepares at most; past them a statement is sent whole (`inlined`), planned each time. */
export const PREPARED_MAX = 64;
let preparedCount = 0;
/** PostgreSQL's "prepared statement does not exist". */
const INVALID_STATEMENT_NAME = '26000';

/**
 * The statement as a trip sends it: `execute` of the plan this connection prepared for its text
 * (prepared in a trip of its own the first time it is seen there), its values written in as quoted
 * literals, which PostgreSQL reads as it reads bound parameters (text in, cast to each parameter's
 * type); or, past PREPARED_MAX shapes or where the text cannot be prepared, the statement whole
 * (`inlined`). A simple query is planned each time, which for a write's statement was a third of
 * the database's work on it; a prepared one is planned on its first executions only.
 */
async function executed(client: pg.ClientBase, dialect: PgDialect, statement: SQL): Promise<string> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  assertNoOwnLiterals(text);
  let names = preparedOn.get(client);
  if (!names) {
    names = new Map();
    preparedOn.set(client, names);
  }
  let name = names.get(text);
  if (name === undefined && names.size < PREPARED_MAX) {
    name = `tales_trip_${++preparedCount}`;
    try {
      await client.query(`prepare ${name} as ${text}`);
    } catch {
      // a parameter whose type PostgreSQL cannot tell from the text alone: sent whole, as before
      name = '';
    }
    names.set(text, name);
  }
  if (!name) return inlinedText(text, params);
  if (!params.length) return `execute ${name}`;
  return `execute ${name}(${params.map((value) => (value === null ? 'null' : pg.escapeLiteral(literalOf(value)))).join(',')})`;
}

/** A value as the text node-postgres would bind for it; only numbers, text and booleans (text without NUL). */
function literalOf(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && !value.includes('\0')) return value;
  if (typeof value === 'boolean') return String(value);
  throw new TypeError(`inlined: a value of type ${typeof value} cannot be written in`);
}

function assertNoOwnLiterals(text: string) {
  if (/['$]/.test(text.replace(/\$\d+/g, ''))) throw new Error('inlined: the statement has quoted text of its own');
}

/**
 * A statement as plain text with its values written in: numbers as they are (negative ones in
 * brackets), text by node-postgres' `escapeLiteral` (quoted, quotes doubled, backslashes in E''
 * form; never a NUL). Only for statements whose own text holds no quoted literal (checked), so a
 * `$n` can never be inside one; values other than numbers, text, booleans and null are refused.
 */
export function inlined(dialect: PgDialect, statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  assertNoOwnLiterals(text);
  return inlinedText(text, params);
}

function inlinedText(text: string, params: unknown[]): string {
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
