/**
 * A real cluster on this machine, in the foreground (docs/deploy.md, "Try it locally"): HAProxy
 * with deploy/haproxy.cfg in front of two app servers (the production build), which share
 * PostgreSQL, Redis and an S3-compatible store (s3rver, run inside this process). Ctrl-C or
 * SIGTERM stops everything; the children also end when this process is killed outright.
 *
 *   npm run cluster [-- --fresh] [--build] [--check]
 *
 *   --fresh   drop and recreate the database, and empty the S3 folder and the servers' data folders
 *   --build   run `npm run build` first (otherwise only when dist/ lacks the server or the web app)
 *   --check   start, make a few requests through the balancer, print a summary, stop; exit 0 or 1
 *
 * Environment:
 *   CLUSTER_PORT           the balancer's port (8080); the servers take +1 and +2, s3rver +3
 *   CLUSTER_DATABASE_URL   postgres://postgres@127.0.0.1:5432/tales_cluster (created when missing)
 *   CLUSTER_REDIS_URL      redis://127.0.0.1:6379/1 (its own database number: see REDIS_URL below)
 *   CLUSTER_NODE           the Node binary that runs the app servers (this one by default)
 *   CLUSTER_APP_<NAME>     passed to both app servers as <NAME>, e.g. CLUSTER_APP_LOG_LEVEL=info
 *   CLUSTER_HAPROXY_LOG    HAProxy's log level: notice (servers down and up) or info (every request)
 *
 * While it runs, data/cluster/state.json says where everything is (tests read it to kill a server):
 *   { url, pid, servers: [{ name, port, pid }], s3: { port }, database }   (pid: this script's)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import S3rver from 's3rver';
import { REQUESTED_WITH } from '../common/constants';
import { ConfigSchema } from '../server/config';
import { SERVER_NODE_FLAGS } from '../server/node-flags';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(ROOT);

const { values: flags } = parseArgs({
  options: { fresh: { type: 'boolean' }, build: { type: 'boolean' }, check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
});
if (flags.help) {
  console.log('npm run cluster [-- --fresh] [--build] [--check]   (see scripts/cluster.ts)');
  process.exit(0);
}

const BASE_PORT = Number(process.env.CLUSTER_PORT ?? 8080);
const DATABASE_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tales_cluster';
/**
 * Database 1, not 0: the rate-limit keys are not qualified by site, so on a Redis that tests or
 * another site also use, their sign-ups from 127.0.0.1 would count against ours and ours against theirs.
 */
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/1';
const NODE = process.env.CLUSTER_NODE ?? process.execPath;
const HAPROXY_LOG = process.env.CLUSTER_HAPROXY_LOG ?? 'notice';
const LB_URL = `http://127.0.0.1:${BASE_PORT}`;
const DIR = 'data/cluster';
const STATE_FILE = path.join(DIR, 'state.json');
/** HAProxy's runtime API (absolute: HAProxy would read a relative path as host:port). */
const SOCKET = path.join(ROOT, DIR, 'haproxy.sock');
const S3_PORT = BASE_PORT + 3;
const BUCKET = 'tales';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (line: string) => console.log(`[cluster] ${line}`);
/** A URL as printed: a password in it is replaced by ***. */
const redact = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');

class Fatal extends Error {}

// ---------------------------------------------------------------------------------------------
// Children: every process this script starts, so they can all be stopped, whatever happens.
// ---------------------------------------------------------------------------------------------

const children = new Set<ChildProcess>();
let stopping = false;

/**
 * `setpriv --pdeathsig` (util-linux) asks the kernel to send the child SIGTERM when this process
 * dies, even by SIGKILL, when no handler of ours can run. setpriv replaces itself with the command,
 * so the pid is the command's own. Without setpriv the 'exit' handler below is all there is.
 */
