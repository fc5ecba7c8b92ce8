import { z } from 'zod';
import { ListParams } from './conversation';
import { FeedQuery } from './tale';
import { intOut, wireId, wireInt } from './fields';

/**
 * The map of tales: what a marker and its popup need of a tale, without its body. Its header is
 * empty when the author hid it, and its excerpt when the tale is for adults (the tale's own page
 * asks first, as the feed does).
 */
export interface MapTale {
  id: number;
  latitude: number;
  longitude: number;
  header: string;
  excerpt: string;
  router_alias: string;
  publish_at: number;
  owner_id: number;
  owner_firstname: string;
  owner_lastname: string;
  is_adult_denied: number;
  is_for_registered: number;
  /** The author asked not to show their name (and emblem) with the tale, or its date: the popup and lists respect it as the feed does. */
  is_avatar_hidden: number;
  is_date_hidden: number;
  /** Nearby tales only: metres from the tale they are near, along the Earth's surface. */
  distance?: number;
}

export const MapTaleSchema = z
  .strictObject({
    id: intOut(),
    latitude: z.number(),
    longitude: z.number(),
    header: z.string(),
    excerpt: z.string().meta({ description: 'The start of the text, up to about 200 characters; empty for a tale for adults.' }),
    router_alias: z.string(),
    publish_at: intOut(),
    owner_id: intOut(),
    owner_firstname: z.string(),
    owner_lastname: z.string(),
    is_adult_denied: intOut(),
    is_for_registered: intOut(),
    is_avatar_hidden: intOut(),
    is_date_hidden: intOut(),
    distance: intOut().optional().meta({ description: 'Nearby tales: metres from the tale they are near.' }),
  })
  .meta({ id: 'MapTale', description: 'A tale on the map: its place and what its popup shows.' }) satisfies z.ZodType<MapTale>;

/** Most markers one page of the map carries. */
export const MAP_PAGE_MAX = 500;
/** How far the map counts the tales of a viewport: past it the total says "this many or more". */
export const MAP_COUNT_CAP = 1000;

/** A viewport: west, south, east, north in degrees (as OGC's bbox). East below west crosses the antimeridian. */
export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)$/;
const degrees = z.number().refine(Number.isFinite, 'Expected a finite number');

/** `bbox=west,south,east,north`; longitudes may run past ±180 (a map panned round the globe), latitudes may not (three turns each way at most). */
export const BboxText = z
  .string()
  .max(200)
  .transform((text, ctx): Bbox => {
    const parts = text.split(',').map((p) => p.trim());
    // plain decimals only: Number() would also read '0x10', '0b1' and '' (as 0)
    const numbers = parts.map((p) => (DECIMAL.test(p) ? Number(p) : Number.NaN));
    if (parts.length !== 4 || numbers.some((n) => !degrees.safeParse(n).success)) {
      ctx.addIssue({ code: 'custom', message: 'Expected four numbers: west,south,east,north' });
      return z.NEVER;
    }
    const [west, south, east, north] = numbers;
    if (south < -90 || north > 90 || south > north) {
      ctx.addIssue({ code: 'custom', message: 'Expected -90 <= south <= north <= 90' });
      return z.NEVER;
    }
    if (Math.abs(west) > 1080 || Math.abs(east) > 1080) {
      ctx.addIssue({ code: 'custom', message: 'Expected longitudes within -1080..1080' });
      return z.NEVER;
    }
    return { west, south, east, north };
  });

export const MapParams = ListParams.extend({ pageSize: wireInt().pipe(z.number().min(1).max(MAP_PAGE_MAX)) });
export const MapQuery = z.object({
  bbox: BboxText.optional().meta({ description: 'west,south,east,north in degrees; the whole world when left out.' }),
  txt: FeedQuery.shape.txt,
});
export const NearbyParams = ListParams.extend({ id: wireId() });
