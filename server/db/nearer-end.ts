import { type AnyColumn, asc, desc } from 'drizzle-orm';

/**
 * How a page of a list of `total` rows is read: a page past the middle is read from the list's
 * other end (the order reversed, the smaller offset, the rows turned back), so the last page of a
 * list of 50,000 costs what its first page does instead of skipping 49,990 index entries.
 */
export interface PageRead {
  /** Read in the list's reverse order, then turn the rows back. */
  reversed: boolean;
  offset: number;
  limit: number;
}

export function nearerEnd(total: number, pageSize: number, pageNumber: number): PageRead {
  const offset = (pageNumber - 1) * pageSize;
  const limit = Math.min(pageSize, total - offset);
  if (limit <= 0 || offset <= (total - limit) / 2) return { reversed: false, offset, limit: pageSize };
  return { reversed: true, offset: total - offset - limit, limit };
}

/** A newest-first list's order by these columns, or the reverse for a read from the oldest end. */
export const pageOrder = (reversed: boolean, ...columns: AnyColumn[]) => columns.map((c) => (reversed ? asc(c) : desc(c)));
