import { describe, expect, it } from 'vitest';
import { nearerEnd } from './nearer-end';

/** The rows a read gives of a list 0..total-1, as the caller turns them back. */
function read(total: number, pageSize: number, page: number): number[] {
  const list = Array.from({ length: total }, (_, i) => i);
  const r = nearerEnd(total, pageSize, page);
  const from = r.reversed ? [...list].reverse() : list;
  const rows = from.slice(r.offset, r.offset + r.limit);
  return r.reversed ? rows.reverse() : rows;
}

describe('nearerEnd', () => {
  it('gives every page of every list the rows of a forward read', () => {
    for (const total of [0, 1, 2, 9, 10, 11, 19, 20, 21, 99, 100, 101, 1003]) {
      for (const size of [1, 3, 10, 100]) {
        const pages = Math.max(1, Math.ceil(total / size));
        for (let p = 1; p <= pages; p++) {
          expect(read(total, size, p), `total ${total}, size ${size}, page ${p}`).toEqual(
            Array.from({ length: total }, (_, i) => i).slice((p - 1) * size, p * size),
          );
        }
      }
    }
  });

  it('reads the far half from the other end, with a small offset', () => {
    expect(nearerEnd(50_000, 10, 1)).toEqual({ reversed: false, offset: 0, limit: 10 });
    expect(nearerEnd(50_000, 10, 5_000)).toEqual({ reversed: true, offset: 0, limit: 10 });
    expect(nearerEnd(50_005, 10, 5_001)).toEqual({ reversed: true, offset: 0, limit: 5 });
    expect(nearerEnd(50_005, 10, 5_000)).toEqual({ reversed: true, offset: 5, limit: 10 });
  });
});
