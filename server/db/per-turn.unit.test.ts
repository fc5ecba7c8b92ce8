import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { askedPerTurn, askedPerTurnBy } from './per-turn';

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

describe('askedPerTurnBy', () => {
  /** Asks of a kind (a function, as a statement's variant is) and a second; the answer names both. */
  const plain = (n: number) => n;
  const doubled = (n: number) => 2 * n;
  interface Ask {
    kind: (n: number) => number;
    at: number;
    n: number;
  }

  it('answers each key once, with only its asks, and hands every answer back to its own ask', async () => {
    const calls: { kind: string; at: number; asks: number[] }[] = [];
    const ask = askedPerTurnBy<Ask, string>(
      (a) => [a.kind, a.at],
      async (_db, asks) => {
        calls.push({ kind: asks[0].kind.name, at: asks[0].at, asks: asks.map((a) => a.n) });
        expect(asks.every((a) => a.kind === asks[0].kind && a.at === asks[0].at)).toBe(true);
        return asks.map((a) => `${a.kind.name}@${a.at}:${a.kind(a.n)}`);
      },
    );
    const answers = await Promise.all([
      ask(first, [
        { kind: plain, at: 1, n: 1 },
        { kind: doubled, at: 1, n: 2 },
      ]),
      ask(first, [{ kind: plain, at: 2, n: 3 }]),
      ask(first, [
        { kind: doubled, at: 1, n: 4 },
        { kind: plain, at: 1, n: 5 },
      ]),
    ]);
    expect(answers).toEqual([['plain@1:1', 'doubled@1:4'], ['plain@2:3'], ['doubled@1:8', 'plain@1:5']]);
    expect(calls).toHaveLength(3);
    expect(calls).toEqual(
      expect.arrayContaining([
        { kind: 'plain', at: 1, asks: [1, 5] },
        { kind: 'doubled', at: 1, asks: [2, 4] },
        { kind: 'plain', at: 2, asks: [3] },
      ]),
    );
  });

  it('tells apart keys that would print alike', async () => {
    const seen: unknown[][] = [];
    const ask = askedPerTurnBy<{ key: unknown[] }, number>(
      (a) => a.key,
      async (_db, asks) => {
        seen.push(asks[0].key);
        return asks.map(() => asks.length);
      },
    );
    const answers = await ask(first, [{ key: [1] }, { key: ['1'] }, { key: [1, undefined] }, { key: [1] }]);
    expect(answers).toEqual([2, 1, 1, 2]);
    expect(seen).toHaveLength(3);
  });

  it('fails the turn when one key fails', async () => {
    const ask = askedPerTurnBy<number, number>(
      (n) => [n % 2],
      async (_db, asks) => {
        if (asks[0] % 2) throw new Error('connection lost');
        return [...asks];
      },
    );
    const [even, odd] = await Promise.allSettled([ask(first, [2]), ask(first, [3])]);
    expect(even).toMatchObject({ status: 'rejected', reason: { message: 'connection lost' } });
    expect(odd).toMatchObject({ status: 'rejected', reason: { message: 'connection lost' } });
  });
});
