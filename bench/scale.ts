/**
 * How cost grows with the site: feed page 1, search (word and hashtag) and one tale on
 * PostgreSQL databases of 10k, 100k and 1M tales, each beside the bare Fastify route, with the
 * ratio of the largest to the smallest.
 *
 *   npm run bench:scale                              # feed cache on, as deployed
 *   npm run bench:scale -- --no-cache                # FEED_CACHE_MS=0: every request reaches the database
 *   npm run bench:scale -- --db 10k=postgres://...  --db 1m=postgres://...
 *
 * Databases default to tales_bench_10k, tales_bench_100k and tales_bench_1m on 127.0.0.1:5432,
 * seeded as docs/benchmarks.md says. --duration (10), --connections (64), --port (3420).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Figure, ROOT, machine, measure, ms, settings, startApp, startBare } from './lib';
import { readScenarios, sample } from './scenarios';

const { values } = parseArgs({
  options: {
    db: { type: 'string', multiple: true },
    port: { type: 'string', default: '3420' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    'no-cache': { type: 'boolean', default: false },
  },
});
settings.duration = Number(values.duration);
settings.connections = Number(values.connections);
const port = Number(values.port);
const noCache = values['no-cache'];
const pg = 'postgres://postgres@127.0.0.1:5432';
const dbs = (values.db ?? [`10k=${pg}/tales_bench_10k`, `100k=${pg}/tales_bench_100k`, `1M=${pg}/tales_bench_1m`]).map((d) => {
  const at = d.indexOf('=');
  return { size: d.slice(0, at), url: d.slice(at + 1) };
});
const WANTED = ['feed page 1', 'search by word', 'search by hashtag', 'one tale'];

async function main() {
  const where = machine();
  const rows: { size: string; bare: number; visitor: Figure[] }[] = [];
  for (const db of dbs) {
    process.stderr.write(`${db.size}: ${db.url}\n`);
    const app = await startApp({ pg: db.url }, port, noCache ? { FEED_CACHE_MS: '0' } : {});
    try {
      const bare = await startBare(port + 1, await (await fetch(`${app.url}/api/tale/feed/10/1`)).text());
      try {
        const s = await sample(app.url);
        const bareSpec = { name: 'bare Fastify', url: bare.url, requests: ['/bare'] };
        const b1 = await measure(bareSpec);
        const visitor: Figure[] = [];
        for (const sc of readScenarios(app.url, s)) if (WANTED.includes(sc.name)) visitor.push(await measure(sc));
        const b2 = await measure(bareSpec);
        rows.push({ size: db.size, bare: (b1.rps + b2.rps) / 2, visitor });
      } finally {
        await bare.stop();
      }
    } finally {
      await app.stop();
    }
  }

  const first = rows[0];
  const last = rows[rows.length - 1];
  const lines = [
    `## How cost grows: ${rows.map((r) => r.size).join(', ')} tales (PostgreSQL, visitor${noCache ? ', feed cache off' : ', feed cache on'})`,
    '',
    `${where}; ${settings.connections} connections, ${settings.duration} s per figure after a ${settings.warmup} s warm-up.`,
    '',
    `| benchmark | ${rows.map((r) => `${r.size}: req/s (of bare), p50 / p95 / p99`).join(' | ')} | ${last.size}/${first.size}: time per request as a share of bare (raw req/s ratio), p95 ratio |`,
    `|---|${rows.map(() => '---:').join('|')}|---:|`,
  ];
  for (const name of WANTED) {
    const at = rows.map((r) => ({ f: r.visitor.find((f) => f.name === name), bare: r.bare }));
    const a = at[0].f;
    const z = at[at.length - 1].f;
    if (!a || !z) continue;
    const cells = at.map(({ f, bare }) =>
      f
        ? `${Math.round(f.rps).toLocaleString('en')} (${((f.rps / bare) * 100).toFixed(0)}%), ${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.p99)}`
        : '',
    );
    // Time per request relative to the bare route measured around it, so load from other
    // processes that slows both does not count as growth.
    const slower = a.rps / at[0].bare / (z.rps / at[at.length - 1].bare);
    lines.push(
      `| ${name} | ${cells.join(' | ')} | ${slower.toFixed(2)}× (${(a.rps / z.rps).toFixed(2)}×), ${(z.p95 / Math.max(0.1, a.p95)).toFixed(2)}× |`,
    );
  }
  lines.push(`| bare Fastify (req/s) | ${rows.map((r) => Math.round(r.bare).toLocaleString('en')).join(' | ')} | |`, '');
  const out = lines.join('\n');
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const label = `scale${noCache ? '-nocache' : ''}`;
  fs.writeFileSync(path.join(dir, `${label}.md`), out);
  fs.writeFileSync(path.join(dir, `${label}.json`), JSON.stringify({ machine: where, settings, rows }, null, 2));
  console.log(out);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
