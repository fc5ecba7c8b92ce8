import { type Query, type SQL, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';
import { isDatabaseUnavailable } from './faults';
import { advisoryLockStatement } from './locks';
import { type Statement, queryOf } from './shape';

/** What drizzle keeps of a node-postgres database: the parts its own transactions are made of. */
interface NodePgParts {
  $client: unknown;
  session: { dialect: PgDialect; schema: unknown; options: unknown };
}

/** What drizzle keeps of any database or transaction: the session that prepares and runs a query. */
interface SessionParts {
  session: {
    dialect: PgDialect;
    prepareQuery(query: Query, fields: undefined, name: undefined, arrayMode: false): { execute(): Promise<unknown> };
  };
}

/**
 * A statement's rows as `db.execute` answers them, on PGlite: a shaped statement's text is the one
 * compiled for its shape (`queryOf`), as on PostgreSQL, where `db.execute` would have drizzle build
 * it again for every call (a twentieth of the server's time under PGlite's mixed load).
 */
async function rowsOn<T>(db: Db, statement: Statement): Promise<T[]> {
  const { session } = db as unknown as SessionParts;
  const answer = (await session.prepareQuery(queryOf(session.dialect, statement), undefined, undefined, false).execute()) as { rows: T[] };
  return answer.rows;
}

/** Each statement's rows (rowsOn), one statement after another. */
async function rowsOfEach<T>(db: Db, statements: readonly Statement[]): Promise<T[][]> {
  const all: T[][] = [];
  for (const statement of statements) all.push(await rowsOn<T>(db, statement));
  return all;
}

/** drizzle's parts of a node-postgres database (PostgreSQL), or undefined for PGlite. */
function postgresParts(db: Db): (NodePgParts & { $client: pg.Pool }) | undefined {
  const parts = db as unknown as NodePgParts;
  return parts.$client instanceof pg.Pool ? (parts as NodePgParts & { $client: pg.Pool }) : undefined;
}

export interface TransactionEnds {
  /**
   * An advisory lock (locks.ts) held from the transaction's first moment: taken in the round trip
   * of its BEGIN on PostgreSQL. PGlite runs one transaction at a time and no other query while one
   * is open (its transaction mutex, which every query takes), so there it would have nothing to
   * wait for: not taken, a statement less for every write a lock guards.
   */
  lock?: readonly (string | number)[];
  /** SQL statements (plain text) that run first, in the same round trip as BEGIN (after the lock). */
  atBegin?: string;
  /** SQL statements (plain text) that run last, in the same round trip as COMMIT; asked for once the work is done. */
  atCommit?: () => string;
}

/** What runs with BEGIN on PostgreSQL: the lock, then `atBegin`. */
function beginStatements(ends: TransactionEnds): string[] {
  return [...(ends.lock ? [advisoryLockStatement(ends.lock)] : []), ...(ends.atBegin ? [ends.atBegin] : [])];
}

/**
 * Runs `work` in one transaction. `lock`, `atBegin` and `atCommit` (TransactionEnds) ride with its BEGIN
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
  const parts = postgresParts(db);
  if (!parts) {
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
    await client.query(['begin', ...beginStatements(ends)].join(';'));
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
export async function inOneTrip<T>(db: Db, statement: Statement, ends: TransactionEnds = {}): Promise<T[]> {
  const [rows] = await inTrips<never, T>(db, [], () => [statement], ends);
  return rows;
}

/**
 * A transaction of two statements, the second made from what the first read: on PostgreSQL two
 * round trips, the first with BEGIN and `atBegin`, the second with `atCommit` and COMMIT (values
 * written in as literals, see `inlined`); elsewhere, `inTransaction`. `then` may throw, which rolls
 * the transaction back. Answers the rows of the second statement.
 */
export async function inTwoTrips<A, B>(db: Db, first: Statement, then: (rows: A[]) => Statement, ends: TransactionEnds = {}): Promise<B[]> {
  const [rows] = await inTrips<A, B>(db, [first], ([read]) => [then(read)], ends);
  return rows;
}

/**
 * A transaction of one statement whose `atCommit` is made from what the statement wrote (a new
 * row's id in the events its NOTIFY carries): on PostgreSQL two round trips, BEGIN, `atBegin` and
 * the statement, then `atCommit` and COMMIT; `seen` hears the rows in between. Answers the rows.
 * (When nothing rides with the COMMIT, `inOneTrip` is one trip less.)
 */
export async function inTripThenCommit<T>(
  db: Db,
  statement: Statement,
  seen: (rows: T[]) => void,
  ends: TransactionEnds = {},
): Promise<T[]> {
  let rows: T[] = [];
  await inTrips<T, never>(
    db,
    [statement],
    ([read]) => {
      rows = read;
      seen(read);
      return [];
    },
    ends,
  );
  return rows;
}

/**
 * Reads of statements whose plan suits any of their values (a walk of one index from a bound given
 * by them), each planned once per connection: on PostgreSQL, BEGIN, a SET LOCAL of
 * plan_cache_mode to force_generic_plan and each statement's execute go in one round trip, the
 * statements prepared on the connection (`executed`). Left to choose, PostgreSQL planned such a
 * statement anew for every call, as its OFFSET is a parameter it cannot estimate: a list page's
 * plan took a third of the database's work on it (docs/benchmarks.md). On PGlite each statement
 * runs in turn with its values bound, planned as PostgreSQL chooses for any prepared statement.
 * Answers each statement's rows, in the order given.
 */
export async function readAllPlannedOnce<T>(db: Db, statements: readonly Statement[]): Promise<T[][]> {
  if (!statements.length) return [];
  if (!postgresParts(db)) return rowsOfEach<T>(db, statements);
  return inTrips<never, T>(db, [], () => statements, { atBegin: 'set local plan_cache_mode = force_generic_plan' });
}

/**
 * The statements of `first` in one trip (with BEGIN), then those `then` makes of their rows in a
 * second trip (with COMMIT), or all in one trip when `first` is empty. `then` answering none: the
 * second trip only commits (with `atCommit`). Answers the rows of each statement of the second trip.
 */
async function inTrips<A, B>(
  db: Db,
  first: readonly Statement[],
  then: (rows: A[][]) => readonly Statement[],
  ends: TransactionEnds,
): Promise<B[][]> {
  const parts = postgresParts(db);
  if (!parts) return inTransaction(db, async (tx) => rowsOfEach<B>(tx, then(await rowsOfEach<A>(tx, first))), ends);
  const { dialect } = parts.session;
  const begin = ['begin', ...beginStatements(ends)];
  return onClient(parts.$client, async (client) => {
    // One simple query per trip; the rows wanted are those of the statements after what opens it.
    const attempt = async (prepare: boolean): Promise<B[][]> => {
      const trip = async <R>(opening: string[], statements: readonly Statement[], closing: string[]): Promise<R[][]> => {
        const inTransaction = opening[0] !== 'begin';
        const calls: string[] = [];
        for (const statement of statements) calls.push(await executed(client, dialect, statement, { prepare, inTransaction }));
        const results = (await client.query([...opening, ...calls, ...closing].join(';'))) as unknown as pg.QueryResult | pg.QueryResult[];
        const all = Array.isArray(results) ? results : [results];
        return statements.map((_, i) => all[opening.length + i].rows as R[]);
      };
      const read = first.length ? await trip<A>(begin, first, []) : [];
      const second = then(read);
      const told = ends.atCommit?.();
      return trip<B>(first.length ? [] : begin, second, [...(told ? [told] : []), 'commit']);
    };
    try {
      return await attempt(true);
    } catch (error) {
      if (!planLost(error)) throw error;
      // What the connection prepared is gone or no longer fits (DEALLOCATE, a pooler that hands
      // out another server connection, a migration that changed a table): nothing was committed,
      // so the whole transaction runs again, its statements sent whole, and they are prepared
      // again next time (or never again on a connection where it keeps happening).
      lostPlans(client);
      await client.query('rollback');
      return attempt(false);
    }
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

/** What a connection prepared (PREPARE ... AS): names by statement text, least recently used first ('' where it cannot be prepared). */
interface Prepared {
  names: Map<string, string>;
  /** Times its plans were lost; from the second on, it prepares nothing more. */
  lost: number;
}
const preparedOn = new WeakMap<pg.ClientBase, Prepared>();
/** Statement shapes a connection keeps prepared; past them the least recently used is let go. */
export const PREPARED_MAX = 32;
let preparedCount = 0;
/** "prepared statement does not exist", or "cached plan must not change result type". */
function planLost(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '26000' || (code === '0A000' && /cached plan/.test(message ?? ''));
}

function lostPlans(client: pg.ClientBase) {
  const mine = preparedOn.get(client);
  if (mine) {
    mine.names.clear();
    mine.lost++;
  }
}

/**
 * The statement as a trip sends it: `execute` of the plan this connection prepared for its text
 * (prepared in a trip of its own the first time it is seen there, inside a savepoint when a
 * transaction is open), its values written in as quoted literals, which PostgreSQL reads as it
 * reads bound parameters (text in, cast to each parameter's type); or the statement whole
 * (`inlined`) where it cannot be prepared. A simple query is planned each time, which for a
 * write's statement was a third of the database's work on it; a prepared one is planned on its
 * first executions only. A connection keeps PREPARED_MAX shapes, the least recently used let go.
 */
async function executed(
  client: pg.ClientBase,
  dialect: PgDialect,
  statement: Statement,
  how: { prepare: boolean; inTransaction: boolean },
): Promise<string> {
  const { sql: text, params } = queryOf(dialect, statement);
  assertNoOwnLiterals(text);
  let mine = preparedOn.get(client);
  if (!mine) {
    mine = { names: new Map(), lost: 0 };
    preparedOn.set(client, mine);
  }
  const { names } = mine;
  let name = names.get(text);
  if (name !== undefined) {
    // the most recently used last
    names.delete(text);
    names.set(text, name);
  } else if (how.prepare && mine.lost < 2) {
    name = `tales_trip_${++preparedCount}`;
    const steps = [`prepare ${name} as ${text}`];
    if (names.size >= PREPARED_MAX) {
      const [oldText, oldName] = names.entries().next().value as [string, string];
      names.delete(oldText);
      if (oldName) steps.unshift(`deallocate ${oldName}`);
    }
    try {
      // inside a transaction, a PREPARE that fails must not end it
      await client.query(
        how.inTransaction ? ['savepoint tales_prepare', ...steps, 'release savepoint tales_prepare'].join(';') : steps.join(';'),
      );
    } catch (error) {
      // a parameter whose type PostgreSQL cannot tell from the text alone: sent whole, as before
      if (!(error as { code?: string }).code?.startsWith('42')) throw error;
      if (how.inTransaction) await client.query('rollback to savepoint tales_prepare;release savepoint tales_prepare');
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
  // a quoted word of its own ('POST') holds no $n; anything else quoted, or a $ not a parameter's, is refused
  if (/['$]/.test(text.replace(/'\w*'/g, '').replace(/\$\d+/g, ''))) throw new Error('inlined: the statement has quoted text of its own');
}

/**
 * A statement as plain text with its values written in: numbers as they are (negative ones in
 * brackets), text by node-postgres' `escapeLiteral` (quoted, quotes doubled, backslashes in E''
 * form; never a NUL). Only for statements whose own text holds no quoted literal but a word
 * (checked), so a `$n` can never be inside one; values other than numbers, text, booleans and null
 * are refused.
 */
export function inlined(dialect: PgDialect, statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  assertNoOwnLiterals(text);
  return inlinedText(text, params);
}

function inlinedText(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null) return 'null';
    const written = literalOf(value);
    if (typeof value === 'string') return pg.escapeLiteral(written);
    // a negative number in brackets: after a minus, -1 would start a comment (--1)
    return typeof value === 'number' && value < 0 ? `(${written})` : written;
  });
}
