/**
 * The map of tales at a million (#14 part 3): the production build (`npm run build`) against a
 * seeded PostgreSQL database, each figure beside a bare Fastify route answering the same first
 * answer from memory, in the same run.
 *
 *   npm run bench:map                                   # database tales_bench_1m
 *   npm run bench:map -- --pg postgres://postgres@127.0.0.1:5432/other --duration 5
 *
 * Every request asks for a viewport nobody asked for before (a city on a 1280×720 screen at zoom
 * 11 to 13, its centre moved at random), so nothing could be answered from a cache; the map keeps
 * none anyway. Each is measured on one connection (what one reader waits) and on --connections
 * (64: the machine's throughput). Then EXPLAIN (ANALYZE, BUFFERS) of one city viewport's page, as
 * the server sends it. Seeding puts 30% of the tales on the map, most around 28 cities
 * (bench/places.ts).
 */
import { parseArgs } from 'node:util';
import { nowSeconds } from '../server/db/time';
import { openDatabase } from '../server/db/client';
import { mercatorYOf } from '../server/db/geo';
import { mapPageQuery, viewportOf } from '../server/features/tales/map';
import { and, type SQL } from 'drizzle-orm';
import { type Figure, type LoadSpec, call, describeTarget, machine, measure, pgRows, settings, startApp, startBare, table } from './lib';
import { cityAt } from './places';
import { TAGS_EN, TAGS_RU } from './words';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/tales_bench_1m' },
    port: { type: 'string', default: '3430' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    'page-size': { type: 'string', default: '200' },
  },
});
settings.duration = Number(values.duration);
const loaded = Number(values.connections);
const pageSize = Number(values['page-size']);
const target = { pg: values.pg as string };

let seed = 7;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const invMercator = (y: number) => (Math.atan(Math.sinh((y * Math.PI) / 180)) * 180) / Math.PI;

/** What a 1280×720 screen shows at `zoom` around a centre: west,south,east,north. */
function screen(lat: number, lng: number, zoom: number): string {
  const degPerPx = 360 / (256 * 2 ** zoom);
  const halfW = (1280 / 2) * degPerPx;
  const halfH = (720 / 2) * degPerPx;
  const y = mercatorYOf(lat);
  const r = (v: number) => v.toFixed(5);
  return [r(lng - halfW), r(invMercator(y - halfH)), r(lng + halfW), r(invMercator(y + halfH))].join(',');
}

/** `count` city viewports, all different: a city by its share, the centre moved up to ~5 km, zoom 11–13. */
function cityViewports(count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const city = cityAt(rnd());
    out.push(screen(city.lat + (rnd() - 0.5) * 0.1, city.lng + (rnd() - 0.5) * 0.15, 11 + Math.floor(rnd() * 3)));
  }
  return out;
}

async function main() {
  const app = await startApp(target, Number(values.port));
  const figures: { one: Figure[]; loaded: Figure[] } = { one: [], loaded: [] };
  let plan = '';
  let bareOne: Figure | undefined;
  let bareLoaded: Figure | undefined;
  try {
    const views = cityViewports(20_000);
    const first = await (await fetch(`${app.url}/api/tale/map/${pageSize}/1?bbox=${views[0]}`)).text();
    const bare = await startBare(Number(values.port) + 1, first);
    try {
      process.stderr.write(`${describeTarget(target)}; ${machine()}\n`);
      const pinned = await pgRows<{ id: number }>(
        target.pg,
        `select id from tales where type = 'POST' and is_submitted = 1 and is_draft = 0 and is_for_registered = 0 and geo_is_map_shown = 1
           and not (geo_latitude = 0 and geo_longitude = 0) and publish_at <= extract(epoch from now()) order by md5(id::text) limit 5000`,
      );
      const tags = [...TAGS_EN.slice(0, 5), ...TAGS_RU.slice(0, 5)];
      const first = await call<{ tale: unknown[] }>(app.url, `/api/tale/map/${pageSize}/1?bbox=${views[0]}`);
      process.stderr.write(`first city viewport: ${first.data.tale.length} markers of ${JSON.stringify(first.meta.tale)}\n`);
      const scenarios: LoadSpec[] = [
        {
          name: `city viewport, ${pageSize} markers (visitor)`,
          url: app.url,
          fresh: true,
          requests: views.map((b) => `/api/tale/map/${pageSize}/1?bbox=${b}`),
        },
        {
          name: 'city viewport, its second page',
          url: app.url,
          fresh: true,
          requests: views.slice(10_000).map((b) => `/api/tale/map/${pageSize}/2?bbox=${b}`),
        },
        {
          name: 'city viewport and a hashtag',
          url: app.url,
          fresh: true,
          requests: views.map((b, i) => `/api/tale/map/${pageSize}/1?bbox=${b}&txt=${encodeURIComponent(`#${tags[i % tags.length]}`)}`),
        },
        { name: `the whole world, ${pageSize} markers`, url: app.url, requests: [`/api/tale/map/${pageSize}/1`] },
        { name: 'nearby tales of a tale (5)', url: app.url, fresh: true, requests: pinned.map((r) => `/api/tale/nearby/${r.id}/5/1`) },
      ];
      const bareSpec: LoadSpec = { name: 'bare Fastify, the first viewport from memory', url: bare.url, requests: ['/bare'] };
      settings.connections = 1;
      bareOne = await measure(bareSpec);
      for (const sc of scenarios) figures.one.push(await measure(sc));
      settings.connections = loaded;
      bareLoaded = await measure(bareSpec);
      for (const sc of scenarios) figures.loaded.push(await measure(sc));
    } finally {
      await bare.stop();
    }
  } finally {
    await app.stop();
  }
  // the plan of one city viewport's first page, as the server builds it
  const database = await openDatabase({ url: target.pg, pgliteDir: '', poolMax: 1 });
  try {
    const [west, south, east, north] = screen(55.7558, 37.6173, 12).split(',').map(Number);
    const [{ conditions, order }] = viewportOf({ west, south, east, north }, { signedIn: false, now: nowSeconds() });
    const q = mapPageQuery(database.db, and(...conditions) as SQL, order, pageSize, 0).toSQL();
    const rows = await pgRows<{ 'QUERY PLAN': string }>(target.pg, `explain (analyze, buffers) ${q.sql}`, q.params);
    plan = rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await database.close();
  }
  const out = [
    `${describeTarget(target)}; ${machine()}`,
    '',
    'One connection (what one reader waits):',
    '',
    table([...(bareOne ? [bareOne] : []), ...figures.one], bareOne?.rps ?? 1),
    '',
    `${loaded} connections:`,
    '',
    table([...(bareLoaded ? [bareLoaded] : []), ...figures.loaded], bareLoaded?.rps ?? 1),
    '',
    'Plan of a Moscow viewport at zoom 12 (visitor, first page):',
    '',
    plan,
  ].join('\n');
  process.stdout.write(`${out}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
