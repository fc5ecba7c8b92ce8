import DataLoader from 'dataloader';
import type { Db } from './client';

/**
 * Asks gathered across the requests served in one turn of the event loop, per database (or
 * transaction) object, and answered together by one call of `answer` (one answer per ask, in
 * order): under load, sixty readers asking at once cost one round trip, not sixty. An ask made
 * inside a transaction is answered in that transaction. A turn's asks beyond `most` go to further
 * calls, made at once.
 */
export function askedPerTurn<K, V>(answer: (db: Db, asks: readonly K[]) => Promise<V[]>, most = 1_000) {
  const loaders = new WeakMap<Db, DataLoader<K, V>>();
  return (db: Db, asks: readonly K[]): Promise<V[]> => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader<K, V>((batch) => answer(db, batch), {
        cache: false,
        batchScheduleFn: (run) => setImmediate(run),
        maxBatchSize: most,
      });
      loaders.set(db, loader);
    }
    const gathering = loader;
    return Promise.all(asks.map((ask) => gathering.load(ask)));
  };
}

/**
 * askedPerTurn for asks that a single call can answer only when they share a key (the statement
 * they need, the second they are asked at): a turn's asks are split by `keyOf` (its parts compared
 * with Object.is, so a function or an object may be a part), `answer` is called once per key with
 * that key's asks, all keys at once, and each ask gets its answer back in the order asked. A
 * failed call fails the whole turn's asks, as one statement failing would.
 */
export function askedPerTurnBy<K, V>(keyOf: (ask: K) => readonly unknown[], answer: (db: Db, asks: readonly K[]) => Promise<V[]>) {
  return askedPerTurn<K, V>(async (db, asks) => {
    // few keys a turn: a turn seldom spans a second, and the statements are few
    const groups: { key: readonly unknown[]; asks: K[]; at: number[] }[] = [];
    asks.forEach((ask, at) => {
      const key = keyOf(ask);
      const same = groups.find((g) => g.key.length === key.length && g.key.every((part, i) => Object.is(part, key[i])));
      if (same) {
        same.asks.push(ask);
        same.at.push(at);
      } else groups.push({ key, asks: [ask], at: [at] });
    });
    const answers = new Array<V>(asks.length);
    await Promise.all(
      groups.map(async (g) => {
        const got = await answer(db, g.asks);
        for (const [i, at] of g.at.entries()) answers[at] = got[i];
      }),
    );
    return answers;
  });
}
