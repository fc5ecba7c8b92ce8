export interface FormatDateOptions {
  withTime?: boolean;
  /**
   * A calendar date without time (birth) is stored as midnight UTC (see ui/dateParts.ts), so it
   * is read in UTC to show the same day everywhere.
   */
  calendarDate?: boolean;
}

/** Formats unix seconds in the UI language ('Do MMM yyyy dddd' in spirit: day, short month, year, weekday). */
export function formatDate(
  unixSeconds: number | null | undefined,
  language: string,
  { withTime = false, calendarDate = false }: FormatDateOptions = {},
): string {
  if (unixSeconds == null || !Number.isFinite(unixSeconds)) return '';
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', weekday: 'long' };
  if (withTime) Object.assign(options, { hour: '2-digit', minute: '2-digit' });
  if (calendarDate) options.timeZone = 'UTC';
  try {
    return new Intl.DateTimeFormat(language, options).format(new Date(unixSeconds * 1000));
  } catch {
    return new Date(unixSeconds * 1000).toISOString().slice(0, withTime ? 16 : 10);
  }
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago (or, for a scheduled tale, how soon) a moment is, in the UI language: "now",
 * "5 minutes ago", "3 hours ago", "yesterday", "4 days ago"; from a week on, the date itself
 * ("Nov 3", with the year when it is not this year's). `now` is unix seconds.
 */
export function relativeDate(unixSeconds: number | null | undefined, language: string, now: number): string {
  if (unixSeconds == null || !Number.isFinite(unixSeconds)) return '';
  const diff = unixSeconds - now;
  const ago = Math.abs(diff);
  const sign = diff < 0 ? -1 : 1;
  try {
    const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    if (ago < 45) return rtf.format(0, 'second');
    if (ago < HOUR) return rtf.format(sign * Math.max(1, Math.round(ago / MINUTE)), 'minute');
    if (ago < DAY) return rtf.format(sign * Math.round(ago / HOUR), 'hour');
    if (ago < 7 * DAY) return rtf.format(sign * Math.round(ago / DAY), 'day');
    const date = new Date(unixSeconds * 1000);
    const sameYear = date.getFullYear() === new Date(now * 1000).getFullYear();
    return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }).format(date);
  } catch {
    return formatDate(unixSeconds, language);
  }
}
