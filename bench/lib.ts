/**
 * What the benchmarks share: the seeded accounts, starting the production build and the bare
 * Fastify reference as child processes, one measured load run, and the result tables.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request, type Result } from 'autocannon';
import { SERVER_NODE_FLAGS } from '../server/node-flags';

/** What the seeded accounts are: bench/seed.ts writes them, the benchmarks log in with them. */
export const SEED_PASSWORD = 'seed-password-1';
export const seedMail = (n: number) => `seed${n}@example.com`;

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type Target = { pg: string } | { pglite: string };
export const describeTarget = (t: Target) => ('pg' in t ? `PostgreSQL ${t.pg.replace(/\/\/[^@]*@/, '//')}` : `PGlite ${t.pglite}`);

export interface Running {
  url: string;
  stop(): Promise<void>;
  /** The process, to read its memory. */
  pid?: number;
}

export async function waitFor(url: string, child: ChildProcess, log: string, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process ended (${child.exitCode}); see ${log}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s; see ${log}`);
}

/** Waits for a started server; one that never answers is stopped, not left running. */
async function started(url: string, child: ChildProcess, log: string): Promise<() => Promise<void>> {
  const stop = stopper(child);
  try {
    await waitFor(url, child, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

export function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null) return;
    const ended = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([ended, sleep(15_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
}

/** /healthz asked on a connection of its own, closed after. */
function healthOnNewConnection(url: string): Promise<{ search?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve(JSON.parse(body)));
      })
      .on('error', reject);
  });
}

/** The production build (`npm run build`) on the given database, as `npm run serve` starts it. */
export async function startApp(target: Target, port: number, extraEnv: Record<string, string> = {}): Promise<Running> {
  const main = path.join(ROOT, 'dist/server/main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  const log = path.join(ROOT, `bench/results/server-${port}.log`);
  fs.mkdirSync(path.dirname(log), { recursive: true });
  const out = fs.openSync(log, 'w');
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The logged-in runs sign in a few dozen seeded accounts from one address.
    RATE_LOGIN_PER_IP: '100000',
    RATE_LOGIN_PER_MAIL: '100000',
    DATABASE_URL: 'pg' in target ? target.pg : '',
    DATA_DIR: 'pglite' in target ? path.resolve(target.pglite) : path.join(ROOT, 'bench/results/data-unused'),
    ...extraEnv,
  };
  // BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under load
  const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // the server's own flags first, so a benchmark's may override them (V8 takes a flag's last value)
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, main], { cwd: ROOT, env, stdio: ['ignore', out, out] });
  const url = `http://127.0.0.1:${port}`;
  const stop = await started(`${url}/healthz`, child, log);
  // with SEARCH_ENGINE=memory, measured once every search is answered from memory: with PROCESSES,
  // by every process (each asked on a new connection, which the processes are handed in turn)
  if (env.SEARCH_ENGINE === 'memory') {
    const began = Date.now();
    const needed = 4 * (env.PROCESSES === 'auto' ? os.availableParallelism() : Number(env.PROCESSES) || 1);
    for (let inMemory = 0; inMemory < needed; ) {
      if (child.exitCode !== null) throw new Error(`the server stopped; see ${log}`);
      if ((await healthOnNewConnection(`${url}/healthz`)).search === 'memory') inMemory++;
      else {
        inMemory = 0;
        await sleep(500);
      }
    }
    process.stderr.write(`search index read in ${((Date.now() - began) / 1000).toFixed(1)} s after start\n`);
  }
  return { url, stop, pid: child.pid };
}

