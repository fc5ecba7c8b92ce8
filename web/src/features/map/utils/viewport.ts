import type { Bbox } from '@common/schemas/map';
import { clampZoom, DEFAULT_CENTER, type LatLong, MAX_ZOOM, MIN_ZOOM } from './geo';

/** Where the map of tales opens when its address names no place: the default centre, a country's view. */
export const MAP_PAGE_ZOOM = 4;

export interface View extends LatLong {
  zoom: number;
}

/**
 * The view an address names (`?lat=55.75&lng=37.62&z=12`): each part checked, and the default for
 * any part that is missing or not a number in range.
 */
export function viewOf(params: URLSearchParams): View {
  const number = (name: string, min: number, max: number) => {
    const raw = params.get(name);
    if (raw === null || raw.trim() === '') return undefined;
    const n = Number(raw);
    return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
  };
  const lat = number('lat', -85, 85);
  const lng = number('lng', -180, 180);
  const zoom = number('z', MIN_ZOOM, MAX_ZOOM);
  return {
    lat: lat ?? DEFAULT_CENTER.lat,
    lng: lng ?? DEFAULT_CENTER.lng,
    zoom: zoom === undefined ? MAP_PAGE_ZOOM : clampZoom(zoom),
  };
}

/** A view written into an address: five decimals (about a metre) are enough. */
export function viewParams(view: View): Record<'lat' | 'lng' | 'z', string> {
  const r = (v: number) => String(Math.round(v * 1e5) / 1e5);
  return { lat: r(view.lat), lng: r(wrap(view.lng)), z: String(view.zoom) };
}

const wrap = (lng: number) => (lng >= -180 && lng <= 180 ? lng : ((((lng + 180) % 360) + 360) % 360) - 180);

/**
 * What the server is asked for a map's bounds: latitudes held within the world, and longitudes
 * as Leaflet gives them (they run past ±180 when the map is panned round the globe; the server
 * wraps them), the whole world when the view is wider than it. Rounded, so a move of a pixel asks
 * the same.
 */
export function bboxOf(bounds: { west: number; south: number; east: number; north: number }): Bbox {
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  const south = Math.max(-90, r(bounds.south));
  const north = Math.min(90, r(bounds.north));
  if (bounds.east - bounds.west >= 360) return { west: -180, south, east: 180, north };
  const west = wrap(r(bounds.west));
  return { west, south, east: r(west + (bounds.east - bounds.west)), north };
}

export const bboxText = (b: Bbox) => [b.west, b.south, b.east, b.north].join(',');

/** A tale's longitude moved by whole turns to the copy of the world the view is centred on (across ±180 it shows beside its neighbours). */
export function nearCopy(lng: number, centreLng: number): number {
  return lng + 360 * Math.round((centreLng - lng) / 360);
}

/** "850 m", "2.4 km", "120 km" in the reader's language. */
export function formatDistance(metres: number, lang: string): string {
  if (metres < 1000) {
    return new Intl.NumberFormat(lang, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(Math.round(metres / 10) * 10);
  }
  const km = metres / 1000;
  return new Intl.NumberFormat(lang, { style: 'unit', unit: 'kilometer', maximumFractionDigits: km < 10 ? 1 : 0 }).format(km);
}

/** A publication date as short as a map's popup and list have room for: "Nov 27, 2026". */
export function shortDate(unixSeconds: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(unixSeconds * 1000));
}

/** A tale's name on the map (marker, list, nearby): its header, else the start of its text, else `untitled`. */
export function mapTaleName(tale: { header: string; excerpt: string }, untitled: string): string {
  if (tale.header) return tale.header;
  if (!tale.excerpt) return untitled;
  return tale.excerpt.length > 60 ? `${tale.excerpt.slice(0, 60)}…` : tale.excerpt;
}
