import { describe, expect, it } from 'vitest';
import { formatDate, relativeDate } from './dates';

const now = Date.UTC(2026, 10, 23, 12, 0, 0) / 1000;
const at = (seconds: number) => now + seconds;

describe('relativeDate', () => {
  it('says how long ago in English, from now to a week, then the date', () => {
    expect(relativeDate(at(-10), 'en', now)).toBe('now');
    expect(relativeDate(at(-60), 'en', now)).toBe('1 minute ago');
    expect(relativeDate(at(-5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(relativeDate(at(-3 * 3600), 'en', now)).toBe('3 hours ago');
    expect(relativeDate(at(-26 * 3600), 'en', now)).toBe('yesterday');
    expect(relativeDate(at(-4 * 86400), 'en', now)).toBe('4 days ago');
    expect(relativeDate(at(-20 * 86400), 'en', now)).toBe('Nov 3');
    expect(relativeDate(Date.UTC(2025, 2, 8, 12) / 1000, 'en', now)).toBe('Mar 8, 2025');
  });

  it('says it in Russian, with its plural forms', () => {
    expect(relativeDate(at(-10), 'ru', now)).toBe('сейчас');
    expect(relativeDate(at(-60), 'ru', now)).toBe('1 минуту назад');
    expect(relativeDate(at(-5 * 60), 'ru', now)).toBe('5 минут назад');
    expect(relativeDate(at(-2 * 3600), 'ru', now)).toBe('2 часа назад');
    expect(relativeDate(at(-26 * 3600), 'ru', now)).toBe('вчера');
    expect(relativeDate(at(-20 * 86400), 'ru', now)).toBe('3 нояб.');
    expect(relativeDate(Date.UTC(2025, 2, 8, 12) / 1000, 'ru', now)).toBe('8 мар. 2025 г.');
  });

  it('says how soon for a moment still to come (a scheduled tale)', () => {
    expect(relativeDate(at(2 * 3600), 'en', now)).toBe('in 2 hours');
    expect(relativeDate(at(30 * 3600), 'ru', now)).toBe('завтра');
  });

  it('gives nothing for no date, and the exact form stays available for the hover', () => {
    expect(relativeDate(null, 'en', now)).toBe('');
    expect(formatDate(at(0), 'en', { withTime: true })).toMatch(/Nov 23, 2026/);
  });
});