const hasSetpriv = spawnSync('setpriv', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * Starts a child whose every output line is printed with its name in front (of its standard error,
 * only the lines `stderrShown` accepts).
 */
function startChild(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stderrShown: (line: string) => boolean = () => true,
): ChildProcess {
  const [cmd, argv] = hasSetpriv ? ['setpriv', ['--pdeathsig', 'TERM', '--', command, ...args]] : [command, args];
  const child = spawn(cmd, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: false });
  children.add(child);
  child.on('exit', () => children.delete(child));
  child.on('error', (err) => void stop(1, `${name}: could not start ${command}: ${err.message}`));
  readline.createInterface({ input: child.stdout! }).on('line', (line) => console.log(`[${name}] ${line}`));
  readline.createInterface({ input: child.stderr! }).on('line', (line) => stderrShown(line) && console.log(`[${name}] ${line}`));
  return child;
}

const running = (c: ChildProcess | undefined) => c !== undefined && c.exitCode === null && c.signalCode === null;

/** The last resort: whatever is still running when this process exits is killed with it. */
process.on('exit', () => {
  for (const c of children) if (running(c)) c.kill('SIGKILL');
});

// ---------------------------------------------------------------------------------------------
// What the cluster needs before anything starts.
// ---------------------------------------------------------------------------------------------

const haproxyInstalled = () => spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;

/** HAProxy from Debian's packages when it is missing. */
function ensureHaproxy() {
  if (haproxyInstalled()) return;
  if (process.getuid?.() !== 0)
    throw new Fatal('HAProxy is not installed. Install it (as root: apt-get install -y haproxy) and run again.');
  const apt = (...args: string[]) => {
    say(`HAProxy is missing: apt-get ${args.join(' ')}`);
    return spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  };
  // Without a package list (a fresh machine) the install fails: update once and try again.
  if (!apt('install', '-y', 'haproxy') && !(apt('update') && apt('install', '-y', 'haproxy'))) {
    throw new Fatal('apt-get could not install haproxy (see above). Install it by hand and run again.');
  }
  if (!haproxyInstalled()) throw new Fatal('apt-get finished but `haproxy` is still not on the PATH.');
}

/** The production build, when part of it is missing or --build asks for it. */
function ensureBuild() {
  const missing = ['dist/server/main.js', 'dist/web/index.html'].filter((f) => !fs.existsSync(f));
  if (!flags.build && missing.length === 0) return;
  say(flags.build ? 'building (npm run build)' : `building (npm run build): ${missing.join(', ')} missing`);
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) throw new Fatal('npm run build failed');
}

/** Creates the cluster's database when missing; --fresh drops it first. */
async function prepareDatabase() {
  const target = new URL(DATABASE_URL);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_-]+$/.test(name))
    throw new Fatal(`CLUSTER_DATABASE_URL must name a database (letters, digits, _ and -), not "${name}"`);
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
  } catch (e) {
    throw new Fatal(`PostgreSQL does not answer at ${admin.host} (${(e as Error).message}); set CLUSTER_DATABASE_URL`);
  }
  try {
    if (flags.fresh) {
      say(`--fresh: dropping database ${name}`);
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      say(`creating database ${name}`);
      await client.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await client.end();
  }
}

/** The four ports must be free, or a part would fail later with a less clear message. */
async function checkPorts() {
  for (const port of [BASE_PORT, ...servers.map((s) => s.port), S3_PORT]) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (!free) throw new Fatal(`port ${port} is in use (another cluster running?); CLUSTER_PORT=9080 would use 9080-9083`);
  }
}

