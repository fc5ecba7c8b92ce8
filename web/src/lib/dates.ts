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
