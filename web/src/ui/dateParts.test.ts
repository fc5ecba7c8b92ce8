import { describe, expect, it } from 'vitest';
import { cleanPartInput, daysInMonth, EMPTY_PARTS, type DateParts, partsForNow, partsFromUnix, unixFromParts } from './dateParts';

const parts = (p: Partial<DateParts>): DateParts => ({ ...EMPTY_PARTS, ...p });

describe('unixFromParts without time', () => {
  it('gives midnight UTC, whatever the timezone', () => {
    expect(unixFromParts(parts({ year: '1990', month: '05', day: '17' }), false)).toEqual({
      ok: true,
      value: Date.UTC(1990, 4, 17) / 1000,
    });
    expect(unixFromParts(parts({ year: '1970', month: '1', day: '1' }), false)).toEqual({ ok: true, value: 0 });
  });

  it('gives null when every field is empty', () => {
    expect(unixFromParts(EMPTY_PARTS, false)).toEqual({ ok: true, value: null });
  });

  it('ignores time fields', () => {
    expect(unixFromParts(parts({ year: '2024', month: '2', day: '29', hour: '99' }), false)).toEqual({
      ok: true,
      value: Date.UTC(2024, 1, 29) / 1000,
    });
  });

  it('refuses dates that do not exist', () => {
    expect(unixFromParts(parts({ year: '2023', month: '2', day: '29' }), false)).toEqual({ ok: false, problem: 'invalidDate' });
    expect(unixFromParts(parts({ year: '2024', month: '2', day: '30' }), false)).toEqual({ ok: false, problem: 'invalidDate' });
    expect(unixFromParts(parts({ year: '2024', month: '4', day: '31' }), false)).toEqual({ ok: false, problem: 'invalidDate' });
    expect(unixFromParts(parts({ year: '1900', month: '2', day: '29' }), false)).toEqual({ ok: false, problem: 'invalidDate' });
    expect(unixFromParts(parts({ year: '2000', month: '2', day: '29' }), false)).toMatchObject({ ok: true });
  });

  it('enforces the maximums 9999, 12, 31 and minimum 1', () => {
    expect(unixFromParts(parts({ year: '2024', month: '13', day: '1' }), false)).toEqual({
      ok: false,
      problem: 'outOfRange',
      field: 'month',
      min: 1,
      max: 12,
    });
    expect(unixFromParts(parts({ year: '2024', month: '1', day: '32' }), false)).toMatchObject({ ok: false, field: 'day', max: 31 });
    expect(unixFromParts(parts({ year: '0', month: '1', day: '1' }), false)).toMatchObject({ ok: false, field: 'year', min: 1 });
    expect(unixFromParts(parts({ year: '2024', month: '0', day: '1' }), false)).toMatchObject({ ok: false, field: 'month' });
  });

  it('refuses a year before the first it may have, naming that year (a publish date starts in 1970)', () => {
    const early = parts({ year: '1', month: '1', day: '1', hour: '12', minute: '0', second: '0' });
    expect(unixFromParts(early, true, 1970)).toEqual({ ok: false, problem: 'outOfRange', field: 'year', min: 1970, max: 9999 });
    expect(unixFromParts(parts({ year: '1969', month: '12', day: '31' }), true, 1970)).toMatchObject({ ok: false, min: 1970 });
    expect(unixFromParts(parts({ year: '1970', month: '1', day: '2' }), true, 1970)).toMatchObject({ ok: true });
    // a birth date may be any year
    expect(unixFromParts(parts({ year: '1', month: '1', day: '1' }), false)).toMatchObject({ ok: true });
  });

  it('reports a half-filled date', () => {
    expect(unixFromParts(parts({ year: '2024', day: '3' }), false)).toEqual({ ok: false, problem: 'incomplete' });
  });

  it('handles years below 100 and up to 9999', () => {
    const year50 = new Date(0);
    year50.setUTCFullYear(50, 0, 1);
    expect(unixFromParts(parts({ year: '50', month: '1', day: '1' }), false)).toEqual({ ok: true, value: year50.getTime() / 1000 });
    expect(unixFromParts(parts({ year: '9999', month: '12', day: '31' }), false)).toEqual({
      ok: true,
      value: Date.UTC(9999, 11, 31) / 1000,
    });
  });
});

describe('unixFromParts with time', () => {
  it('reads the fields as local time', () => {
    const expected = new Date(2024, 6, 4, 13, 5, 9).getTime() / 1000;
    expect(unixFromParts(parts({ year: '2024', month: '7', day: '4', hour: '13', minute: '05', second: '09' }), true)).toEqual({
      ok: true,
      value: expected,
    });
  });

  it('counts empty time fields as 0', () => {
    expect(unixFromParts(parts({ year: '2024', month: '7', day: '4' }), true)).toEqual({
      ok: true,
      value: new Date(2024, 6, 4).getTime() / 1000,
    });
  });

  it('enforces the maximums 23, 59, 59', () => {
    expect(unixFromParts(parts({ year: '2024', month: '7', day: '4', hour: '24' }), true)).toMatchObject({
      ok: false,
      field: 'hour',
      max: 23,
    });
    expect(unixFromParts(parts({ year: '2024', month: '7', day: '4', minute: '60' }), true)).toMatchObject({
      ok: false,
      field: 'minute',
      max: 59,
    });
    expect(unixFromParts(parts({ year: '2024', month: '7', day: '4', second: '60' }), true)).toMatchObject({
      ok: false,
      field: 'second',
      max: 59,
    });
  });
});

describe('partsFromUnix', () => {
  it('splits a date without time in UTC', () => {
    expect(partsFromUnix(Date.UTC(1990, 4, 17) / 1000, false)).toEqual(parts({ year: '1990', month: '05', day: '17' }));
  });

  it('round-trips local date-times', () => {
    const unix = 1_700_000_000;
    expect(unixFromParts(partsFromUnix(unix, true), true)).toEqual({ ok: true, value: unix });
  });

  it('gives empty fields for null', () => {
    expect(partsFromUnix(null, true)).toEqual(EMPTY_PARTS);
  });
});

describe('helpers', () => {
  it('keeps digits only, up to the field length', () => {
    expect(cleanPartInput('20a24x', 'year')).toBe('2024');
    expect(cleanPartInput('123', 'month')).toBe('12');
    expect(cleanPartInput('-5', 'day')).toBe('5');
  });

  it('knows month lengths', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2024, 9)).toBe(30);
    expect(daysInMonth(2024, 12)).toBe(31);
  });

  it('gives today as a local calendar date and now with time', () => {
    const now = new Date(2024, 0, 31, 23, 59, 58);
    expect(partsForNow(now, false)).toEqual(parts({ year: '2024', month: '01', day: '31' }));
    expect(partsForNow(now, true)).toEqual({ year: '2024', month: '01', day: '31', hour: '23', minute: '59', second: '58' });
  });
});