/** Redis must answer: the servers share rate limits and the event relay through it. */
async function checkRedis() {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    throw new Fatal(`Redis does not answer at ${redact(REDIS_URL)} (${(e as Error).message}); set CLUSTER_REDIS_URL`);
  } finally {
    redis.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// The parts: s3rver, the two app servers (supervised), HAProxy.
// ---------------------------------------------------------------------------------------------

/** s3rver's fixed development credentials (it accepts no others). */
const S3_KEY = 'S3RVER';

async function startS3(): Promise<S3rver> {
  const directory = path.join(ROOT, DIR, 's3');
  fs.mkdirSync(directory, { recursive: true });
  const s3 = new S3rver({ port: S3_PORT, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  await s3.run();
  return s3;
}

interface AppServer {
  name: 'a' | 'b';
  port: number;
  child?: ChildProcess;
}

const servers: AppServer[] = [
  { name: 'a', port: BASE_PORT + 1 },
  { name: 'b', port: BASE_PORT + 2 },
];

/** Every setting the app reads; none of them leaks from this shell into the servers by accident. */
const APP_SETTINGS = new Set([...Object.keys(ConfigSchema.shape), 'WEB_DIR']);

function appEnv(server: AppServer): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!APP_SETTINGS.has(k) && !k.startsWith('CLUSTER_')) env[k] = v;
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(server.port),
    DATA_DIR: path.join(DIR, `app-${server.name}`),
    DATABASE_URL,
    REDIS_URL,
    STORAGE_DRIVER: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
    S3_FORCE_PATH_STYLE: '1',
    S3_ACCESS_KEY_ID: S3_KEY,
    S3_SECRET_ACCESS_KEY: S3_KEY,
    // One proxy (HAProxy) in front: the client address is the one it appended (docs/deploy.md).
    TRUST_PROXY: '1',
    PUBLIC_URL: LB_URL,
    // Plain http here; behind a TLS-terminating balancer this is 1 (or auto).
    COOKIE_SECURE: '0',
    LOG_LEVEL: 'warn',
    // On SIGTERM, /healthz says "draining" for 2.5 s first: HAProxy (checks every 1 s, out after 2)
    // stops sending before the server stops accepting, so a rolling restart costs no request.
    SHUTDOWN_DRAIN_MS: '2500',
  });
  // CLUSTER_APP_FEED_CACHE_MS=0 → FEED_CACHE_MS=0, and so on; these win over everything above.
  for (const [k, v] of Object.entries(process.env)) if (k.startsWith('CLUSTER_APP_')) env[k.slice('CLUSTER_APP_'.length)] = v;
  return env;
}

let ready = false;
/** The Node version of the app servers (CI runs them on 24 as well), told on standard error too. */
const NODE_VERSION = spawnSync(NODE, ['--version'], { encoding: 'utf8' }).stdout.trim();
process.stderr.write(`[cluster] app servers run on Node ${NODE_VERSION} (${NODE})\n`);

/** Starts an app server and keeps it running: when it exits it is started again after 1 s (like systemd's Restart=always). */
function startServer(server: AppServer) {
  const child = startChild(server.name, NODE, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], appEnv(server));
  server.child = child;
  writeState();
  child.on('exit', (code, signal) => {
    if (stopping) return;
    // Before the cluster is first up, exit code 2 (an invalid configuration) or 127 (no such
    // command, from setpriv) stops everything: starting again cannot mend either.
    if (!ready && (code === 2 || code === 127)) return void stop(1, `server ${server.name} could not start (code ${code}, see above)`);
    say(`server ${server.name} (pid ${child.pid}) exited (${signal ?? `code ${code}`}); starting it again in 1 s`);
    setTimeout(() => {
      if (stopping) return;
      startServer(server);
      say(`server ${server.name} started again (pid ${server.child?.pid})`);
    }, 1_000);
  });
}

let haproxy: ChildProcess | undefined;

/** HAProxy needs two file descriptors per connection and will not start past the hard limit. */
function haproxyMaxconn(): number {
  const hard = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  const limit = hard === 'unlimited' ? Number.POSITIVE_INFINITY : Number(hard) || 1024;
  return Math.max(256, Math.min(20_000, Math.floor((limit - 100) / 2)));
}

