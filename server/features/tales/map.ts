import { type SQL, and, eq, sql } from 'drizzle-orm';
import { isLoggedIn } from '../../../common/abilities';
import { type Bbox, MAP_COUNT_CAP, type MapTale } from '../../../common/schemas/map';
import { type Pagination, paginate } from '../../../common/schemas/envelope';
import type { Db } from '../../db/client';
import { mapPoint, mercatorYOf } from '../../db/geo';
import { tales, users } from '../../db/schema';
import { nowSeconds } from '../../db/time';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { countTales, publicPosts, searchKeys, searchMatches } from './queries';
import { parseSearch } from './search';
import { SPARSE_MAX, fromTextIndex } from './search-plan';
import { answeringIndex } from './memory-search';
import { type Caller, assertVisible, taleById } from './service';

/**
 * The map of tales: every post the feed would show a reader that pins itself to a place, found by
 * the place. One GiST index (tales_map_idx, migration 0011) holds the listed posts that show their
 * map and have a point, by point(longitude, latitude): a viewport is a box in it, and the order is
 * nearest to the viewport's centre first, straight from the index (a KNN scan), so a page costs
 * its own rows however many tales the site holds. What a reader may see is the feed's own rule
 * (publicPosts); the search text is the feed's too (parseSearch, searchMatches, fromTextIndex).
 */

/** Where a tale is, as the index has it (longitude, Mercator y). */
const place = mapPoint(tales.geo_longitude, tales.geo_latitude);

/**
 * Posts on the map: the index's own condition, written out as literals so the planner can tell the
 * index holds every row asked for (a bound parameter would not prove it).
 */
export const mappedPosts: SQL = sql`(${tales.type} = 'POST' and ${tales.is_submitted} = 1 and ${tales.is_draft} = 0 and ${tales.geo_is_map_shown} = 1 and not (${tales.geo_latitude} = 0 and ${tales.geo_longitude} = 0))`;

