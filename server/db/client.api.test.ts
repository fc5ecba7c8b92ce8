import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DB_KIND } from '../test/harness';
import { openDatabase, queryRows } from './client';

describe.runIf(DB_KIND === 'postgres')('the PostgreSQL pool', () => {
  it('survives the server closing an idle connection, and answers the next query', async () => {
    const base = process.env.TEST_DATABASE_URL as string;
    const told: Error[] = [];
    const database = await openDatabase({ url: base, pgliteDir: '', poolMax: 2, onIdleError: (e) => told.push(e) });
    try {
      const [{ pid }] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      // The idle client hears of it; the process must not end, and the pool must carry on.
      await expect.poll(() => told.length, { timeout: 120_000 }).toBeGreaterThan(0);
      expect(await database.ping()).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('lets several servers start on a fresh database at once: they migrate in turn, none fails', async () => {
    const base = process.env.TEST_DATABASE_URL as string;
    const name = `tales_t_migrate_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(base);
      url.pathname = `/${name}`;
      const opened = await Promise.allSettled(
        Array.from({ length: 4 }, () => openDatabase({ url: url.toString(), pgliteDir: '', poolMax: 2 })),
      );
      for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
      expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

// each test opens PGlite and runs every migration, up to twice: on a busy two-core runner that
// took over 30 s once (the Node 24 run of CI), so these get more time
describe('the embedded database', { timeout: 120_000 }, () => {
  it("keeps as many pages in memory as PGLITE_SHARED_BUFFERS says, and PGlite's own default without it", async () => {
    const shown = async (pgliteSharedBuffers?: string) => {
      const database = await openDatabase({ pgliteDir: 'memory://', pgliteSharedBuffers });
      try {
        const [row] = await queryRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
        return row.shared_buffers;
      } finally {
        await database.close();
      }
    };
    expect(await shown('48MB')).toBe('48MB');
    expect(await shown()).toBe('128MB');
  });

  it('plans a statement once for all calls where that costs no more, as PostgreSQL does, and per call where the values matter', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    try {
      for (const text of [
        'create table plan_probe (id int primary key, body text)',
        'create index on plan_probe (body)',
        "insert into plan_probe select g, case when g % 1000 = 0 then 'rare' else 'common' end from generate_series(1, 20000) g",
        'analyze plan_probe',
      ])
        await database.db.execute(sql.raw(text));
      // a read by key: the same plan suits every value
      for (let id = 1; id <= 10; id++) await queryRows(database.db, sql`select body from plan_probe where id = ${id}`);
      // a read whose best plan depends on the value: an index for a rare one, the table for a common one
      for (let i = 0; i < 10; i++)
        await queryRows(database.db, sql`select count(*) from plan_probe where body = ${i % 2 ? 'rare' : 'common'}`);
      const plans = await queryRows<{ statement: string; generic_plans: number; custom_plans: number }>(
        database.db,
        sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%plan_probe where%'`,
      );
      const byKey = plans.find((p) => p.statement.includes('where id ='));
      const byBody = plans.find((p) => p.statement.includes('where body ='));
      // after five calls planned for their values, the one plan is kept
      expect(byKey).toMatchObject({ custom_plans: 5, generic_plans: 5 });
      expect(byBody?.custom_plans).toBe(10);
    } finally {
      await database.close();
    }
  });
});