/** HAProxy with the repository's config; the variables it reads are set here (deploy/haproxy.cfg). */
function startHaproxy() {
  const env = {
    ...process.env,
    TALES_LB_BIND: `127.0.0.1:${BASE_PORT}`,
    TALES_APP_A: `127.0.0.1:${servers[0].port}`,
    TALES_APP_B: `127.0.0.1:${servers[1].port}`,
    TALES_LB_SOCKET: SOCKET,
    TALES_LB_LOG: HAPROXY_LOG,
    TALES_LB_MAXCONN: String(haproxyMaxconn()),
    // no switch to the haproxy user and its chroot: this is a developer's process
    TALES_LB_KEEP_USER: '1',
  };
  const cfg = 'deploy/haproxy.cfg';
  const valid = spawnSync('haproxy', ['-c', '-f', cfg], { env, encoding: 'utf8' });
  if (valid.status !== 0) throw new Fatal(`haproxy refused ${cfg}:\n${valid.stderr}${valid.stdout}`);
  // -db: stay in the foreground, no daemon; the log goes to stdout. HAProxy also repeats each of its
  // warnings on stderr (-q would silence that, but closes stdout too): only alerts are shown from there.
  haproxy = startChild('haproxy', 'haproxy', ['-db', '-f', cfg], env, (line) => line.startsWith('[ALERT]'));
  haproxy.on('exit', (code, signal) => {
    if (!stopping) void stop(1, `HAProxy exited (${signal ?? `code ${code}`}); the cluster stops with it`);
  });
}

/** Whether state.json is ours to remove (a second start that stops at once leaves the first one's). */
let stateWritten = false;

function writeState() {
  stateWritten = true;
  const state = {
    url: LB_URL,
    // this script: SIGTERM to it stops the whole cluster
    pid: process.pid,
    servers: servers.map((s) => ({ name: s.name, port: s.port, pid: s.child?.pid ?? null })),
    s3: { port: S3_PORT },
    database: DATABASE_URL,
  };
  // written whole, then renamed over the old one: a reader (the cluster tests poll it while a
  // killed server is brought back) never sees a half-written file
  const next = `${STATE_FILE}.${process.pid}.tmp`;
  fs.writeFileSync(next, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(next, STATE_FILE);
}

const healthStatus = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (r) => ({ status: r.status, servedBy: r.headers.get('x-served-by') }),
    () => ({ status: 0, servedBy: null }),
  );

/** Polls until `done` holds, or fails after `timeoutMs`. */
async function until(what: string, done: () => Promise<boolean>, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (stopping) throw new Fatal('stopped while starting');
    if (Date.now() > deadline) throw new Fatal(`${what} within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

/** Waits until /healthz answers 200 on the server itself. */
const serverHealthy = (s: AppServer) =>
  until(
    `server ${s.name} did not answer 200 on /healthz`,
    async () => (await healthStatus(`http://127.0.0.1:${s.port}/healthz`)).status === 200,
  );

/** Waits until HAProxy's checks have put every server in rotation: consecutive answers come from all of them. */
const allInRotation = () =>
  until('the balancer did not send requests to every server', async () => {
    const seen = new Set<string | null>();
    for (let i = 0; i < servers.length * 2; i++) {
      const r = await healthStatus(`${LB_URL}/healthz`);
      if (r.status === 200) seen.add(r.servedBy);
    }
    return servers.every((s) => seen.has(s.name));
  });

// ---------------------------------------------------------------------------------------------
// Stopping: SIGTERM to every child, SIGKILL to what is left after 15 s, then s3rver.
// ---------------------------------------------------------------------------------------------

let s3: S3rver | undefined;

async function stop(code: number, why?: string): Promise<never> {
  if (stopping) return new Promise<never>(() => {});
  stopping = true;
  if (why) say(why);
  say('stopping');
  const left = [...children].filter(running);
  const exited = left.map((c) => new Promise((r) => (running(c) ? c.once('exit', r) : r(null))));
  for (const c of left) c.kill('SIGTERM');
  // The app servers finish requests in flight (up to 10 s, server/main.ts); then no more waiting.
  const timer = setTimeout(() => {
    for (const c of left) if (running(c)) c.kill('SIGKILL');
  }, 15_000);
  await Promise.all(exited);
  clearTimeout(timer);
  await s3?.close().catch(() => {});
  if (stateWritten) fs.rmSync(STATE_FILE, { force: true });
  say('stopped');
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // A second Ctrl-C does not wait for anyone.
    if (stopping) process.exit(130);
    void stop(0, `${signal}`);
  });
}