/** A longitude taken round the globe into -180..180 (180 itself stays). */
export function wrapLongitude(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/**
 * A viewport as boxes the index can search: one, or two when it crosses the antimeridian (east of
 * it comes round to -180), or the whole band of latitudes when it is 360 degrees wide or more.
 */
export function boxesOf(v: Bbox): { boxes: Bbox[]; centre: { lng: number; lat: number } } {
  const lat = (v.south + v.north) / 2;
  if (v.east - v.west >= 360) {
    // wider than the world: all of it, nearest to where the view is centred
    return {
      boxes: [{ west: -180, south: v.south, east: 180, north: v.north }],
      centre: { lng: wrapLongitude((v.west + v.east) / 2), lat },
    };
  }
  const west = wrapLongitude(v.west);
  // the span eastward from west, as the viewport meant it (east may be given below west across ±180)
  const span = (((v.east - v.west) % 360) + 360) % 360;
  const east = wrapLongitude(west + span);
  const centre = { lng: wrapLongitude(west + span / 2), lat };
  if (west <= east) return { boxes: [{ west, south: v.south, east, north: v.north }], centre };
  return {
    boxes: [
      { west, south: v.south, east: 180, north: v.north },
      { west: -180, south: v.south, east, north: v.north },
    ],
    centre,
  };
}

/** Inside a box: its corners go through the same expression as the index (so a tale on an edge is in). */
const inBox = (b: Bbox) =>
  sql`${place} <@ box(${mapPoint(sql`${b.west}::float8`, sql`${b.south}::float8`)}, ${mapPoint(sql`${b.east}::float8`, sql`${b.north}::float8`)})`;

/** Distance in the index's terms (longitude and Mercator y on the plane) from a point: what the index orders by. */
function distanceFrom(point: { lng: number; lat: number }): SQL {
  return sql`${place} <-> point(${point.lng}::float8, ${mercatorYOf(point.lat)}::float8)`;
}

const EXCERPT_CHARS = 200;

const mapColumns = {
  id: tales.id,
  latitude: tales.geo_latitude,
  longitude: tales.geo_longitude,
  header: tales.header,
  is_header_hidden: tales.is_header_hidden,
  start: sql<string>`left(${tales.body_txt}, ${EXCERPT_CHARS + 40})`,
  router_alias: tales.router_alias,
  publish_at: tales.publish_at,
  owner_id: tales.owner_id,
  owner_firstname: users.firstname,
  owner_lastname: users.lastname,
  is_adult_denied: tales.is_adult_denied,
  is_for_registered: tales.is_for_registered,
  is_avatar_hidden: tales.is_avatar_hidden,
  is_date_hidden: tales.is_date_hidden,
};
type MapRow = {
  [K in keyof typeof mapColumns]: (typeof mapColumns)[K] extends { _: { data: infer D } } ? D : never;
} & { distance: number };

/** The start of a tale's text, cut at a word near EXCERPT_CHARS. */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_CHARS) return flat;
  const cut = flat.slice(0, EXCERPT_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_CHARS * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?—-]+$/u, '')}…`;
}

function present(row: MapRow, distance?: number): MapTale {
  return {
    id: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    header: row.is_header_hidden === 1 ? '' : row.header.trim(),
    excerpt: row.is_adult_denied === 1 ? '' : excerptOf(row.start ?? ''),
    router_alias: row.router_alias ?? '',
    publish_at: row.publish_at,
    owner_id: row.owner_id,
    owner_firstname: row.owner_firstname ?? '',
    owner_lastname: row.owner_lastname ?? '',
    is_adult_denied: row.is_adult_denied,
    is_for_registered: row.is_for_registered,
    is_avatar_hidden: row.is_avatar_hidden,
    is_date_hidden: row.is_date_hidden,
    ...(distance === undefined ? {} : { distance }),
  };
}

/** The statement of one page of the map's rows (a builder: the benchmark explains it). */
export function mapPageQuery(db: Db, where: SQL, order: SQL, limit: number, offset: number) {
  return db
    .select({ ...mapColumns, distance: sql<number>`${order}`.mapWith(Number) })
    .from(tales)
    .innerJoin(users, eq(users.id, tales.owner_id))
    .where(where)
    .orderBy(order)
    .limit(limit)
    .offset(offset);
}

/** One box of a viewport as a query: its conditions, and its order (nearest to the viewport's centre first). */
export interface ViewportPart {
  conditions: SQL[];
  order: SQL;
}

/**
 * What a viewport asks: the tales a reader may see (the feed's rule) on the map, inside it, and
 * nearest to its centre first. Across the antimeridian it is two boxes, each measured from the
 * centre's copy on its own side of ±180 (so the shorter way round), each searched on its own so
 * that each is still a nearest-first walk of the index.
 */
export function viewportOf(bbox: Bbox | undefined, reader: { signedIn: boolean; now: number }): ViewportPart[] {
  const { boxes, centre } = boxesOf(bbox ?? { west: -180, south: -90, east: 180, north: 90 });
  return boxes.map((box) => {
    // the copy of the centre nearest this box: for the box east of ±180, one turn west of a centre west of it, and so on
    const lng = centre.lng + 360 * Math.round(((box.west + box.east) / 2 - centre.lng) / 360);
    return {
      conditions: [publicPosts(reader.signedIn, reader.now), mappedPosts, inBox(box)],
      order: distanceFrom({ lng, lat: centre.lat }),
    };
  });
}

/**
 * What a search's text asks of the map's tales, as a condition. A rare word's matches come from
 * the memory search when the server keeps one, or else the text index (as the feed's sparse
 * search: at most SPARSE_MAX ids), and the map keeps those in the viewport; a common word is checked on the viewport's tales, nearest first.
 */
async function searchCondition(deps: Deps, txt: string | undefined, reader: { signedIn: boolean; now: number }): Promise<SQL | null> {
  const search = parseSearch(txt);
  if (!search) return null;
  const index = answeringIndex(deps);
  if (index) {
    const found = index.matches(search, reader);
    if (found.length <= SPARSE_MAX) return sql`${tales.id} = any(${sql.param(index.idsOf(found))}::int[])`;
  } else if (await fromTextIndex(deps.db, deps.config.SEARCH_STRATEGY, search)) {
    const keys = await searchKeys(deps.db, search, reader, SPARSE_MAX + 1);
    if (keys.length <= SPARSE_MAX) return sql`${tales.id} = any(${sql.param(keys.map((k) => k.id))}::int[])`;
  }
  return and(...searchMatches(search.tsquery, search.tags.length ? search.tags : null)) as SQL;
}

export interface MapRequest {
  bbox?: Bbox;
  txt?: string;
  pageSize: number;
  page: number | 'last';
}

/**
 * One page of the tales in a viewport that the caller may read, nearest to its centre first, and
 * how many there are (counted up to MAP_COUNT_CAP).
 */
export async function mapTales(deps: Deps, caller: Caller, req: MapRequest): Promise<{ tales: MapTale[]; pagination: Pagination }> {
  const reader = { signedIn: isLoggedIn(caller), now: nowSeconds() };
  const parts = viewportOf(req.bbox, reader);
  const text = await searchCondition(deps, req.txt, reader);
  const whereOf = (part: ViewportPart) => and(...part.conditions, ...(text ? [text] : [])) as SQL;
  let total = 0;
  for (const part of parts) total += await countTales(deps.db, whereOf(part), MAP_COUNT_CAP);
  const pagination = paginate(req.page, req.pageSize, Math.min(total, MAP_COUNT_CAP));
  const offset = (pagination.pageCurrentNumber - 1) * req.pageSize;
  if (parts.length === 1) {
    const rows = (await mapPageQuery(deps.db, whereOf(parts[0]), parts[0].order, req.pageSize, offset)) as MapRow[];
    return { tales: rows.map((r) => present(r)), pagination };
  }
  // two sides of ±180: the first offset + pageSize of each, merged nearest first (pages stop at MAP_COUNT_CAP)
  const sides = await Promise.all(parts.map((part) => mapPageQuery(deps.db, whereOf(part), part.order, offset + req.pageSize, 0)));
  const merged = (sides.flat() as MapRow[]).sort((x, y) => x.distance - y.distance || x.id - y.id);
  return { tales: merged.slice(offset, offset + req.pageSize).map((r) => present(r)), pagination };
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Metres between two points along the Earth's surface (haversine, mean radius). */
export function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The tales nearest to one the caller may read, nearest first, with their distance from it: none
 * when it is a comment or shows no map. A tale the caller may not read is not found (as the tale).
 */
export async function nearbyTales(
  deps: Deps,
  caller: Caller,
  req: { id: number; pageSize: number; page: number | 'last' },
): Promise<{ tales: MapTale[]; pagination: Pagination }> {
  const row = await taleById(deps, req.id);
  if (!row) throw notFound();
  await assertVisible(deps, caller, row);
  const pinned = row.type === 'POST' && row.geo_is_map_shown === 1 && !(row.geo_latitude === 0 && row.geo_longitude === 0);
  if (!pinned) return { tales: [], pagination: paginate(req.page, req.pageSize, 0) };
  const here = { lng: row.geo_longitude, lat: row.geo_latitude };
  const where = and(publicPosts(isLoggedIn(caller), nowSeconds()), mappedPosts, sql`${tales.id} <> ${row.id}`) as SQL;
  const total = await countTales(deps.db, where, MAP_COUNT_CAP);
  const pagination = paginate(req.page, req.pageSize, total);
  const offset = (pagination.pageCurrentNumber - 1) * req.pageSize;
  // Two nearest-first walks, from the tale and from its copy one turn round the globe (a tale at
  // 179.9° has neighbours at -179.9°), each twice as deep as the page needs, since nearest on the
  // map and nearest on the ground may differ a little; then ordered by metres on the ground.
  const copy = { lng: here.lng >= 0 ? here.lng - 360 : here.lng + 360, lat: here.lat };
  const depth = (offset + req.pageSize) * 2;
  const walks = await Promise.all([here, copy].map((from) => mapPageQuery(deps.db, where, distanceFrom(from), depth, 0)));
  const byId = new Map<number, MapRow & { metres: number }>();
  for (const r of walks.flat() as MapRow[]) {
    if (!byId.has(r.id)) byId.set(r.id, { ...r, metres: metresBetween(here, { lat: r.latitude, lng: r.longitude }) });
  }
  const nearest = [...byId.values()].sort((x, y) => x.metres - y.metres || x.id - y.id).slice(offset, offset + req.pageSize);
  return { tales: nearest.map((r) => present(r, Math.round(r.metres))), pagination };
}
