import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DB_KIND } from '../test/harness';
import { type Database, openDatabase, queryRows } from './client';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PREPARED_MAX, inOneTrip, inTransaction, inTwoTrips, inlined, readAllPlannedOnce } from './transaction';

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
    // a quoted word cannot hide a parameter; any other quoted text (a $n in it, or anything but a word) is refused
    expect(await inOneTrip<{ s: string }>(database.db, sql`select 'a' || ${'b'} as s`)).toEqual([{ s: 'ab' }]);
    await expect(inOneTrip(database.db, sql`select '$1' || ${'b'} as s`)).rejects.toThrow(/quoted text/);
    await expect(inOneTrip(database.db, sql`select 'a, c' || ${'b'} as s`)).rejects.toThrow(/quoted text/);
    await expect(inOneTrip(database.db, sql`select $$a$$ || ${'b'} as s`)).rejects.toThrow(/quoted text/);
    await expect(inOneTrip(database.db, sql`select ${'nul\0byte'} as s`)).rejects.toThrow(/cannot be written/);
    await expect(inOneTrip(database.db, sql`select ${Buffer.from('bytes')} as s`)).rejects.toThrow(/cannot be written/);
  });
});

describe('reads planned once', () => {
  it('answers the rows of each of its statements, in the order given, their values as they were given', async () => {
    const rows = await readAllPlannedOnce<{ n: number; note: string }>(database.db, [
      sql`select ${41}::int + 1 as n, ${NASTY[1]}::text as note`,
      sql`select n, ${NASTY[2]}::text as note from generate_series(${1}::int, ${3}::int) as n`,
      sql`select ${41}::int + 1 as n, ${NASTY[0]}::text as note`,
      sql`select n, ${'none'}::text as note from generate_series(${1}::int, ${0}::int) as n`,
    ]);
    expect(rows).toEqual([[{ n: 42, note: NASTY[1] }], [1, 2, 3].map((n) => ({ n, note: NASTY[2] })), [{ n: 42, note: NASTY[0] }], []]);
    expect(await readAllPlannedOnce(database.db, [])).toEqual([]);
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
// literals; PGlite binds them instead. One connection each, so what it prepared can be read back.
describe.runIf(DB_KIND === 'postgres')('plans kept per connection', () => {
  let one: Database;
  beforeEach(async () => {
    one = await openDatabase({ url: process.env.TEST_DATABASE_URL, pgliteDir: 'memory://', poolMax: 1 });
  });
  afterEach(async () => {
    await one.close();
  });
  const prepared = () =>
    queryRows<{ statement: string }>(
      one.db,
      sql`select statement from pg_prepared_statements where name like 'tales_trip_%' order by name`,
    );
  const insert = (id: number, note: string) =>
    inOneTrip<{ id: number; note: string }>(one.db, sql`insert into trip_probe (id, note) values (${id}, ${note}) returning id, note`);
  const inserted = (from: number, to: number) =>
    queryRows<{ id: number }>(one.db, sql`select id from trip_probe where id between ${from} and ${to} order by id`);

  it('plans a statement once and sends it by name after, every value as it was given', async () => {
    for (const [i, note] of NASTY.entries()) expect(await insert(5_000 + i, note)).toEqual([{ id: 5_000 + i, note }]);
    const [row] = await inOneTrip<{ n: number }>(one.db, sql`select 5 -${-3}::int as n`);
    expect(row.n).toBe(8);
    const stored = await queryRows<{ note: string }>(one.db, sql`select note from trip_probe where id >= 5000 and id < 5100 order by id`);
    expect(stored.map((r) => r.note)).toEqual(NASTY);
    const statements = (await prepared()).map((r) => r.statement);
    expect(statements.filter((s) => s.includes('insert into trip_probe'))).toHaveLength(1);
  });

  it('sends whole a statement PostgreSQL cannot prepare, first or second in its transaction, and answers it all the same', async () => {
    // the second statement's PREPARE fails inside the open transaction: that must not end it
    const [second] = await inTwoTrips<{ id: number }, { isNull: boolean }>(
      one.db,
      sql`select ${5_200}::int as id`,
      ([read]) => sql`select ${read.id} is null as "isNull"`,
      { atBegin: `insert into trip_probe (id, note) values (5201, 'with begin')` },
    );
    expect(second.isNull).toBe(false);
    expect(await inserted(5_201, 5_201)).toEqual([{ id: 5_201 }]);
    const [row] = await inOneTrip<{ isSet: boolean }>(one.db, sql`select ${'x'} is not null as "isSet"`);
    expect(row.isSet).toBe(true);
    expect((await prepared()).some((r) => r.statement.includes(' is '))).toBe(false);
  });

  it('prepares again when the connection lost what it prepared, and runs the write once, without failing it', async () => {
    await insert(5_100, 'before');
    await one.db.execute(sql`deallocate all`);
    expect(await prepared()).toEqual([]);
    expect(await insert(5_101, 'after')).toEqual([{ id: 5_101, note: 'after' }]);
    // that one was sent whole; the next is prepared again
    await insert(5_105, 'next');
    expect((await prepared()).filter((r) => r.statement.includes('insert into trip_probe'))).toHaveLength(1);
    // lost between the two trips of a transaction: the first trip's statement is new, the second's is stale
    const second = (read: { id: number }[]) => sql`insert into trip_probe (id, note) values (${read[0].id}, ${'second'}) returning id`;
    await inTwoTrips(one.db, sql`select ${5_102}::int as id`, second);
    await one.db.execute(sql`deallocate all`);
    const [made] = await inTwoTrips<{ id: number }, { id: number }>(one.db, sql`select ${5_103}::int + 0 as id`, second, {
      atBegin: `insert into trip_probe (id, note) values (5104, 'with begin')`,
    });
    expect(made.id).toBe(5_103);
    expect(await inserted(5_100, 5_105)).toEqual([
      { id: 5_100 },
      { id: 5_101 },
      { id: 5_102 },
      { id: 5_103 },
      { id: 5_104 },
      { id: 5_105 },
    ]);
  });

  it('stops preparing on a connection whose plans keep getting lost (a pooler handing out other server connections)', async () => {
    for (let k = 0; k < 2; k++) {
      await insert(5_300 + k, 'prepared');
      await one.db.execute(sql`deallocate all`);
      await insert(5_310 + k, 'lost, sent whole');
    }
    await insert(5_320, 'whole from now on');
    await inOneTrip(one.db, sql`select ${1}::int as one`);
    expect(await prepared()).toEqual([]);
    expect((await inserted(5_300, 5_320)).length).toBe(5);
  });

  it(`keeps the ${PREPARED_MAX} shapes used last on a connection, and lets go of the least recently used`, async () => {
    const hot = () => inOneTrip<{ n: number }>(one.db, sql`select ${7}::int * 6 as n`);
    const hotName = async () =>
      (await queryRows<{ name: string }>(one.db, sql`select name from pg_prepared_statements where statement like '%* 6 as n'`))[0]?.name;
    await hot();
    const first = await hotName();
    expect(first).toMatch(/^tales_trip_/);
    for (let k = 0; k < PREPARED_MAX + 5; k++) {
      const [row] = await inOneTrip<{ n: number }>(one.db, sql`select ${k}::int + ${sql.raw(String(k))} as n`);
      expect(row.n).toBe(2 * k);
      expect((await hot())[0].n).toBe(42);
    }
    const statements = (await prepared()).map((r) => r.statement);
    expect(statements.length).toBe(PREPARED_MAX);
    // used all along, it was never let go and prepared again
    expect(await hotName()).toBe(first);
    expect(statements.some((s) => s.includes(`+ ${PREPARED_MAX + 4} as n`))).toBe(true);
    expect(statements.some((s) => s.includes('+ 0 as n'))).toBe(false);
  });

  it('plans a read for any of its values from its first call on (readAllPlannedOnce), and answers each statement its own rows', async () => {
    await queryRows(one.db, sql`insert into trip_probe (id, note) values (5400, 'a'), (5401, 'b'), (5402, 'c') on conflict do nothing`);
    const from = (id: number) => sql`select id from trip_probe where id >= ${id} and id < 5500 order by id limit 2 offset ${1}`;
    expect(await readAllPlannedOnce<{ id: number }>(one.db, [from(5_400)])).toEqual([[{ id: 5_401 }, { id: 5_402 }]]);
    // in one trip, the same prepared statement for each
    expect(await readAllPlannedOnce<{ id: number }>(one.db, [from(5_402), from(5_401)])).toEqual([[], [{ id: 5_402 }]]);
    // left to choose, PostgreSQL plans a statement's first five calls for their values
    const [plans] = await queryRows<{ generic: number; custom: number }>(
      one.db,
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%id < 5500%'`,
    );
    expect(plans).toEqual({ generic: 3, custom: 0 });
  });

  it('writes negative numbers in brackets where it sends a statement whole', async () => {
    const text = inlined(new PgDialect(), sql`select 5 -${-3}::int as n`);
    expect(text).toBe('select 5 -(-3)::int as n');
    expect((await queryRows<{ n: number }>(one.db, sql.raw(text)))[0].n).toBe(8);
  });
});
