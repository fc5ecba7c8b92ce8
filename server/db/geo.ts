import { type SQL, sql } from 'drizzle-orm';

/** Latitudes past this are drawn at this (web maps stop at it too): Mercator's y grows without bound towards the poles. */
export const MERCATOR_MAX_LAT = 85.0511;

/**
 * A place as the map index holds it: longitude, and latitude in Web Mercator's y (in degrees). In
 * Mercator distances are stretched alike in every direction at each place, so nearest-first on the
 * plane is nearest-first on the ground, unlike raw degrees, where at Moscow a degree of longitude
 * is half a degree of latitude. The same expression writes the index (schema.ts) and queries it
 * (features/tales/map.ts): the planner matches them as written.
 */
export function mapPoint(longitude: SQL | SQL.Aliased | unknown, latitude: SQL | SQL.Aliased | unknown): SQL {
  return sql`point(${longitude}, ${mercatorY(latitude)})`;
}

/** Web Mercator's y of a latitude (a column or a value), in degrees, the latitude first held within ±MERCATOR_MAX_LAT. */
export function mercatorY(latitude: unknown): SQL {
  return sql`degrees(ln(tan(radians(45 + least(greatest(${latitude}, ${sql.raw(String(-MERCATOR_MAX_LAT))}), ${sql.raw(String(MERCATOR_MAX_LAT))}) / 2))))`;
}

/** The same in JavaScript: what a box's corner or a centre becomes before it is compared with the index. */
export function mercatorYOf(latitude: number): number {
  const lat = Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, latitude));
  return (Math.log(Math.tan(((45 + lat / 2) * Math.PI) / 180)) * 180) / Math.PI;
}
