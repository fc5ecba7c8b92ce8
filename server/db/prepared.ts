import type { Db } from './client';

const byDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A prepared statement built once per database object and key (its name and shape): drizzle
 * prepares it on each connection the first time it runs there. Only for the app's database
 * object, not a transaction's.
 */
export function preparedOnce<Q>(db: Db, key: string, build: () => Q): Q {
  let mine = byDb.get(db);
  if (!mine) {
    mine = new Map();
    byDb.set(db, mine);
  }
  let q = mine.get(key) as Q | undefined;
  if (q === undefined) {
    q = build();
    mine.set(key, q);
  }
  return q;
}
