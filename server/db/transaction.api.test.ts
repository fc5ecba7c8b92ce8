import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../test/harness';
import { type Database, openDatabase, queryRows } from './client';
import { PREPARED_MAX, inOneTrip, inTransaction, inTwoTrips } from './transaction';

/**
 * Transactions whose BEGIN and COMMIT carry statements of their own, and the one-round-trip
 * transaction whose values are written into its text: on the database the suite runs on.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ url: DB_KIND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined, pgliteDir: 'memory://' });
  await database.db.execute(sql`create table if not exists trip_probe (id int primary key, note text not null)`);
});
afterAll(async () => {
  await database.db.execute(sql`drop table if exists trip_probe`);
  await database.close();
});

const NASTY = [
  "it's",
  "''; drop table trip_probe; --",
  'back\\slash \\',
  '$1 $$ dollars $tag$',
  '-- not a comment',
  'Ёлка, 🌲, \u00a0, tab\tand\nnewline',
  '',
];

describe('one round trip', () => {
  it('writes every value back exactly as it was given, however it is spelled', async () => {
    for (const [i, note] of NASTY.entries()) {
      const id = 1_000 + i;
      const rows = await inOneTrip<{ id: number; note: string }>(
        database.db,
        sql`insert into trip_probe (id, note) values (${id}, ${note}) returning id, note`,
      );
      expect(rows).toEqual([{ id, note }]);
    }
    const stored = await queryRows<{ note: string }>(database.db, sql`select note from trip_probe where id >= 1000 order by id`);
    expect(stored.map((r) => r.note)).toEqual(NASTY);
  });

  it('writes negative numbers so a minus before them cannot start a comment', async () => {
    const [row] = await inOneTrip<{ n: number }>(database.db, sql`select 5 -${-3}::int as n`);
    expect(row.n).toBe(8);
  });

  it('runs what rides with BEGIN and COMMIT inside the transaction, and undoes all of it when the statement fails', async () => {
    const failed = await inOneTrip(
      database.db,
      sql`insert into trip_probe (id, note) values (${2_001}, ${'twice'}), (${2_001}, ${'twice'})`,
      {
        atBegin: `insert into trip_probe (id, note) values (2000, 'with begin')`,
        atCommit: () => `insert into trip_probe (id, note) values (2002, 'with commit')`,
      },
    ).catch((e: Error) => e);
    // (drizzle wraps the driver's error on PGlite)
    expect(`${failed} ${(failed as Error).cause ?? ''}`).toMatch(/duplicate key/);
    expect(await queryRows(database.db, sql`select id from trip_probe where id between 2000 and 2002`)).toEqual([]);
    // the connection it used is usable again
    const [ok] = await inOneTrip<{ id: number }>(
      database.db,
      sql`insert into trip_probe (id, note) values (${2_003}, ${'after'}) returning id`,
      {
        atBegin: `insert into trip_probe (id, note) values (2004, 'with begin')`,
      },
    );
    expect(ok.id).toBe(2_003);
    expect(
      (await queryRows<{ id: number }>(database.db, sql`select id from trip_probe where id between 2003 and 2004 order by id`)).map(
        (r) => r.id,
      ),
    ).toEqual([2_003, 2_004]);
  });

  // Only PostgreSQL's one round trip writes values into the text; PGlite binds them.
  it.runIf(DB_KIND === 'postgres')('refuses a statement with quoted text of its own, and a value it cannot write safely', async () => {
    await expect(inOneTrip(database.db, sql`select 'a' || ${'b'} as s`)).rejects.toThrow(/quoted text/);
    await expect(inOneTrip(database.db, sql`select ${'nul\0byte'} as s`)).rejects.toThrow(/cannot be written/);
    await expect(inOneTrip(database.db, sql`select ${Buffer.from('bytes')} as s`)).rejects.toThrow(/cannot be written/);
  });
});

describe('a transaction with statements at its ends', () => {
  it('commits the work with them, or nothing when the work fails', async () => {
    await inTransaction(database.db, (tx) => tx.execute(sql`insert into trip_probe (id, note) values (${3_001}, ${'work'})`), {
      atBegin: `insert into trip_probe (id, note) values (3000, 'begin')`,
      atCommit: () => `insert into trip_probe (id, note) values (3002, 'commit')`,
    });
    await expect(
      inTransaction(
        database.db,
        async (tx) => {
          await tx.execute(sql`insert into trip_probe (id, note) values (${3_004}, ${'work'})`);
          throw new Error('changed its mind');
        },
        { atBegin: `insert into trip_probe (id, note) values (3003, 'begin')` },
      ),
    ).rejects.toThrow('changed its mind');
    const ids = await queryRows<{ id: number }>(database.db, sql`select id from trip_probe where id between 3000 and 3004 order by id`);
    expect(ids.map((r) => r.id)).toEqual([3_000, 3_001, 3_002]);
  });
});

describe('two round trips', () => {
  it('makes the second statement from what the first read, and undoes both ends when the decision throws', async () => {
    const [made] = await inTwoTrips<{ n: number }, { id: number; note: string }>(
      database.db,
      sql`select ${41}::int + 1 as n`,
      ([read]) => sql`insert into trip_probe (id, note) values (${4_000 + read.n}, ${`read ${read.n}`}) returning id, note`,
      { atBegin: `insert into trip_probe (id, note) values (4000, 'begin')` },
    );
    expect(made).toEqual({ id: 4_042, note: 'read 42' });
    await expect(
      inTwoTrips(
        database.db,
        sql`select 1 as n`,
        () => {
          throw new Error('not allowed');
        },
        { atBegin: `insert into trip_probe (id, note) values (4001, 'begin')` },
      ),
    ).rejects.toThrow('not allowed');
    const ids = await queryRows<{ id: number }>(database.db, sql`select id from trip_probe where id between 4000 and 4100 order by id`);
    expect(ids.map((r) => r.id)).toEqual([4_000, 4_042]);
  });
});

// A trip's statement is prepared once per connection and then sent by name, its values as quoted
// literals; PGlite binds them instead. One connection, so what it prepared can be read back.
describe.runIf(DB_KIND === 'postgres')('plans kept per connection', () => {
  let one: Database;
  beforeAll(async () => {
    one = await openDatabase({ url: process.env.TEST_DATABASE_URL, pgliteDir: 'memory://', poolMax: 1 });
  });
  afterAll(async () => {
    await one.close();
  });
  const prepared = () =>
    queryRows<{ statement: string }>(
      one.db,
      sql`select statement from pg_prepared_statements where name like 'tales_trip_%' order by name`,
    );
  const insert = (id: number, note: string) =>
    inOneTrip<{ id: number; note: string }>(one.db, sql`insert into trip_probe (id, note) values (${id}, ${note}) returning id, note`);

  it('plans a statement once and sends it by name after, every value as it was given', async () => {
    for (const [i, note] of NASTY.entries()) expect(await insert(5_000 + i, note)).toEqual([{ id: 5_000 + i, note }]);
    const [row] = await inOneTrip<{ n: number }>(one.db, sql`select 5 -${-3}::int as n`);
    expect(row.n).toBe(8);
    const stored = await queryRows<{ note: string }>(one.db, sql`select note from trip_probe where id >= 5000 and id < 5100 order by id`);
    expect(stored.map((r) => r.note)).toEqual(NASTY);
    const statements = (await prepared()).map((r) => r.statement);
    expect(statements.filter((s) => s.includes('insert into trip_probe'))).toHaveLength(1);
  });

  it('sends whole a statement PostgreSQL cannot prepare, and answers it all the same', async () => {
    const [row] = await inOneTrip<{ isNull: boolean }>(one.db, sql`select ${'x'} is null as "isNull"`);
    expect(row.isNull).toBe(false);
    expect((await prepared()).some((r) => r.statement.includes('is null'))).toBe(false);
  });

  it('prepares again when the connection lost what it prepared, without failing the write', async () => {
    await insert(5_100, 'before');
    await one.db.execute(sql`deallocate all`);
    expect(await prepared()).toEqual([]);
    expect(await insert(5_101, 'after')).toEqual([{ id: 5_101, note: 'after' }]);
    expect((await prepared()).filter((r) => r.statement.includes('insert into trip_probe'))).toHaveLength(1);
  });

  it(`keeps at most ${PREPARED_MAX} shapes on a connection and sends the others whole`, async () => {
    await one.db.execute(sql`deallocate all`);
    for (let k = 0; k < PREPARED_MAX + 5; k++) {
      const [row] = await inOneTrip<{ n: number }>(one.db, sql`select ${k}::int + ${sql.raw(String(k))} as n`);
      expect(row.n).toBe(2 * k);
    }
    expect((await prepared()).length).toBeLessThanOrEqual(PREPARED_MAX);
  });
});