// ---------------------------------------------------------------------------------------------
// --check: a smoke test through the balancer.
// ---------------------------------------------------------------------------------------------

/** A 1×1 PNG, for an upload that must land in the bucket. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface Envelope {
  meta?: { alina_response_success?: number };
  data?: unknown;
  CurrentUser?: { id: number | null; token?: string };
}

/** One API call as the web app makes it; `base` is the balancer or one server. */
async function call(
  base: string,
  p: string,
  init: { body?: unknown; form?: FormData; token?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'x-requested-with': REQUESTED_WITH, ...init.headers };
  if (init.token) headers.token = init.token;
  let body: BodyInit | undefined = init.form;
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const res = await fetch(`${base}/api${p}${p.includes('?') ? '&' : '?'}isAjax=1`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await res.json().catch(() => ({}))) as Envelope;
  return {
    status: res.status,
    servedBy: res.headers.get('x-served-by'),
    ok: res.status === 200 && json.meta?.alina_response_success === 1,
    json,
  };
}

/** Every file under a folder, recursively. */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name)
    : [];

async function check(): Promise<boolean> {
  const results: { ok: boolean; what: string; detail: string }[] = [];
  const record = (ok: boolean, what: string, detail: string) => {
    results.push({ ok, what, detail });
    say(`${ok ? 'ok  ' : 'FAIL'} ${what}: ${detail}`);
  };
  const direct = servers.map((s) => `http://127.0.0.1:${s.port}`);

  try {
    // 1. Round robin: both servers answer through the balancer.
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await fetch(`${LB_URL}/healthz`);
      seen.push(`${r.status}/${r.headers.get('x-served-by')}`);
    }
    const names = new Set(seen.map((s) => s.split('/')[1]));
    record(seen.every((s) => s.startsWith('200/')) && names.has('a') && names.has('b'), 'healthz through the balancer', seen.join(' '));

    // 2. Sign up through the balancer, with a forged X-Forwarded-For the app must not believe.
    const mail = `cluster-${Date.now()}@example.com`;
    const password = 'cluster-check-password-7';
    const reg = await call(LB_URL, '/auth/register', {
      body: { mail, password, confirm_password: password },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    const token = reg.json.CurrentUser?.token;
    const userId = reg.json.CurrentUser?.id;
    record(reg.ok && !!token, 'register through the balancer', `${reg.status}, user ${userId}, served by ${reg.servedBy}`);
    if (!token) throw new Error('no session, the remaining checks need one');

    // 3. The session is a database row: every server knows it.
    const who: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await call(LB_URL, '/tale/feed/10/1', { token });
      who.push(`${r.servedBy}:${r.json.CurrentUser?.id === userId ? 'signed in' : 'guest'}`);
    }
    record(
      who.every((w) => w.endsWith('signed in')) && new Set(who.map((w) => w.split(':')[0])).size === 2,
      'one session on both servers',
      who.join(' '),
    );

    // 4. The client address the app recorded is HAProxy's view of the client, not the forged entry.
    const db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    const ip = (await db.query('select last_ip from users where id = $1', [userId]).finally(() => db.end())).rows[0]?.last_ip;
    record(ip === '127.0.0.1', 'client address behind the balancer (TRUST_PROXY=1)', `recorded ${ip}, forged 203.0.113.9 ignored`);

    // 5. The event relay: b has the visitors' feed cached (FEED_CACHE_MS, 1 s by default), a tale
    // is published on a, and b lists it at once: a's commit dropped b's copy. Read well within the
    // cache's life, or the test could not tell the relay from the copy expiring.
    const draft = await call(direct[0], '/tale/upsert', { token });
    const taleId = (draft.json.data as { id?: number } | undefined)?.id;
    const header = `Cluster check ${Date.now()}`;
    const cachedAt = performance.now();
    await call(direct[1], '/tale/feed/10/1');
    const saved = await call(direct[0], '/tale/upsert', { token, body: { id: taleId, header, body: '<p>Both servers see this.</p>' } });
    const onB = await call(direct[1], '/tale/feed/10/1');
    const elapsed = Math.round(performance.now() - cachedAt);
    record(
      saved.ok && JSON.stringify(onB.json.data).includes(header) && elapsed < 800,
      'a tale published on a is in b’s cached feed at once (event relay)',
      saved.ok ? `tale ${taleId}, b's feed read ${elapsed} ms after it was cached` : `save answered ${saved.status}`,
    );

    // 6. Uploads go to the shared bucket; the other server serves them.
    const before = filesUnder(path.join(DIR, 's3', BUCKET)).length;
    const form = new FormData();
    for (const [k, v] of Object.entries({ entity_table: 'tale', entity_id: String(taleId), container: 'FILE', form_id: 'actionIndex' })) {
      form.append(k, v);
    }
    form.append('userfile[]', new Blob([new Uint8Array(PIXEL)]), 'pixel.png');
    const up = await call(direct[0], '/FileUpload', { token, form });
    const file = (up.json.data as { url_path?: string }[] | undefined)?.[0];
    const after = filesUnder(path.join(DIR, 's3', BUCKET)).length;
    const served = file?.url_path ? await fetch(`${direct[1]}${file.url_path}`).then((r) => r.status) : 0;
    record(
      up.ok && after > before && served === 200,
      'an upload on a lands in the bucket and b serves it',
      `upload ${up.status}, objects ${before} → ${after}, GET on b ${served}`,
    );
  } catch (e) {
    record(false, 'check', (e as Error).message);
  }

  const failed = results.filter((r) => !r.ok).length;
  say(`check: ${results.length - failed} passed, ${failed} failed`);
  return failed === 0;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  ensureHaproxy();
  ensureBuild();
  await prepareDatabase();
  await checkRedis();
  await checkPorts();
  fs.mkdirSync(DIR, { recursive: true });
  if (flags.fresh) {
    say('--fresh: emptying the S3 folder and the servers’ data folders');
    for (const d of ['s3', 'app-a', 'app-b']) fs.rmSync(path.join(DIR, d), { recursive: true, force: true });
  }

  s3 = await startS3();
  say(`s3rver on 127.0.0.1:${S3_PORT}, bucket ${BUCKET}, objects in ${DIR}/s3`);
  // One server first: it applies the migrations, and a second starting at the same moment on a new
  // database would race it (drizzle's migrator takes no lock) and fail once before its restart.
  startServer(servers[0]);
  await serverHealthy(servers[0]);
  startServer(servers[1]);
  await serverHealthy(servers[1]);
  startHaproxy();
  await allInRotation();
  ready = true;

  say(`up: ${LB_URL}`);
  say(`  HAProxy      127.0.0.1:${BASE_PORT}  (deploy/haproxy.cfg, runtime API ${SOCKET})`);
  for (const s of servers) say(`  server ${s.name}     127.0.0.1:${s.port}  pid ${s.child?.pid}, data ${DIR}/app-${s.name}`);
  say(`  s3rver       127.0.0.1:${S3_PORT}  bucket ${BUCKET}`);
  say(`  PostgreSQL   ${redact(DATABASE_URL)}`);
  say(`  Redis        ${redact(REDIS_URL)}`);
  say(`  state        ${STATE_FILE}`);

  if (flags.check) await stop((await check()) ? 0 : 1);
  else say('Ctrl-C stops everything');
}

main().catch((e) => {
  if (e instanceof Fatal) void stop(1, e.message);
  else {
    console.error(e);
    void stop(1);
  }
});
