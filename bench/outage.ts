/**
 * Real restarts under load: PostgreSQL, then Redis, restarted by their own service commands while
 * the production build serves writes. Measures what a user would see: every answer an envelope,
 * 503 while caught, how long until writes succeed again, and that no acknowledged write is lost.
 * Leaves both services running. `npm run build` first; results go to bench/results/.
 *
 *   npm run bench:outage -- [--pg postgres://postgres@127.0.0.1:5432/postgres] [--redis redis://127.0.0.1:6379]
 */
import { exec, execSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ROOT, machine, startApp } from './lib';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    port: { type: 'string', default: '3471' },
    writers: { type: 'string', default: '16' },
  },
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Runs a service command without blocking this process, whose writers keep sending meanwhile. */
const run = promisify(exec);
const DB = 'tales_bench_outage';
const PASSWORD = 'violet-harbour-7391';

const pgCluster = () => {
  const version = fs.readdirSync('/etc/postgresql')[0];
  // fast: PostgreSQL ends every session at once, as a crash-restart or failover does to clients.
  return { version, command: (verb: string) => `pg_ctlcluster --skip-systemctl-redirect -m fast ${version} main ${verb}` };
};
const REDIS_START =
  'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log';

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: values.pg });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

interface Answer {
  meta?: { alina_response_success?: number };
  data?: { id: number };
  CurrentUser?: { token: string };
}

interface Sample {
  t: number;
  status: number;
  envelope: boolean;
  ok: boolean;
}

async function post(
  base: string,
  p: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; envelope: boolean; json: Answer | null }> {
  try {
    const res = await fetch(`${base}/api${p}`, {
      method: 'POST',
      headers: { 'x-requested-with': 'X', 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let json: Answer | null = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    const envelope =
      res.headers.get('content-type') === 'application/json; charset=utf-8' && typeof json?.meta?.alina_response_success === 'number';
    return { status: res.status, envelope, json };
  } catch {
    return { status: 0, envelope: false, json: null };
  }
}

function summarise(name: string, samples: Sample[], outageStart: number, backAt: number) {
  const byStatus = new Map<number, number>();
  for (const s of samples) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
  const firstOkAfter = samples.filter((s) => s.ok && s.t > backAt).sort((a, b) => a.t - b.t)[0];
  const lastFailure = samples.filter((s) => !s.ok).sort((a, b) => b.t - a.t)[0];
  return {
    name,
    requests: samples.length,
    statuses: Object.fromEntries([...byStatus].sort()),
    notEnvelope: samples.filter((s) => !s.envelope).length,
    serviceDownMs: Math.round(backAt - outageStart),
    firstSuccessAfterBackMs: firstOkAfter ? Math.round(firstOkAfter.t - backAt) : null,
    lastFailureAfterBackMs: lastFailure ? Math.round(lastFailure.t - backAt) : null,
  };
}

async function main() {
  const started = new Date().toISOString();
  const before = machine();
  await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB}`);
  const dbUrl = new URL(values.pg);
  dbUrl.pathname = `/${DB}`;
  const app = await startApp({ pg: dbUrl.toString() }, Number(values.port), {
    REDIS_URL: values.redis,
    RATE_REGISTER_PER_IP: '100000',
    LOG_LEVEL: 'error',
  });
  const results: ReturnType<typeof summarise>[] = [];
  const cluster = pgCluster();
  let lost = -1;
  let alive = true;
  try {
    const tokens: string[] = [];
    for (let i = 0; i < Number(values.writers); i++) {
      const a = await post(app.url, '/auth/register', {
        mail: `outage${Date.now()}${i}@example.com`,
        password: PASSWORD,
        confirm_password: PASSWORD,
      });
      tokens.push(a.json?.CurrentUser?.token as string);
    }
    const draft = await fetch(`${app.url}/api/tale/upsert`, { headers: { token: tokens[0] } }).then((r) => r.json());
    const postId = draft.data.id as number;
    await post(app.url, '/tale/upsert', { id: postId, header: 'Outage', body: '<p>x</p>' }, tokens[0]);

    // Phase 1: PostgreSQL restarted under comment writes.
    const acknowledged: number[] = [];
    const samples: Sample[] = [];
    const t0 = performance.now();
    let stop = false;
    const writers = tokens.map(async (token, w) => {
      let n = 0;
      while (!stop) {
        const a = await post(app.url, '/tale/upsert', { answer_to_tale_id: postId, type: 'COMMENT', body: `<p>${w}-${n++}</p>` }, token);
        const ok = a.status === 200 && a.json?.meta?.alina_response_success === 1;
        if (ok && a.json?.data) acknowledged.push(a.json.data.id);
        samples.push({ t: performance.now() - t0, status: a.status, envelope: a.envelope, ok });
        if (!ok) await sleep(50);
      }
    });
    await sleep(5_000);
    const pgDown = performance.now() - t0;
    await run(cluster.command('restart'));
    const pgBack = performance.now() - t0;
    await sleep(8_000);
    stop = true;
    await Promise.all(writers);
    results.push(summarise('PostgreSQL restart, comment writes', samples, pgDown, pgBack));

    const c = new pg.Client({ connectionString: dbUrl.toString() });
    await c.connect();
    const found = await c.query('select count(*)::int as n from tales where id = any($1::int[])', [acknowledged]);
    await c.end();
    lost = acknowledged.length - found.rows[0].n;

    // Phase 2: Redis restarted under logins (every login is rate-limited through Redis).
    const loginSamples: Sample[] = [];
    const t1 = performance.now();
    stop = false;
    const loginers = Array.from({ length: 8 }, async (_, w) => {
      while (!stop) {
        const a = await post(app.url, '/auth/login', { mail: `nobody${w}@example.com`, password: 'wrong-password-1' });
        const ok = a.status === 200;
        loginSamples.push({ t: performance.now() - t1, status: a.status, envelope: a.envelope, ok });
        if (!ok) await sleep(50);
      }
    });
    await sleep(3_000);
    const redisDown = performance.now() - t1;
    await run('redis-cli -p 6379 shutdown nosave || true');
    await sleep(3_000);
    await run(REDIS_START);
    const redisBack = performance.now() - t1;
    await sleep(6_000);
    stop = true;
    await Promise.all(loginers);
    results.push(summarise('Redis down 3 s, logins', loginSamples, redisDown, redisBack));
    const slow503 = loginSamples.filter((s) => s.status === 503).length;
    alive = (await fetch(`${app.url}/healthz`).then((r) => r.status)) === 200;
    console.log(`Redis phase: ${slow503} answers 503`);
  } finally {
    await app.stop();
    // Both services are left running whatever happened above.
    try {
      execSync(cluster.command('start'), { stdio: 'ignore' });
    } catch {
      // already running
    }
    try {
      execSync('redis-cli -p 6379 ping', { stdio: 'ignore' });
    } catch {
      execSync(REDIS_START, { stdio: 'ignore' });
    }
    await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`).catch(() => {});
  }

  const report = { started, machine: before, acknowledgedWritesLost: lost, serverAliveAfter: alive, results };
  console.log(JSON.stringify(report, null, 2));
  const out = path.join(ROOT, `bench/results/outage-${started.replace(/[:.]/g, '-')}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(report, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
