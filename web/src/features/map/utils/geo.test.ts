import { describe, expect, it } from 'vitest';
import { clampZoom, formatLatLong, hasPoint, parseLatLong, roundPoint } from './geo';

describe('parseLatLong (spec section 5)', () => {
  it('reads a comma-separated pair', () => {
    expect(parseLatLong('55.798, 37.619')).toEqual({ lat: 55.798, lng: 37.619 });
    expect(parseLatLong(' -33.9 ,18.4 ')).toEqual({ lat: -33.9, lng: 18.4 });
  });
  it('counts a non-numeric part as 0', () => {
    expect(parseLatLong('abc, 37.6')).toEqual({ lat: 0, lng: 37.6 });
    expect(parseLatLong('55.7, north')).toEqual({ lat: 55.7, lng: 0 });
    expect(parseLatLong('55.7')).toEqual({ lat: 55.7, lng: 0 });
    expect(parseLatLong('')).toEqual({ lat: 0, lng: 0 });
  });
});

describe('formatLatLong', () => {
  it('is blank when both are 0', () => {
    expect(formatLatLong(0, 0)).toBe('');
  });
  it('shows the pair otherwise', () => {
    expect(formatLatLong(55.798, 37.619)).toBe('55.798, 37.619');
    expect(formatLatLong(0, 37.619)).toBe('0, 37.619');
  });
});

describe('helpers', () => {
  it('hasPoint', () => {
    expect(hasPoint(0, 0)).toBe(false);
    expect(hasPoint(0, 1)).toBe(true);
  });
  it('roundPoint wraps longitude and rounds', () => {
    expect(roundPoint(55.7981234567, 397.6191234567)).toEqual({ lat: 55.798123, lng: 37.619123 });
    expect(roundPoint(95, -190)).toEqual({ lat: 90, lng: 170 });
  });
  it('clampZoom', () => {
    expect(clampZoom(0)).toBe(1);
    expect(clampZoom(25)).toBe(19);
    expect(clampZoom(Number.NaN)).toBe(14);
  });
});
