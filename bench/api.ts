/**
 * The API under load: the production build (`npm run build`) against a seeded database, as a
 * visitor and as logged-in readers, reads and writes, each figure beside a bare Fastify route
 * answering the same feed page from memory.
 *
 *   npm run bench:pg                     # PostgreSQL, database tales_bench_1m
 *   npm run bench:pglite                 # PGlite under ./data-bench
 *   npm run bench:api -- --pg postgres://postgres@127.0.0.1:5432/other --only feed
 *
 * Options: --pg URL | --pglite DIR, --port (3410; the bare route uses port+1), --duration (10 s
 * per figure), --warmup (3 s before each figure; how many of the "N readers" are first seen in the
 * figure depends on it: docs/benchmarks.md, session 32), --connections (64), --only REGEX
 * (figures whose name matches), --label (names the result files in bench/results/), --no-writes, --no-cache (starts the server
 * with FEED_CACHE_MS=0 and SESSION_CACHE_MS=0, so every request reaches the database), --cold-readers
 * (SESSION_CACHE_MS=0: nothing kept per reader, every logged-in request reads its session, likes and
 * totals; pages everyone sees are still shared), --readers (5000: sessions written straight into a
 * PostgreSQL database for the "N readers" figures).
 *
 * Writes: a new tale, a comment, a like toggle, each alone and then the three in turn on every
 * connection ("writes together"); on PostgreSQL the kept counters are then compared with the rows
 * they count, and a difference stops the run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type Condition,
  type Figure,
  type LoadSpec,
  call,
  ROOT,
  describeTarget,
  machine,
  measure,
  measureAlternating,
  measureTogether,
  openSessions,
  pgRows,
  warmDatabase,
  parseTarget,
  settings,
  signIn,
  startApp,
  startBare,
  table,
} from './lib';
import { anyPages, busiestAuthorsQuery, manyReaderScenarios, readScenarios, sample } from './scenarios';

const { values } = parseArgs({
  options: {
    pg: { type: 'string' },
    pglite: { type: 'string' },
    port: { type: 'string', default: '3410' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '64' },
    only: { type: 'string' },
    label: { type: 'string' },
    users: { type: 'string', default: '32' },
    readers: { type: 'string', default: '5000' },
    'no-writes': { type: 'boolean', default: false },
    'no-cache': { type: 'boolean', default: false },
    'cold-readers': { type: 'boolean', default: false },
  },
});
settings.duration = Number(values.duration);
settings.warmup = Number(values.warmup);
for (const name of ['duration', 'warmup'] as const) {
  if (!Number.isFinite(settings[name]) || settings[name] < 0) throw new Error(`--${name}: seconds, 0 or more (got "${values[name]}")`);
}
settings.connections = Number(values.connections);
const target = parseTarget(values);
const port = Number(values.port);
const noCache = values['no-cache'];
// every reader as if first seen: nothing kept per user (sessions, their likes, their totals), shared pages still kept
const coldReaders = values['cold-readers'];
const label = `${values.label ?? ('pg' in target ? `pg-${target.pg.split('/').pop()}` : 'pglite')}${noCache ? '-nocache' : ''}${coldReaders ? '-cold' : ''}`;
const only = values.only ? new RegExp(values.only) : null;

async function main() {
  const where = machine();
  // the figures measure a server that has run a while, not the disk of a new machine (lib.ts)
  const warmed = 'pg' in target ? await warmDatabase(target.pg) : undefined;
  if (warmed) process.stderr.write(`${warmed}\n`);
  let counters: string | null = null;
  /** Visitor reads under a trickle of writes: each scenario's mean req/s with and without writes. */
  const kept: { name: string; with: number; without: number }[] = [];
  const app = await startApp(
    target,
    port,
    noCache ? { FEED_CACHE_MS: '0', SESSION_CACHE_MS: '0' } : coldReaders ? { SESSION_CACHE_MS: '0' } : {},
  );
  settings.serverPid = app.pid;
  const results: { visitor: Figure[]; loggedIn: Figure[]; trickle: Figure[]; writes: Figure[]; mixed: Figure[]; bare: Figure[] } = {
    visitor: [],
    mixed: [],
    trickle: [],
    loggedIn: [],
    writes: [],
    bare: [],
  };
  try {
    const feedBody = await (await fetch(`${app.url}/api/tale/feed/10/1`)).text();
    const bare = await startBare(port + 1, feedBody);
    try {
      process.stderr.write(`${describeTarget(target)}; ${where}\n`);
      // the busiest authors' lists, read at any page, are the longest after the feed's
      const busiest = 'pg' in target ? (await pgRows<{ id: number }>(target.pg, busiestAuthorsQuery(3))).map((r) => r.id) : undefined;
      const s = await sample(app.url, 40, busiest);
      const readers = await signIn(app.url, Number(values.users));
      const token = (i: number) => ({ token: readers[i % readers.length].token });
      const want = (name: string) => !only || only.test(name);
      const bareSpec: LoadSpec = { name: 'bare Fastify, fixed 10-tale body', url: bare.url, requests: ['/bare'] };
      results.bare.push(await measure(bareSpec));

      process.stderr.write('visitor\n');
      for (const sc of readScenarios(app.url, s)) if (want(sc.name)) results.visitor.push(await measure(sc));

      process.stderr.write(`logged in (${readers.length} accounts, token header)\n`);
      const loggedIn: LoadSpec[] = [
        ...readScenarios(app.url, s, 'second'),
        { name: 'notifications', url: app.url, requests: ['/api/notification/SelectListLatest/10/1'] },
        { name: 'notification count', url: app.url, requests: ['/api/notification/count'] },
        // the same list a page of 1 and of 30: what a statement costs against what each row adds
        { name: 'notifications, 1 a page', url: app.url, requests: ['/api/notification/SelectListLatest/1/1'] },
        { name: 'notifications, 30 a page', url: app.url, requests: ['/api/notification/SelectListLatest/30/1'] },
      ];
      for (const sc of loggedIn) if (want(sc.name)) results.loggedIn.push(await measure({ ...sc, headers: token, loggedIn: true }));

      // Thousands of readers, each request from the next one (no session is warm), and the
      // people with the most notifications reading theirs, the last page too.
      const many = manyReaderScenarios(app.url, s);
      const readersName = (name: string) => `${name} (${values.readers} readers)`;
      const heavyNames = [
        'notifications, every reader',
        'notifications of the most notified',
        'notifications of the most notified, last page',
        'notifications of the most notified, any page',
      ];
      if ('pg' in target && Number(values.readers) > 0 && [...many.map((sc) => sc.name), ...heavyNames].some((n) => want(readersName(n)))) {
        const heaviest = await pgRows<{ user_id: number; n: number }>(
          target.pg,
          'select user_id, count(*)::int as n from notifications group by user_id order by n desc limit 10',
        );
        const opened = await openSessions(
          target.pg,
          Number(values.readers),
          heaviest.map((h) => h.user_id),
        );
        try {
          process.stderr.write(`logged in, ${opened.sessions.length} readers (one session each)\n`);
          const tokenOf = new Map(opened.sessions.map((x) => [x.id, x.token]));
          // Which readers a figure asked already (its warm-up included): a reader's first request of
          // a list reads its total and items anew (and its session, the first time in the run), so
          // each figure is told how many of its measured requests were first ones.
          let seen = new Set<number>();
          let firstVisits = 0;
          let asked = 0;
          const everyone = (i: number) => {
            const k = (i * 7919) % opened.sessions.length;
            asked++;
            if (!seen.has(k)) {
              seen.add(k);
              firstVisits++;
            }
            return { token: opened.sessions[k].token };
          };
          let windowStart = { firstVisits: 0, asked: 0 };
          const markWindow = () => {
            windowStart = { firstVisits, asked };
          };
          const firstVisitsNote = () =>
            `${(firstVisits - windowStart.firstVisits).toLocaleString('en')} of ${(asked - windowStart.asked).toLocaleString('en')} requests a reader's first in the figure`;
          const heavy = heaviest.map((h) => ({ token: tokenOf.get(h.user_id) as string, pages: Math.max(1, Math.ceil(h.n / 10)) }));
          const byHeavy = (page: (h: (typeof heavy)[number]) => number | 'last') =>
            heavy.map((h) => ({ path: `/api/notification/SelectListLatest/10/${page(h)}`, headers: { token: h.token } }));
          const all: LoadSpec[] = [
            ...many,
            { name: heavyNames[0], url: app.url, requests: ['/api/notification/SelectListLatest/10/1'] },
            { name: heavyNames[1], url: app.url, requests: byHeavy(() => 1), fresh: true },
            { name: heavyNames[2], url: app.url, requests: byHeavy(() => 'last'), fresh: true },
            {
              name: heavyNames[3],
              url: app.url,
              fresh: true,
              requests: heavy.flatMap((h) =>
                anyPages(h.pages, 500).map((p) => ({ path: `/api/notification/SelectListLatest/10/${p}`, headers: { token: h.token } })),
              ),
            },
          ];
          for (const sc of all) {
            const name = readersName(sc.name);
            if (!want(name)) continue;
            const own = sc.name.includes('most notified');
            if (own) {
              results.loggedIn.push(await measure({ ...sc, name, loggedIn: true }));
              continue;
            }
            seen = new Set();
            const figure = await measure({ ...sc, name, headers: everyone, loggedIn: true, measuring: markWindow });
            process.stderr.write(`    (${firstVisitsNote()})\n`);
            results.loggedIn.push({ ...figure, name: `${name}; ${firstVisitsNote()}` });
          }
        } finally {
          await opened.close();
        }
      }

      // Reads while the site lives: a new tale every second and five likes a second, from other
      // accounts, against the same reads without them. The two take turns of two seconds (lib.ts
      // measureAlternating): this machine's speed drifts by a third within a minute (bare 12,345
      // and 7,670 req/s minutes apart, session 47), and one figure of each, one after the other,
      // measured the drift as much as the writes.
      const trickled = readScenarios(app.url, s).filter((sc) => /^(feed page 1|search by word|search by hashtag|one tale)$/.test(sc.name));
      if (!values['no-writes'] && trickled.some((sc) => want(`${sc.name} under writes`))) {
        process.stderr.write('visitor reads under a trickle of writes (1 tale/s, 5 likes/s)\n');
        const writers = readers.slice(-Math.max(1, Math.floor(readers.length / 2)));
        let k = 0;
        const send = (p: string, body: unknown) =>
          call(app.url, p, { method: 'POST', body, headers: { token: writers[k++ % writers.length].token } }).catch(() => undefined);
        // one clock for the whole section, so each window with writes has its share of them (a clock
        // started with each window would send its first tale a second late)
        let on = false;
        const timers = [
          setInterval(() => {
            if (on) void send('/api/tale/upsert', { header: `Trickle ${k}`, body: `<p>While reading, ${k}. #trickle</p>` });
          }, 1_000),
          setInterval(() => {
            if (on) void send('/api/like/process', { ref_table: 'tale', ref_id: s.taleIds[k % s.taleIds.length], val: 1 });
          }, 200),
        ];
        const writing: Condition = {
          name: 'under writes',
          start: () => {
            on = true;
          },
          stop: () => {
            on = false;
          },
        };
        try {
          for (const sc of trickled) {
            if (!want(`${sc.name} under writes`)) continue;
            const [without, withWrites] = await measureAlternating(sc, [{ name: 'no writes' }, writing]);
            results.trickle.push(without, withWrites);
            kept.push({ name: sc.name, without: without.rps, with: withWrites.rps });
          }
        } finally {
          timers.forEach(clearInterval);
        }
      }

      if (!values['no-writes']) {
        process.stderr.write('writes (logged in)\n');
        const post = (p: string, body: unknown) => ({
          method: 'POST',
          path: p,
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify(body),
        });
        const writes: LoadSpec[] = [
          {
            name: 'create tale',
            url: app.url,
            requests: Array.from({ length: 50 }, (_, k) =>
              post('/api/tale/upsert', { header: `Bench tale ${k}`, body: `<p>Written by the benchmark, ${k}. #bench</p>` }),
            ),
          },
          {
            name: 'add comment',
            url: app.url,
            requests: s.open
              .slice(0, 200)
              .map((id) => post('/api/tale/upsert', { answer_to_tale_id: id, body: '<p>A benchmark comment.</p>' })),
          },
          {
            name: 'like (toggle)',
            url: app.url,
            requests: s.taleIds.slice(0, 200).map((id) => post('/api/like/process', { ref_table: 'tale', ref_id: id, val: 1 })),
          },
        ];
        for (const sc of writes) {
          if (!want(sc.name)) continue;
          await vacuumChurned(target);
          results.writes.push(await measure({ ...sc, headers: token, loggedIn: true }));
        }
        // The three at once, in turn on every connection: what a busy site's writers send.
        if (want('writes together')) {
          await vacuumChurned(target);
          results.writes.push(
            await measure({
              name: 'writes together (tale, comment, like in turn)',
              url: app.url,
              requests: interleave(writes.map((w) => w.requests)),
              headers: token,
              loggedIn: true,
            }),
          );
        }
        if ('pg' in target && results.writes.length)
          counters = await countersAgainstRows(target.pg, s.open.slice(0, 200), s.taleIds.slice(0, 200));

        // A small site's day (the embedded database's case): 20 signed-in people, half of them
        // writing (tales, comments, likes in turn), half reading what the others read, all at once.
        if (want('mixed')) {
          process.stderr.write('mixed: 10 connections reading while 10 write (logged in)\n');
          const reads = readScenarios(app.url, s)
            .filter((sc) => /^(feed page 1|feed, any page|one tale|comment list|likers)$/.test(sc.name))
            .map((sc) => sc.requests.slice(0, 200));
          const mixed = await measureTogether([
            {
              spec: { name: 'mixed: reads', url: app.url, fresh: true, requests: interleave(reads), headers: token, loggedIn: true },
              connections: 10,
            },
            {
              spec: {
                name: 'mixed: writes',
                url: app.url,
                requests: interleave(writes.map((w) => w.requests)),
                headers: token,
                loggedIn: true,
              },
              connections: 10,
            },
          ]);
          results.mixed.push(...mixed);
        }
      }
      results.bare.push(await measure(bareSpec));
    } finally {
      await bare.stop();
    }
  } finally {
    await app.stop();
  }

  const bareRps = results.bare.reduce((a, f) => a + f.rps, 0) / results.bare.length;
  const out = [
    `## ${describeTarget(target)}${noCache ? ', caches off (FEED_CACHE_MS=0, SESSION_CACHE_MS=0)' : ''}${coldReaders ? ', nothing kept per reader (SESSION_CACHE_MS=0)' : ''}`,
    '',
    `${where}; ${settings.connections} connections, ${settings.duration} s per figure after a ${settings.warmup} s warm-up${warmed ? `; ${warmed}` : ''}.`,
    `Bare Fastify: ${results.bare.map((f) => Math.round(f.rps).toLocaleString('en')).join(' and ')} req/s (before and after); ratios use the mean.` +
      // the reference for the bars said in milliseconds: what the same connections wait for a route that does nothing
      ` Its p50 / p95 / p99: ${results.bare.map((f) => [f.p50, f.p95, f.p99].map((ms) => ms.toFixed(ms < 10 ? 1 : 0)).join(' / ')).join(' and ')} ms.`,
    '',
    '### Visitor',
    table(results.visitor, bareRps),
    '',
    '### Logged-in reader',
    table(results.loggedIn, bareRps),
    '',
    '### Visitor reads under a trickle of writes (a new tale every second, five likes a second)',
    table(results.trickle, bareRps),
    ...(kept.length
      ? [
          '',
          'Share kept under writes (the windows with writes against those without, taken in turns):',
          ...kept.map(
            (x) =>
              `- ${x.name}: ${Math.round(x.with).toLocaleString('en')} against ${Math.round(x.without).toLocaleString('en')} req/s, ${((100 * x.with) / x.without).toFixed(1)}%`,
          ),
        ]
      : []),
    '',
    '### Writes (logged in)',
    table(results.writes, bareRps),
    ...(vacuumed ? ['', 'Before each write figure the tables writes churn were vacuumed (autovacuum is off on this server).'] : []),
    ...(counters ? ['', counters] : []),
    '',
    '### Mixed: 10 connections reading while 10 write (logged in)',
    table(results.mixed, bareRps),
    '',
  ].join('\n');
  const dir = path.join(ROOT, 'bench/results');
  fs.writeFileSync(path.join(dir, `api-${label}.md`), out);
  fs.writeFileSync(path.join(dir, `api-${label}.json`), JSON.stringify({ target, machine: where, settings, ...results }, null, 2));
  console.log(out);
}

