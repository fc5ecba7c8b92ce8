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
      await expect.poll(() => told.length, { timeout: 5_000 }).toBeGreaterThan(0);
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

describe('the embedded database', () => {
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
});