/** The reference: a bare Fastify route answering a fixed body (bench/bare.ts). */
export async function startBare(port: number, body: string): Promise<Running> {
  const bodyFile = path.join(ROOT, `bench/results/bare-body-${port}.json`);
  fs.mkdirSync(path.dirname(bodyFile), { recursive: true });
  fs.writeFileSync(bodyFile, body);
  const log = path.join(ROOT, `bench/results/bare-${port}.log`);
  const out = fs.openSync(log, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/bare.ts')], {
    cwd: ROOT,
    env: { ...process.env, BARE_PORT: String(port), BARE_BODY: bodyFile },
    stdio: ['ignore', out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  return { url, stop: await started(`${url}/bare`, child, log) };
}

export interface LoadSpec {
  name: string;
  url: string;
  /** Paths (or whole requests) taken in turn, so a run does not read one row over and over. */
  requests: (string | Request)[];
  headers?: (i: number) => Record<string, string>;
  loggedIn?: boolean;
  /** Every request new (searches nobody typed before): no request is made ahead to fill caches. */
  fresh?: boolean;
  /** Whether an answer's body is a success (default: the Tales envelope says so; see prepare). */
  verify?: (body: string) => boolean;
  /** Waits, after each load, until the server has answered what it still holds (a peer that answers closed sockets). */
  settle?: () => Promise<unknown>;
  /** Told as the measured window begins (after the warm-up). */
  measuring?: () => void;
}

export interface Figure {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  requests: number;
  ratio?: number;
  /** CPU milliseconds per request in the measured window: the app server's, PostgreSQL's, the load tool's. */
  cpu?: { server: number; database: number; load: number };
}

export const settings = {
  connections: 64,
  duration: 10,
  warmup: 3,
  /** The app server's process: its CPU (and its children's, with PROCESSES) is told per request. */
  serverPid: undefined as number | undefined,
};

/** Seconds of CPU a process tree (the process and every descendant) and PostgreSQL's processes have used, from /proc. */
export function cpuNow(rootPid: number | undefined): { server: number; database: number } | undefined {
  if (rootPid === undefined || !fs.existsSync('/proc/self/stat')) return undefined;
  const procs: { pid: number; ppid: number; comm: string; ticks: number }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' '); // from field 3 (state) on
      procs.push({ pid: Number(entry), ppid: Number(fields[1]), comm, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs) {
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  let server = 0;
  let database = 0;
  for (const p of procs) {
    if (tree.has(p.pid)) server += p.ticks;
    else if (p.comm === 'postgres') database += p.ticks;
  }
  return { server: server / CLOCK_TICKS, database: database / CLOCK_TICKS };
}
const CLOCK_TICKS = 100; // USER_HZ, 100 on Linux whatever the kernel's own tick

/** The p-th percentile of sorted figures. */
export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

/**
 * One figure: a short warm-up, then `settings.duration` seconds at `settings.connections`
 * connections. Errors are socket errors, timeouts, non-2xx answers and answers whose envelope
 * says failure (or, logged in, whose caller came back as a guest).
 */
export async function measure(spec: LoadSpec): Promise<Figure> {
  const [figure] = await measureTogether([{ spec, connections: settings.connections }]);
  return figure;
}

/**
 * Figures of loads that run at the same time (readers while writers write), each on its own
 * connections, each with its own latencies: a warm-up of all of them, then `settings.duration`.
 */
export async function measureTogether(loads: { spec: LoadSpec; connections: number }[]): Promise<Figure[]> {
  const prepared = loads.map(({ spec, connections }) => ({ spec, connections, ...prepare(spec) }));
  for (const p of prepared) await p.warm();
  const runAll = (duration: number, record: boolean) => Promise.all(prepared.map((p) => p.run(duration, p.connections, record)));
  const settle = () => Promise.all(loads.map(({ spec }) => spec.settle?.()));
  if (settings.warmup > 0) {
    await runAll(settings.warmup, false);
    await settle();
  }
  for (const { spec } of loads) spec.measuring?.();
  const cpuBefore = cpuNow(settings.serverPid);
  const loadBefore = process.cpuUsage();
  const runs = await runAll(settings.duration, true);
  const cpuAfter = cpuNow(settings.serverPid);
  const loadUsed = process.cpuUsage(loadBefore);
  await settle();
  const total = runs.reduce((n, r) => n + r.result.requests.total, 0);
  const cpu =
    cpuBefore && cpuAfter && total > 0
      ? {
          server: ((cpuAfter.server - cpuBefore.server) * 1000) / total,
          database: ((cpuAfter.database - cpuBefore.database) * 1000) / total,
          load: (loadUsed.user + loadUsed.system) / 1000 / total,
        }
      : undefined;
  return runs.map(({ result, latencies }, k) => {
    const cpuText = cpu ? `  cpu/request server ${cpu.server.toFixed(2)} ms, database ${cpu.database.toFixed(2)} ms` : '';
    // loads measured together share one figure of CPU per request (of all their requests)
    return figureOf(prepared[k].spec.name, latencies, result.requests.total, failures(result), cpu, cpuText);
  });
}

/** What autocannon counts as failed: socket errors, timeouts, non-2xx answers and bodies refused. */
const failures = (result: Result) => result.errors + result.timeouts + result.non2xx + result.mismatches;

/** A figure of `requests` made in `settings.duration` seconds with these latencies, printed as it is made. */
function figureOf(name: string, latencies: number[], requests: number, errors: number, cpu: Figure['cpu'], note = ''): Figure {
  latencies.sort((a, b) => a - b);
  const figure: Figure = {
    name,
    rps: requests / settings.duration,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    errors,
    requests,
    ...(cpu ? { cpu } : {}),
  };
  process.stderr.write(
    `  ${name.padEnd(34)} ${Math.round(figure.rps).toString().padStart(6)} req/s  p50 ${latency(figure, figure.p50)}  p95 ${latency(figure, figure.p95)}  p99 ${latency(figure, figure.p99)}  errors ${figure.errors}${figure.requests === 0 ? '  (none finished)' : ''}${note}\n`,
  );
  return figure;
}

/** One of two conditions a load is measured under in turns (measureAlternating): started before each of its windows, stopped after. */
export interface Condition {
  name: string;
  start?: () => void;
  stop?: () => void;
}

/**
 * One load under two conditions in turns, A B B A A B B A …: `windows` windows each (so
 * `settings.duration` seconds each in all) after one warm-up, each condition's figure made of all
 * its windows' requests and latencies. Measured one after the other, two figures of ten seconds
 * on this machine measure its drift as much as their difference (docs/benchmarks.md, session 47);
 * in short turns the drift falls on both alike.
 */
export async function measureAlternating(spec: LoadSpec, conditions: [Condition, Condition], windows = 5): Promise<[Figure, Figure]> {
  const { warm, run } = prepare(spec);
  await warm();
  if (settings.warmup > 0) await run(settings.warmup, settings.connections, false);
  const seconds = settings.duration / windows;
  const sides = conditions.map(() => ({ latencies: [] as number[], requests: 0, errors: 0, server: 0, database: 0, measured: true }));
  for (let w = 0; w < 2 * windows; w++) {
    // A B B A: the second of each pair of windows swaps the first's order
    const k = Math.floor((w + 1) / 2) % 2;
    const side = sides[k];
    conditions[k].start?.();
    const before = cpuNow(settings.serverPid);
    try {
      const { result, latencies } = await run(seconds, settings.connections, true);
      const after = cpuNow(settings.serverPid);
      side.latencies.push(...latencies);
      side.requests += result.requests.total;
      side.errors += failures(result);
      if (before && after) {
        side.server += after.server - before.server;
        side.database += after.database - before.database;
      } else side.measured = false;
    } finally {
      conditions[k].stop?.();
    }
  }
  return sides.map((side, k) => {
    const per = (seconds: number) => (seconds * 1000) / Math.max(1, side.requests);
    const cpu = side.measured ? { server: per(side.server), database: per(side.database), load: 0 } : undefined;
    const name = `${spec.name}, ${conditions[k].name}`;
    return figureOf(name, side.latencies, side.requests, side.errors, cpu, `  (${windows} windows of ${seconds} s)`);
  }) as [Figure, Figure];
}

/** A load's autocannon runs, and the requests made once ahead to fill caches. */
function prepare(spec: LoadSpec) {
  const list = spec.requests.map((r) => (typeof r === 'string' ? { path: r } : r));
  let i = 0;
  const requests = [
    {
      setupRequest: (req: Request) => {
        const r = list[i % list.length];
        const headers = { ...(req.headers ?? {}), ...(r.headers ?? {}), ...(spec.headers?.(i) ?? {}) };
        i++;
        return { ...req, ...r, headers };
      },
    },
  ];
  const ok =
    spec.verify ??
    (spec.loggedIn
      ? (b: string) => b.includes('"alina_response_success":1') && !b.includes('"CurrentUser":{"id":null')
      : (b: string) => b.includes('"alina_response_success":1'));
  const run = async (duration: number, connections: number, record: boolean) => {
    const latencies: number[] = [];
    const inst = autocannon({
      url: spec.url,
      connections,
      duration,
      timeout: 20,
      requests,
      verifyBody: ok,
    });
    if (record) inst.on('response', (_c: unknown, _s: number, _b: number, ms: number) => latencies.push(ms));
    const result = await inst;
    return { result, latencies };
  };
  // Each distinct request once first, eight at a time: the steady state of a live site, where the
  // pages people read are in memory, rather than this machine's slow disk (docs/benchmarks.md).
  const warm = async () => {
    const distinct = spec.fresh
      ? []
      : [...new Map(list.map((r) => [`${r.method ?? 'GET'} ${r.path}`, r])).values()].filter((r) => (r.method ?? 'GET') === 'GET');
    for (let k = 0; k < distinct.length; k += 8) {
      await Promise.all(
        distinct
          .slice(k, k + 8)
          .map((r, j) =>
            fetch(`${spec.url}${r.path}`, { headers: { ...(r.headers ?? {}), ...(spec.headers?.(k + j) ?? {}) } }).then((a) =>
              a.arrayBuffer(),
            ),
          ),
      );
    }
  };
  return { run, warm };
}

export const ms = (x: number) => `${x < 10 ? x.toFixed(1) : Math.round(x)} ms`;

/** A figure's latency, or a dash where no request finished within its window (there is none to tell). */
const latency = (f: Pick<Figure, 'requests'>, x: number) => (f.requests === 0 ? '—' : ms(x));

/** A markdown table of figures, each also as a share of the bare-Fastify figure. */
export function table(figures: Figure[], bare: number): string {
  // CPU per request is a column only where every figure has it (measured on Linux with the server's pid known)
  const withCpu = figures.length > 0 && figures.every((f) => f.cpu);
  const head = withCpu
    ? '| benchmark | req/s | ratio to bare | p50 | p95 | p99 | errors | CPU per request: server / database |\n|---|---:|---:|---:|---:|---:|---:|---:|\n'
    : '| benchmark | req/s | ratio to bare | p50 | p95 | p99 | errors |\n|---|---:|---:|---:|---:|---:|---:|\n';
  return (
    head +
    figures
      .map(
        (f) =>
          `| ${f.name} | ${f.rps < 10 ? f.rps.toFixed(1) : Math.round(f.rps).toLocaleString('en')} | ${((f.rps / bare) * 100).toFixed(f.rps / bare < 0.001 ? 3 : 1)}% | ${latency(f, f.p50)} | ${latency(f, f.p95)} | ${latency(f, f.p99)} | ${f.errors} |${withCpu && f.cpu ? ` ${f.cpu.server.toFixed(2)} / ${f.cpu.database.toFixed(2)} ms |` : ''}`,
      )
      .join('\n')
  );
}

/** A JSON call to the app, for setting a run up (not timed). */
export async function call<T = unknown>(
  base: string,
  p: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ data: T; meta: Record<string, unknown>; CurrentUser: { id: number | null; token: string | null } }> {
  const r = await fetch(`${base}${p}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' } : {}),
      ...init.headers,
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${init.method ?? 'GET'} ${p}: ${r.status} ${text.slice(0, 300)}`);
  const body = JSON.parse(text);
  if (body.meta?.alina_response_success !== 1) throw new Error(`${p}: ${text.slice(0, 300)}`);
  return body;
}

/** Signs in seeded accounts (argon2 makes each sign-in slow on purpose, so only a few). */
export async function signIn(base: string, count: number, firstUser = 1): Promise<{ id: number; token: string }[]> {
  const out: { id: number; token: string }[] = [];
  for (let n = firstUser; out.length < count && n < firstUser + count * 3; n++) {
    try {
      const r = await call(base, '/api/auth/login', { method: 'POST', body: { mail: seedMail(n), password: SEED_PASSWORD } });
      if (r.CurrentUser.id && r.CurrentUser.token) out.push({ id: r.CurrentUser.id, token: r.CurrentUser.token });
    } catch {
      // a seeded account may be missing; try the next
    }
  }
  if (!out.length) throw new Error('no seeded account could sign in: run `npm run seed` first');
  return out;
}

export function parseTarget(values: { pg?: string; pglite?: string }): Target {
  if (values.pglite) return { pglite: values.pglite };
  if (values.pg) return { pg: values.pg };
  if (process.env.DATABASE_URL) return { pg: process.env.DATABASE_URL };
  return { pglite: process.env.DATA_DIR ?? './data' };
}

export function machine(): string {
  const cpu = fs.readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? 'unknown CPU';
  const cores = fs.readFileSync('/proc/cpuinfo', 'utf8').match(/^processor\s*:/gm)?.length ?? 0;
  const mem = Number(fs.readFileSync('/proc/meminfo', 'utf8').match(/MemTotal:\s*(\d+)/)?.[1] ?? 0) / 1024 / 1024;
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return `${cores} cores (${cpu}), ${mem.toFixed(0)} GiB, Node ${process.version}, load average before the run ${load}`;
}

/**
 * Sessions for many accounts at once, written straight into a PostgreSQL database (signing in
 * thousands through the API would take minutes of argon2): `count` seeded users, and every
 * user in `alsoUsers`, one fresh session each. The rows are removed by `close`.
 */
export async function openSessions(
  pgUrl: string,
  count: number,
  alsoUsers: number[] = [],
): Promise<{ sessions: { id: number; token: string }[]; close(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const { randomBytes } = await import('node:crypto');
  const { hashToken } = await import('../server/features/auth/sessions');
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const picked = await client.query<{ id: number }>(
    'select id from users where banned_till is null or banned_till < extract(epoch from now()) order by id limit $1',
    [count],
  );
  const ids = [...new Set([...picked.rows.map((r) => r.id), ...alsoUsers])];
  const now = Math.floor(Date.now() / 1000);
  const sessions = ids.map((id) => ({ id, token: randomBytes(32).toString('base64url') }));
  const created: number[] = [];
  for (let k = 0; k < sessions.length; k += 1_000) {
    const chunk = sessions.slice(k, k + 1_000);
    const r = await client.query<{ id: number }>(
      `insert into sessions (user_id, token_hash, created_at, last_seen_at, expires_at, ip, user_agent)
         select u, h, $3::bigint, $3::bigint, $3::bigint + 86400, '127.0.0.1', 'bench' from unnest($1::int[], $2::text[]) as x(u, h)
         returning id`,
      [chunk.map((c) => c.id), chunk.map((c) => hashToken(c.token)), now],
    );
    created.push(...r.rows.map((x) => x.id));
  }
  return {
    sessions,
    async close() {
      await client.query('delete from sessions where id = any($1::int[])', [created]);
      await client.end();
    },
  };
}

/** Rows of a query on a PostgreSQL database (to pick what a benchmark reads). */
export async function pgRows<T>(pgUrl: string, text: string, params: unknown[] = []): Promise<T[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Reads a PostgreSQL database's tables and indexes through once (pg_prewarm's 'read' mode, into
 * the system's page cache), as a server that has run a while holds them. On a new machine, or
 * after a seed wrote more than the cache kept, the figures otherwise read from the disk: the
 * notifications of 5,000 readers went 20.9% of bare so, against 38.5% and 62.3% read through
 * (docs/benchmarks.md, session 47). Skipped when the database is more than half the machine's
 * memory (a figure would then measure the disk in any case) or the extension is not installed.
 */
export async function warmDatabase(pgUrl: string): Promise<string> {
  const [{ bytes }] = await pgRows<{ bytes: string }>(pgUrl, 'select pg_database_size(current_database())::text as bytes');
  const mb = Math.round(Number(bytes) / 2 ** 20);
  if (Number(bytes) > os.totalmem() / 2) return `database ${mb} MB, more than half the memory: not read through`;
  try {
    await pgRows(pgUrl, 'create extension if not exists pg_prewarm');
  } catch (e) {
    return `pg_prewarm not available (${(e as Error).message}): database ${mb} MB not read through`;
  }
  const started = performance.now();
  await pgRows(
    pgUrl,
    `select pg_prewarm(c.oid, 'read') from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'i', 't', 'm') and n.nspname not in ('pg_catalog', 'information_schema')`,
  );
  return `database ${mb} MB read through in ${((performance.now() - started) / 1000).toFixed(1)} s (pg_prewarm)`;
}