/** Lists' items taken in turn, one of each list after the other (a, b, c, a, b, c …). */
function interleave<T>(lists: T[][]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let k = 0; k < longest; k++) for (const l of lists) if (k < l.length) out.push(l[k]);
  return out;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

/**
 * This machine's PostgreSQL runs with autovacuum off (its CI configuration, `SHOW autovacuum`); a
 * production server vacuums the tables that writes churn as it goes. Without it every write figure
 * paid for the dead rows of the runs before it (a like toggled on and off leaves two; the same
 * figure fell by a third over ten runs), so before each write figure the tables writes churn are
 * vacuumed, as autovacuum would have by then. Nothing is done when autovacuum is on, or on PGlite.
 */
let vacuumed = false;
async function vacuumChurned(target: { pg: string } | { pglite: string }) {
  if (!('pg' in target)) return;
  const [on] = await pgRows<{ autovacuum: string }>(target.pg, 'show autovacuum');
  if (on?.autovacuum === 'on') return;
  process.stderr.write('vacuuming the tables writes churn (autovacuum is off here)\n');
  vacuumed = true;
  await pgRows(target.pg, 'vacuum (analyze) likes, notifications, tales, feed_buckets, tale_tags');
}

/**
 * After the writes: the kept counters against the rows they count (the commented posts' comment
 * counts, the liked tales' like counts, the feed's and the benchmark hashtag's list sizes).
 * Throws when one differs: a faster write that miscounts is not a result.
 */
