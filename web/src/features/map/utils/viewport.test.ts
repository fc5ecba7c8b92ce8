import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from './geo';
import { MAP_PAGE_ZOOM, bboxOf, formatDistance, mapTaleName, nearCopy, viewOf, viewParams } from './viewport';

describe('the map page address', () => {
  it('reads a view, each part checked, and writes it back', () => {
    expect(viewOf(new URLSearchParams('lat=59.93&lng=30.34&z=12'))).toEqual({ lat: 59.93, lng: 30.34, zoom: 12 });
    expect(viewOf(new URLSearchParams(''))).toEqual({ ...DEFAULT_CENTER, zoom: MAP_PAGE_ZOOM });
    // not a number, out of range, blank: the default for that part only
    expect(viewOf(new URLSearchParams('lat=abc&lng=200&z=99'))).toEqual({ ...DEFAULT_CENTER, zoom: MAP_PAGE_ZOOM });
    expect(viewOf(new URLSearchParams('lat=10&lng=&z=3.6'))).toEqual({ lat: 10, lng: DEFAULT_CENTER.lng, zoom: 4 });
    expect(viewParams({ lat: 55.7512345678, lng: 397.6, zoom: 11 })).toEqual({ lat: '55.75123', lng: '37.6', z: '11' });
  });
});

describe('a viewport as the server is asked', () => {
  it('keeps latitudes in the world, wraps the west and keeps the width', () => {
    expect(bboxOf({ west: 37.5, south: 55.7, east: 37.8, north: 55.8 })).toEqual({ west: 37.5, south: 55.7, east: 37.8, north: 55.8 });
    expect(bboxOf({ west: 530, south: -95, east: 540, north: 95 })).toEqual({ west: 170, south: -90, east: 180, north: 90 });
    // panned across the antimeridian: west 170, 20 degrees wide (east 190 is wrapped by the server)
    expect(bboxOf({ west: -190, south: 0, east: -170, north: 10 })).toEqual({ west: 170, south: 0, east: 190, north: 10 });
    expect(bboxOf({ west: -300, south: -60, east: 300, north: 60 })).toEqual({ west: -180, south: -60, east: 180, north: 60 });
  });

  it('shows a tale on the copy of the world the view is on', () => {
    expect(nearCopy(-179.7, 180)).toBeCloseTo(180.3);
    expect(nearCopy(179.6, -179)).toBeCloseTo(-180.4);
    expect(nearCopy(37.6, 10)).toBe(37.6);
  });

  it('says distances as a reader would', () => {
    expect(formatDistance(853, 'en')).toBe('850 m');
    expect(formatDistance(2447, 'en')).toBe('2.4 km');
    expect(formatDistance(123_456, 'en')).toBe('123 km');
    expect(formatDistance(2447, 'ru')).toBe('2,4 км');
  });
});

describe("a tale's name on the map", () => {
  it('is its header, else the start of its text, else untitled', () => {
    expect(mapTaleName({ header: 'Pier', excerpt: 'Boats' }, 'Untitled')).toBe('Pier');
    expect(mapTaleName({ header: '', excerpt: 'Boats' }, 'Untitled')).toBe('Boats');
    expect(mapTaleName({ header: '', excerpt: 'x'.repeat(61) }, 'Untitled')).toBe(`${'x'.repeat(60)}…`);
    expect(mapTaleName({ header: '', excerpt: '' }, 'Untitled')).toBe('Untitled');
  });
});
