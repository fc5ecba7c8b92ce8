import DataLoader from 'dataloader';
import type { Db } from './client';

/**
 * Asks gathered across the requests served in one turn of the event loop, per database (or
 * transaction) object, and answered together by one call of `answer` (one answer per ask, in
 * order): under load, sixty readers asking at once cost one round trip, not sixty. An ask made
 * inside a transaction is answered in that transaction.
 */
export function askedPerTurn<K, V>(answer: (db: Db, asks: readonly K[]) => Promise<V[]>) {
  const loaders = new WeakMap<Db, DataLoader<K, V>>();
  return (db: Db, asks: readonly K[]): Promise<V[]> => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader<K, V>((batch) => answer(db, batch), {
        cache: false,
        batchScheduleFn: (run) => setImmediate(run),
        maxBatchSize: 1_000,
      });
      loaders.set(db, loader);
    }
    const gathering = loader;
    return Promise.all(asks.map((ask) => gathering.load(ask)));
  };
}
