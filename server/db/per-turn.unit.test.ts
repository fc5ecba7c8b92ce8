import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { askedPerTurn } from './per-turn';

/** Stand-ins for two database (or transaction) objects: only their identity matters here. */
const first = { name: 'database' } as unknown as Db;
const second = { name: 'transaction' } as unknown as Db;

/** An askedPerTurn whose answer records which object answered which asks, and answers `name:ask`. */
function recorded() {
  const calls: { db: string; asks: number[] }[] = [];
  const ask = askedPerTurn<number, string>(async (db, asks) => {
    const name = (db as unknown as { name: string }).name;
    calls.push({ db: name, asks: [...asks] });
    return asks.map((a) => `${name}:${a}`);
  });
  return { calls, ask };
}

describe('askedPerTurn', () => {
  it('answers the asks of one turn together, each on the object it was asked on', async () => {
    const { calls, ask } = recorded();
    const answers = await Promise.all([ask(first, [1, 2]), ask(second, [3]), ask(first, [4]), ask(second, [5, 6])]);
    expect(answers).toEqual([['database:1', 'database:2'], ['transaction:3'], ['database:4'], ['transaction:5', 'transaction:6']]);
    expect(calls).toEqual([
      { db: 'database', asks: [1, 2, 4] },
      { db: 'transaction', asks: [3, 5, 6] },
    ]);
  });

  it('answers asks of later turns in calls of their own', async () => {
    const { calls, ask } = recorded();
    expect(await ask(first, [1])).toEqual(['database:1']);
    expect(await ask(first, [2])).toEqual(['database:2']);
    expect(calls.map((c) => c.asks)).toEqual([[1], [2]]);
  });

  it('splits a turn of more than a thousand asks, in order', async () => {
    const { calls, ask } = recorded();
    const many = Array.from({ length: 2_500 }, (_, i) => i);
    const answers = await ask(first, many);
    expect(answers).toEqual(many.map((i) => `database:${i}`));
    expect(calls.map((c) => c.asks.length)).toEqual([1_000, 1_000, 500]);
  });

  it('fails only the asks of a call whose answer failed', async () => {
    const ask = askedPerTurn<number, number>(async (db, asks) => {
      if (db === second) throw new Error('connection lost');
      return asks.map((a) => a * 10);
    });
    const [good, bad] = await Promise.allSettled([ask(first, [1, 2]), ask(second, [3])]);
    expect(good).toEqual({ status: 'fulfilled', value: [10, 20] });
    expect(bad).toMatchObject({ status: 'rejected', reason: { message: 'connection lost' } });
  });
});
