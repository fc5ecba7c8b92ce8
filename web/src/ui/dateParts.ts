// Pure conversions of the date picker (spec section 5): six text fields <-> unix seconds.
// A date without time is midnight UTC, so a birth date reads the same in every timezone; a date
// with time is the browser's local time.

export const DATE_FIELDS = ['year', 'month', 'day'] as const;
export const TIME_FIELDS = ['hour', 'minute', 'second'] as const;
export type DateField = (typeof DATE_FIELDS)[number] | (typeof TIME_FIELDS)[number];
export type DateParts = Record<DateField, string>;

/** The first year of unix time: the earliest a publish date or a ban's end can be. */
export const UNIX_EPOCH_YEAR = 1970;
export const PART_MIN: Record<DateField, number> = { year: 1, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
export const PART_MAX: Record<DateField, number> = { year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59 };
export const PART_LENGTH: Record<DateField, number> = { year: 4, month: 2, day: 2, hour: 2, minute: 2, second: 2 };

export const EMPTY_PARTS: DateParts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };

export type DateProblem =
  | { problem: 'incomplete' }
  | { problem: 'outOfRange'; field: DateField; min: number; max: number }
  | { problem: 'invalidDate' };

export type PartsResult = { ok: true; value: number | null } | ({ ok: false } & DateProblem);

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** What a keystroke may leave in a field: digits only, no longer than the field allows. */
export function cleanPartInput(raw: string, field: DateField): string {
  return raw.replace(/\D+/g, '').slice(0, PART_LENGTH[field]);
}

function pad(value: number, field: DateField): string {
  return String(value).padStart(field === 'year' ? 4 : 2, '0');
}

/** Splits unix seconds into the fields (UTC date without time, local date-time with it). */
export function partsFromUnix(unixSeconds: number | null, withTime: boolean): DateParts {
  if (unixSeconds === null || !Number.isFinite(unixSeconds)) return { ...EMPTY_PARTS };
  const date = new Date(Math.trunc(unixSeconds) * 1000);
  if (Number.isNaN(date.getTime())) return { ...EMPTY_PARTS };
  if (!withTime) {
    return {
      year: pad(date.getUTCFullYear(), 'year'),
      month: pad(date.getUTCMonth() + 1, 'month'),
      day: pad(date.getUTCDate(), 'day'),
      hour: '',
      minute: '',
      second: '',
    };
  }
  return {
    year: pad(date.getFullYear(), 'year'),
    month: pad(date.getMonth() + 1, 'month'),
    day: pad(date.getDate(), 'day'),
    hour: pad(date.getHours(), 'hour'),
    minute: pad(date.getMinutes(), 'minute'),
    second: pad(date.getSeconds(), 'second'),
  };
}

/**
 * Joins the fields into unix seconds. All empty gives null (no date); a date needs year, month
 * and day, while empty time fields count as 0. Feb 30 and the like are refused, and so is a year
 * before `minYear` (a moment the server keeps as unix time starts in 1970).
 */
export function unixFromParts(parts: DateParts, withTime: boolean, minYear: number = PART_MIN.year): PartsResult {
  const fields: readonly DateField[] = withTime ? [...DATE_FIELDS, ...TIME_FIELDS] : DATE_FIELDS;
  if (fields.every((field) => parts[field].trim() === '')) return { ok: true, value: null };
  const numbers = { ...PART_MIN, hour: 0, minute: 0, second: 0 };
  for (const field of fields) {
    const text = parts[field].trim();
    if (text === '') {
      if ((DATE_FIELDS as readonly string[]).includes(field)) return { ok: false, problem: 'incomplete' };
      continue;
    }
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    const min = field === 'year' ? minYear : PART_MIN[field];
    if (!(value >= min && value <= PART_MAX[field])) {
      return { ok: false, problem: 'outOfRange', field, min, max: PART_MAX[field] };
    }
    numbers[field] = value;
  }
  const { year, month, day, hour, minute, second } = numbers;
  if (day > daysInMonth(year, month)) return { ok: false, problem: 'invalidDate' };

  // setFullYear, not the constructor: the constructor reads years 0-99 as 1900-1999.
  const date = new Date(0);
  if (withTime) {
    date.setFullYear(year, month - 1, day);
    date.setHours(hour, minute, second, 0);
  } else {
    date.setUTCFullYear(year, month - 1, day);
    date.setUTCHours(0, 0, 0, 0);
  }
  return { ok: true, value: Math.floor(date.getTime() / 1000) };
}

/** Fields for "today" (date only, the local calendar day) or "now" (with time). */
export function partsForNow(now: Date, withTime: boolean): DateParts {
  const parts = partsFromUnix(Math.floor(now.getTime() / 1000), true);
  return withTime ? parts : { ...parts, hour: '', minute: '', second: '' };
}
