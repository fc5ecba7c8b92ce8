/** Calendar facts of a moment in local time, for the clock page. */
export interface ClockFacts {
  quarter: number;
  isoWeek: number;
  isoWeekYear: number;
  dayOfYear: number;
  daysInYear: number;
}

const DAY_MS = 86_400_000;

export function clockFacts(now: Date): ClockFacts {
  const y = now.getFullYear();
  // calendar arithmetic in UTC on the local date, so daylight-saving shifts do not skew it
  const today = Date.UTC(y, now.getMonth(), now.getDate());
  const dayOfYear = Math.round((today - Date.UTC(y, 0, 1)) / DAY_MS) + 1;
  const daysInYear = Math.round((Date.UTC(y + 1, 0, 1) - Date.UTC(y, 0, 1)) / DAY_MS);
  // ISO 8601: the week with the year's first Thursday is week 1; weeks start on Monday
  const weekday = (new Date(today).getUTCDay() + 6) % 7;
  const thursday = new Date(today + (3 - weekday) * DAY_MS);
  const isoWeekYear = thursday.getUTCFullYear();
  const isoWeek = Math.floor((thursday.getTime() - Date.UTC(isoWeekYear, 0, 1)) / DAY_MS / 7) + 1;
  return { quarter: Math.floor(now.getMonth() / 3) + 1, isoWeek, isoWeekYear, dayOfYear, daysInYear };
}