async function countersAgainstRows(pgUrl: string, commented: number[], liked: number[]): Promise<string> {
  const [row] = await pgRows<Record<string, number>>(
    pgUrl,
    `select
       (select count(*)::int from tales t where t.id = any($1::int[])
          and (t.count_root_tale_id <> (select count(*) from tales c where c.root_tale_id = t.id)
            or t.count_answer_to_tale_id <> (select count(*) from tales c where c.answer_to_tale_id = t.id))) as "comment counts off",
       (select count(*)::int from tales t where t.id = any($2::int[])
          and t.count_like <> (select count(*) from likes l where l.tale_id = t.id)) as "like counts off",
       (select sum(n_public + n_registered)::int from feed_buckets where scope = '')
         - (select count(*)::int from tales where type = 'POST' and is_submitted = 1 and is_draft = 0) as "feed size off",
       (select sum(n_public + n_registered)::int from feed_buckets where scope = 't:bench')
         - (select count(*)::int from tales where type = 'POST' and is_submitted = 1 and is_draft = 0 and 'bench' = any(tags)) as "#bench size off"`,
    [commented, liked],
  );
  const off = Object.entries(row).filter(([, n]) => n !== 0 && n !== null);
  if (off.length) throw new Error(`counters differ from their rows after the writes: ${JSON.stringify(row)}`);
  const text = `Counters after the writes equal their rows (${commented.length} commented posts, ${liked.length} liked tales, the feed and #bench).`;
  process.stderr.write(`${text}\n`);
  return text;
}
