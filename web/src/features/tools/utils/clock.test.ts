import { describe, expect, it } from 'vitest';
import { clockFacts } from './clock';

describe('clockFacts', () => {
  it('counts quarter, ISO week and day of year', () => {
    expect(clockFacts(new Date(2024, 0, 1, 12))).toEqual({ quarter: 1, isoWeek: 1, isoWeekYear: 2024, dayOfYear: 1, daysInYear: 366 });
    expect(clockFacts(new Date(2021, 0, 3, 12))).toMatchObject({ isoWeek: 53, isoWeekYear: 2020, dayOfYear: 3 });
    expect(clockFacts(new Date(2024, 11, 30, 12))).toMatchObject({ quarter: 4, isoWeek: 1, isoWeekYear: 2025, dayOfYear: 365 });
    expect(clockFacts(new Date(2023, 6, 1, 0, 30))).toMatchObject({ quarter: 3, isoWeek: 26, dayOfYear: 182, daysInYear: 365 });
  });
});
