import { describe, expect, it } from 'vitest';
import { DAY_SECONDS, type ListDays, type Place, placeOf } from './positions';

/** Where a row is, by the rule itself: every day the reader sees, in the list's order, its rows counted one by one. */
function byDefinition(list: ListDays, signedIn: boolean, now: number, offset: number): Place {
  const today = Math.floor(now / DAY_SECONDS);
  const rows: { sticky: number; day: number; skip: number }[] = [];
  for (const d of list.days) {
    if (d.day > today) continue;
    let n = d.open + (signedIn ? d.registered : 0);
    if (d.day === today) {
      n -= list.scheduled.filter((s) => s.sticky === d.sticky && s.publishAt > now && (signedIn || !s.registered)).length;
    }
    for (let k = 0; k < n; k++) rows.push({ sticky: d.sticky, day: d.day, skip: k });
  }
  const total = rows.length;
  const row = rows[offset];
  return row ? { total, ...row } : { total, sticky: Number.MAX_SAFE_INTEGER, day: today, skip: offset - total };
}

/** A list of days as the database answers it: sticky days first, newest first, some with nothing a visitor sees. */
function randomList(seed: number, today: number, scheduled = false): ListDays {
  let x = seed;
  const next = (n: number) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
  const days: ListDays['days'] = [];
  for (const sticky of [1, 0]) {
    let day = today + 2;
    for (let k = next(40); k > 0; k--) {
      day -= 1 + next(5);
      days.push({ sticky, day, open: next(4), registered: next(3) });
    }
  }
  return {
    days,
    scheduled: scheduled
      ? [
          { sticky: 0, publishAt: today * DAY_SECONDS + 80_000, registered: false },
          { sticky: 1, publishAt: today * DAY_SECONDS + 70_000, registered: true },
        ]
      : [],
  };
}

describe('where a row of a list is (positions.ts placeOf)', () => {
  const today = 20_000;
  const now = today * DAY_SECONDS + 3_600;

  it('finds every row, and the place past the end, as counting the rows one by one does', () => {
    for (let seed = 1; seed <= 60; seed++) {
      for (const scheduled of [false, true]) {
        const list = randomList(seed, today, scheduled);
        for (const signedIn of [false, true]) {
          const { total } = byDefinition(list, signedIn, now, 0);
          for (let offset = 0; offset <= total + 2; offset++) {
            expect(placeOf(list, signedIn, now, offset), `seed ${seed}, offset ${offset}`).toEqual(
              byDefinition(list, signedIn, now, offset),
            );
          }
        }
      }
    }
  });

  it('counts an empty list, and a list whose days are all still to come, as empty', () => {
    expect(placeOf({ days: [], scheduled: [] }, false, now, 0)).toEqual({ total: 0, sticky: Number.MAX_SAFE_INTEGER, day: today, skip: 0 });
    const later: ListDays = { days: [{ sticky: 0, day: today + 1, open: 3, registered: 1 }], scheduled: [] };
    expect(placeOf(later, true, now, 1)).toEqual({ total: 0, sticky: Number.MAX_SAFE_INTEGER, day: today, skip: 1 });
  });

  it('counts a day once it has come, for the same list read before it came', () => {
    const list: ListDays = {
      days: [
        { sticky: 0, day: today + 1, open: 2, registered: 0 },
        { sticky: 0, day: today, open: 3, registered: 1 },
      ],
      scheduled: [],
    };
    expect(placeOf(list, false, now, 0)).toMatchObject({ total: 3, day: today, skip: 0 });
    const tomorrow = now + DAY_SECONDS;
    expect(placeOf(list, false, tomorrow, 0)).toMatchObject({ total: 5, day: today + 1, skip: 0 });
    expect(placeOf(list, true, tomorrow, 4)).toMatchObject({ total: 6, day: today, skip: 2 });
    expect(placeOf(list, false, now, 2)).toMatchObject({ total: 3, day: today, skip: 2 });
  });
});
