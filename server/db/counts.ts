import { inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** How many rows name each of `ids` in `column` (0 for none), counted in one grouped query. */
export async function countsBy(db: Db, column: PgColumn, ids: number[]): Promise<Map<number, number>> {
  const counts = new Map(ids.map((id) => [id, 0]));
  if (!ids.length) return counts;
  const rows = await db
    .select({ id: column, n: sql<number>`count(*)::int` })
    .from(column.table as PgTable)
    .where(inArray(column, ids))
    .groupBy(column);
  for (const r of rows) if (typeof r.id === 'number') counts.set(r.id, Number(r.n));
  return counts;
}
