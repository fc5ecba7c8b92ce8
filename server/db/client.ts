import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { withStatementCache } from './pglite-statements';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { LOCK, lockKeyOf, lockKeySql } from './locks';
import { type Prewarm, type PrewarmResult, prewarmFiles } from './prewarm';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db, q: SQL): Promise<T[]> {
  const r = (await db.execute(q)) as unknown as { rows: T[] };
  return r.rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Whether the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Migrations sit beside this module in the source tree and beside the bundle in dist/. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((p) => fs.existsSync(path.join(p, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations not found near ${here}`);
  return found;
}

export interface OpenOptions {
  /** A postgres:// URL; absent means the embedded PGlite. */
  url?: string;
  /** PGlite data directory, or 'memory://' for a throwaway database. */
  pgliteDir: string;
  /**
   * A PGlite data directory as `dumpDataDir` gave it, to start from instead of an empty one (the
   * tests start each app from one migrated copy: a third of the time of a new database).
   */
  pgliteFrom?: Blob;
  /** PGlite's page cache (shared_buffers, e.g. '256MB'); PGlite's own default (128MB) when absent. */
  pgliteSharedBuffers?: string;
  /**
   * How much of PGlite's files to read through in the background once it is open (prewarm.ts):
   * `auto` up to half the memory free to the server at that moment, 0 (the default) none.
   */
  pglitePrewarm?: 'auto' | number;
  /** Told when the prewarm has ended, with what it read and how long it took. */
  onPrewarmed?: (result: PrewarmResult, ms: number) => void;
  poolMax?: number;
  /**
   * Told when PostgreSQL drops a connection that sits idle in the pool (a restart, an
   * administrator, a dropped database). The pool discards it and opens another when next needed;
   * without a listener the pool's 'error' event would end the process.
   */
  onIdleError?: (error: Error) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    // A connection attempt during an outage fails within seconds instead of queueing forever.
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolMax ?? 10, connectionTimeoutMillis: 3_000 });
    pool.on('error', (error) => opts.onIdleError?.(error));
    // pg-pool listens for errors only while a client is idle. A connection that PostgreSQL ends
    // while a request holds it (between two statements of a transaction) would otherwise emit an
    // 'error' nobody hears, and that ends the process. Heard here, the client's next query fails,
    // the request answers 503 (db/faults.ts) and the pool drops the broken client on release.
    pool.on('connect', (client) => client.on('error', (error) => opts.onIdleError?.(error)));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migrateInTurn(pool);
    return {
      db,
      kind: 'postgres',
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  const onDisk = !opts.pgliteDir.startsWith('memory://');
  if (onDisk) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const startParams = opts.pgliteSharedBuffers
    ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.pgliteSharedBuffers}`]
    : undefined;
  const client = await PGlite.create(opts.pgliteDir, { startParams, loadDataDir: opts.pgliteFrom });
  await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
  // Statements are kept prepared (pglite-statements.ts) and planned as PostgreSQL plans a prepared
  // statement by default, as the server's own connections are: for each call's values at first,
  // then once for all calls where that plan costs no more. Planning every call (as it once did here)
  // asked the files for every table's and index's size each time: a twelfth of the
  // server's busy time under the mixed load (docs/benchmarks.md).
  const db = drizzlePglite({ client: withStatementCache(client), schema }) as unknown as Db;
  // auto: half the memory free to this process, a container's or a service's limit counted (availableMemory)
  const budget =
    opts.pglitePrewarm === 'auto' ? Math.floor(Math.min(os.freemem(), process.availableMemory()) / 2) : (opts.pglitePrewarm ?? 0);
  let prewarm: Prewarm | undefined;
  if (budget > 0 && onDisk) {
    const [{ oid }] = (await client.query<{ oid: number }>('select oid::int from pg_database where datname = current_database()')).rows;
    prewarm = startPrewarm(opts.pgliteDir, oid, budget, opts.onPrewarmed);
  }
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    close: async () => {
      await prewarm?.stop();
      await client.close();
    },
  };
}

function startPrewarm(dir: string, oid: number, budget: number, onPrewarmed: OpenOptions['onPrewarmed']): Prewarm {
  const started = performance.now();
  const prewarm = prewarmFiles(dir, oid, budget);
  void prewarm.done.then((result) => onPrewarmed?.(result, Math.round(performance.now() - started))).catch(() => undefined);
  return prewarm;
}

/**
 * Applies the migrations while holding a session advisory lock, so servers that start at once (a
 * cluster's first start, a rolling upgrade) migrate one after the other: the second finds the work
 * done instead of failing on the first one's half-made tables.
 */
async function migrateInTurn(pool: pg.Pool) {
  const client = await pool.connect();
  const key = lockKeyOf(LOCK.migrations());
  try {
    await client.query(`select pg_advisory_lock(${lockKeySql})`, [key]);
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query(`select pg_advisory_unlock(${lockKeySql})`, [key]);
    }
  } finally {
    client.release();
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
