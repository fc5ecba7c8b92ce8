/** Map widget defaults (spec section 9): centre about Moscow, zoom 14, when a tale has no point. */
export const DEFAULT_CENTER = { lat: 55.798, lng: 37.619 } as const;
export const DEFAULT_ZOOM = 14;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 19;

export interface LatLong {
  lat: number;
  lng: number;
}

/** A number typed by a person; anything non-numeric counts as 0 (spec section 5). */
export function numberOrZero(text: string): number {
  const n = Number(text.trim().replace(/\s+/g, ''));
  return Number.isFinite(n) ? n : 0;
}

/** "lat, long" (spec section 5): comma-separated; a non-numeric part counts as 0. */
export function parseLatLong(text: string): LatLong {
  const [lat = '', lng = ''] = text.split(',');
  return { lat: numberOrZero(lat), lng: numberOrZero(lng) };
}

/** The pair as the text field shows it; blank when both are 0 (no point). */
export function formatLatLong(lat: number, lng: number): string {
  if (!lat && !lng) return '';
  return `${lat}, ${lng}`;
}

/** A tale "has a point" unless both coordinates are 0. */
export const hasPoint = (lat: number, lng: number) => !!(lat || lng);

/** Coordinates picked on the map: six decimals (about 10 cm), longitude wrapped into -180..180. */
export function roundPoint(lat: number, lng: number): LatLong {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  const r = (v: number) => Math.round(v * 1e6) / 1e6;
  return { lat: r(Math.max(-90, Math.min(90, lat))), lng: r(wrapped) };
}

export const clampZoom = (z: number) => (Number.isFinite(z) ? Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(z))) : DEFAULT_ZOOM);
