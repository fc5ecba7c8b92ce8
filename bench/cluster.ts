/**
 * Several servers as one site, on this one machine: two app servers behind HAProxy (the reference
 * config, deploy/haproxy.cfg) against one server alone, each beside the bare Fastify reference of
 * the same run; how long a write on one server takes to reach a live notification stream held by
 * the other, over Redis and over PostgreSQL; and what 5,000 idle notification streams cost a
 * server in memory. Leaves nothing running; results go to bench/results/.
 *
 *   npm run build && npm run bench:cluster -- [--pg postgres://postgres@127.0.0.1:5432/postgres] [--redis redis://127.0.0.1:6379]
 *     [--duration 10] [--trials 200] [--streams 5000]
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  type Figure,
  type LoadSpec,
  ROOT,
  type Running,
  machine,
  measure,
  ms,
  pct,
  settings,
  startApp,
  startBare,
  stopper,
  waitFor,
} from './lib';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    port: { type: 'string', default: '3480' },
    duration: { type: 'string', default: '10' },
    trials: { type: 'string', default: '200' },
    streams: { type: 'string', default: '5000' },
  },
});
settings.duration = Number(values.duration);
const BASE = Number(values.port);
const DB = 'tales_bench_cluster';
const PASSWORD = 'violet-harbour-7391';
const H = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface User {
  id: number;
  token: string;
}
const auth = (u: User) => ({ ...H, token: u.token, uid: String(u.id) });

async function post<T = unknown>(base: string, p: string, body: unknown, as?: User): Promise<T> {
  const r = await fetch(`${base}/api${p}`, { method: 'POST', headers: as ? auth(as) : H, body: JSON.stringify(body) });
  const env = (await r.json()) as { data: T; meta: { alina_response_success: number }; messages: unknown; CurrentUser: User };
  if (env.meta.alina_response_success !== 1) throw new Error(`${p}: ${JSON.stringify(env.messages)}`);
  return (p === '/auth/register' ? env.CurrentUser : env.data) as T;
}
const register = (base: string, n: number) =>
  post<User>(base, '/auth/register', { mail: `cluster${n}.${Date.now()}@example.com`, password: PASSWORD, confirm_password: PASSWORD });
async function publish(base: string, u: User, header: string): Promise<number> {
  const draft = (await (await fetch(`${base}/api/tale/upsert`, { headers: auth(u) })).json()) as { data: { id: number } };
  await post(base, '/tale/upsert', { id: draft.data.id, header, body: `<p>${header}: a short tale of the bench.</p>` }, u);
  return draft.data.id;
}
/** Runs `work` for 0..n-1, `width` at a time. */
async function inParallel(n: number, width: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: values.pg });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB}`);
  await admin.end();
  const url = new URL(values.pg as string);
  url.pathname = `/${DB}`;
  return url.toString();
}

/** HAProxy with the reference config in front of two servers, in the foreground as a child. */
async function startBalancer(port: number, a: string, b: string): Promise<Running> {
  try {
    execSync('haproxy -v', { stdio: 'ignore' });
  } catch {
    throw new Error('HAProxy is missing: `npm run cluster -- --check` installs it (apt-get install haproxy)');
  }
  const log = path.join(ROOT, 'bench/results/haproxy.log');
  const out = fs.openSync(log, 'w');
  const child: ChildProcess = spawn('haproxy', ['-f', path.join(ROOT, 'deploy/haproxy.cfg'), '-db'], {
    env: {
      ...process.env,
      TALES_APP_A: a,
      TALES_APP_B: b,
      TALES_LB_BIND: `127.0.0.1:${port}`,
      TALES_LB_SOCKET: path.join(ROOT, 'bench/results/haproxy.sock'),
      TALES_LB_KEEP_USER: '1',
      // two descriptors a connection, under this machine's hard limit of 20,000
      TALES_LB_MAXCONN: '9000',
    },
    stdio: ['ignore', out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, child, log, 30_000);
  return { url, stop: stopper(child), pid: child.pid };
}

/** The resident memory of a process, in MiB. */
const rssMiB = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s*(\d+)/)?.[1] ?? 0) / 1024;

/** An open event stream that tells `onEvent` the time each named event arrived. */
async function stream(url: string, u: User, onEvent: (name: string, at: number) => void): Promise<() => void> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { token: u.token, uid: String(u.id), accept: 'text/event-stream' }, signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const name = buffer.slice(0, cut).match(/^event: (.*)$/m)?.[1];
          if (name) onEvent(name, performance.now());
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // closed by the bench
    }
  })();
  return () => controller.abort();
}

interface Propagation {
  transport: string;
  trials: number;
  fromRequest: { p50: number; p95: number; p99: number; max: number };
  afterAnswer: { p50: number; p95: number; p99: number; max: number };
}

/**
 * A comment sent to server `a` on a tale of `author`, whose stream is held by server `b`: from the
 * moment the request leaves to the moment the notification event arrives, and from `a`'s answer.
 */
async function propagation(transport: string, a: string, b: string, trials: number): Promise<Propagation> {
  const author = await register(a, 900_001);
  const reader = await register(a, 900_002);
  const tale = await publish(a, author, `Propagation over ${transport}`);
  let waiting: ((at: number) => void) | null = null;
  const close = await stream(`${b}/api/notification/stream`, author, (name, at) => {
    if (name === 'notification' && waiting) waiting(at);
  });
  await sleep(300);
  const fromRequest: number[] = [];
  const afterAnswer: number[] = [];
  for (let i = 0; i < trials + 10; i++) {
    const arrived = new Promise<number>((resolve) => {
      waiting = resolve;
    });
    const sent = performance.now();
    await post(a, '/tale/upsert', { answer_to_tale_id: tale, body: `<p>Comment ${i}</p>` }, reader);
    const answered = performance.now();
    const at = await Promise.race([arrived, sleep(5_000).then(() => Number.NaN)]);
    waiting = null;
    if (Number.isNaN(at)) throw new Error(`${transport}: trial ${i} never reached the other server`);
    // the first ten warm both servers up
    if (i >= 10) {
      fromRequest.push(at - sent);
      afterAnswer.push(at - answered);
    }
    await sleep(20);
  }
  close();
  const sum = (xs: number[]) => {
    const s = [...xs].sort((x, y) => x - y);
    return { p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s[s.length - 1] };
  };
  return { transport, trials, fromRequest: sum(fromRequest), afterAnswer: sum(afterAnswer) };
}

async function main() {
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  const started = new Date().toISOString();
  const about = machine();
  const dbUrl = await freshDatabase();
  const common = {
    DATABASE_URL: dbUrl,
    RATE_REGISTER_PER_IP: '1000000',
    NOTIFICATION_STREAMS_MAX: '20000',
    TRUST_PROXY: '1',
  };
  const running: Running[] = [];
  try {
    // one site over Redis: A and B behind the balancer
    const a = await startApp({ pg: dbUrl }, BASE + 1, { ...common, REDIS_URL: values.redis as string });
    const b = await startApp({ pg: dbUrl }, BASE + 2, { ...common, REDIS_URL: values.redis as string });
    running.push(a, b);
    const lb = await startBalancer(BASE, `127.0.0.1:${BASE + 1}`, `127.0.0.1:${BASE + 2}`);
    running.push(lb);

    // a small site: 40 authors with five tales each
    process.stderr.write('seeding 40 authors and 200 tales\n');
    const authors: User[] = [];
    await inParallel(40, 4, async (i) => {
      const u = await register(a.url, i);
      authors.push(u);
      for (let k = 0; k < 5; k++) await publish(i % 2 ? a.url : b.url, u, `Tale ${k} of author ${i}`);
    });
    const feedBody = await (await fetch(`${a.url}/api/tale/feed/10/1`)).text();
    const bare = await startBare(BASE + 9, feedBody);
    running.push(bare);
    const taleIds = (
      JSON.parse(await (await fetch(`${a.url}/api/tale/feed/100/1`)).text()) as { data: { tale: { id: number }[] } }
    ).data.tale.map((t) => t.id);

    const scenarios = (url: string, label: string): LoadSpec[] => [
      { name: `${label}: visitor feed page 1`, url, requests: ['/api/tale/feed/10/1'] },
      { name: `${label}: visitor, a tale`, url, requests: taleIds.map((id) => `/api/tale/upsert/${id}`) },
      {
        name: `${label}: logged-in feed page 1`,
        url,
        requests: ['/api/tale/feed/10/1'],
        headers: (i) => ({ token: authors[i % authors.length].token, uid: String(authors[i % authors.length].id) }),
        loggedIn: true,
      },
    ];
    process.stderr.write(`throughput, ${settings.connections} connections, ${settings.duration} s each\n`);
    const figures: { bare: Figure; one: Figure[]; cluster: Figure[] } = {
      bare: await measure({ name: 'bare Fastify, fixed 10-tale body', url: bare.url, requests: ['/bare'] }),
      one: [],
      cluster: [],
    };
    for (const spec of scenarios(a.url, 'one server')) figures.one.push(await measure(spec));
    for (const spec of scenarios(lb.url, 'two behind HAProxy')) figures.cluster.push(await measure(spec));

    process.stderr.write(`propagation, ${values.trials} trials per transport\n`);
    const viaRedis = await propagation('Redis pub/sub', a.url, b.url, Number(values.trials));
    // the same over PostgreSQL LISTEN/NOTIFY: two more servers without Redis, on the same database
    const c = await startApp({ pg: dbUrl }, BASE + 3, common);
    const d = await startApp({ pg: dbUrl }, BASE + 4, common);
    running.push(c, d);
    const viaPostgres = await propagation('PostgreSQL LISTEN/NOTIFY', c.url, d.url, Number(values.trials));
    await c.stop();
    await d.stop();

    // memory: idle streams held by B, eight per user (the most one user may hold)
    const wanted = Number(values.streams);
    const users: User[] = [];
    process.stderr.write(`registering ${Math.ceil(wanted / 8)} users for ${wanted} streams\n`);
    await inParallel(Math.ceil(wanted / 8), 8, async (i) => {
      users.push(await register(i % 2 ? a.url : b.url, 10_000 + i));
    });
    await sleep(2_000);
    const before = rssMiB(b.pid as number);
    const closers: (() => void)[] = [];
    const t0 = performance.now();
    for (let i = 0; i < wanted; i += 50) {
      const batch = Array.from({ length: Math.min(50, wanted - i) }, (_, k) => users[Math.floor((i + k) / 8)]);
      closers.push(...(await Promise.all(batch.map((u) => stream(`${b.url}/api/notification/stream`, u, () => {})))));
    }
    const openedIn = performance.now() - t0;
    await sleep(5_000);
    const held = ((await (await fetch(`${b.url}/healthz`)).json()) as { streams: number }).streams;
    const after = rssMiB(b.pid as number);
    // still answering while holding them
    const probe = performance.now();
    await (await fetch(`${b.url}/api/tale/feed/10/1`)).text();
    const probeMs = performance.now() - probe;
    for (const close of closers) close();
    await sleep(2_000);
    const released = rssMiB(b.pid as number);
    const memory = {
      streams: held,
      beforeMiB: before,
      afterMiB: after,
      releasedMiB: released,
      openedInMs: openedIn,
      feedWhileHoldingMs: probeMs,
    };

    const result = { started, machine: about, settings, figures, propagation: [viaRedis, viaPostgres], memory };
    const file = path.join(ROOT, `bench/results/cluster-${started.slice(0, 19).replace(/:/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify(result, null, 2));

    const bareRps = figures.bare.rps;
    const row = (f: Figure) =>
      `| ${f.name} | ${Math.round(f.rps).toLocaleString('en')} | ${((f.rps / bareRps) * 100).toFixed(1)}% | ${ms(f.p50)} | ${ms(f.p99)} | ${f.errors} |`;
    const lines = [
      `Machine: ${about}`,
      '',
      '| benchmark | req/s | ratio to bare | p50 | p99 | errors |',
      '|---|---:|---:|---:|---:|---:|',
      row(figures.bare),
      ...figures.one.map(row),
      ...figures.cluster.map(row),
      '',
      '| scenario | two behind HAProxy ÷ one server |',
      '|---|---:|',
      ...figures.one.map((f, i) => `| ${f.name.replace('one server: ', '')} | ${(figures.cluster[i].rps / f.rps).toFixed(2)} |`),
      '',
      '| transport | trials | from the request p50 / p95 / p99 / max | after A answered p50 / p99 |',
      '|---|---:|---:|---:|',
      ...[viaRedis, viaPostgres].map(
        (p) =>
          `| ${p.transport} | ${p.trials} | ${ms(p.fromRequest.p50)} / ${ms(p.fromRequest.p95)} / ${ms(p.fromRequest.p99)} / ${ms(p.fromRequest.max)} | ${ms(p.afterAnswer.p50)} / ${ms(p.afterAnswer.p99)} |`,
      ),
      '',
      `Streams held: ${held}; server RSS ${before.toFixed(0)} MiB before, ${after.toFixed(0)} MiB holding them (+${(after - before).toFixed(0)} MiB, ${(((after - before) * 1024) / held).toFixed(1)} KiB a stream), ${released.toFixed(0)} MiB after they closed; opened in ${(openedIn / 1000).toFixed(1)} s; a feed page while holding them ${ms(probeMs)}.`,
    ];
    process.stdout.write(`${lines.join('\n')}\n\nraw: ${path.relative(ROOT, file)}\n`);
  } finally {
    for (const r of running.reverse()) await r.stop().catch(() => {});
    const admin = new pg.Client({ connectionString: values.pg });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
