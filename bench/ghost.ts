/**
 * Tales beside a peer: Ghost 5.130 (the npm package `ghost`, on SQLite, on this machine) holding
 * as many published posts as the Tales database holds tales, measured in one run with Tales: the
 * bare Fastify route, Tales' visitor feed page 1 and one tale, Ghost's Content API post list (its
 * default page of 15) and one post by slug, the bare route again; each figure as a share of the
 * mean of the two bare figures, and each request alone (one at a time) beside it.
 *
 *   npm run bench:ghost -- --pg postgres://postgres@127.0.0.1:5432/tales_bench_100k     # 100,000 posts
 *   npm run bench:ghost -- --pglite ./data/bench-pglite
 *   npm run bench:ghost -- --pg postgres://postgres@127.0.0.1:5432/tales_bench_10k --posts 10000 --duration 3
 *   npm run bench:ghost -- --setup-only --posts 100000     # install, migrate and fill Ghost; measure nothing
 *
 * Ghost lives outside the repository, under --dir (default $TMPDIR/tales-ghost-bench), installed
 * there once: `npm pack ghost@5.130` (the newest 5.130.x; Ghost 6 needs Node 22), extracted to
 * DIR/ghost, its devDependencies dropped and its yarn `resolutions` handed to npm as `overrides`,
 * then `npm install --omit=dev --legacy-peer-deps` (bookshelf's peer range for knex predates the
 * knex Ghost pins; yarn does not check it, npm refuses). Native modules (sqlite3, re2) build with
 * node-gyp when their prebuilt binaries cannot be downloaded; if sqlite3 still does not load, it
 * is rebuilt with --build-from-source. Ghost is configured by environment variables only
 * (NODE_ENV=production, SQLite at DIR/ghost/content/data/ghost-POSTS.db, one database per post
 * count, mail stubbed, no calls out). Its first boot runs its migrations and fixtures; then, with
 * Ghost stopped, the posts are written straight into SQLite through Ghost's own sqlite3 module: a
 * recursive CTE copies 1,000 generated short stories shaped like bench/seed.ts's tales (1 to 3
 * paragraphs of 1 to 3 sentences, Zipf-distributed English and Russian words, hashtags as text)
 * into `posts` (html, plaintext and lexical, published over six years) and `posts_authors` (the
 * owner), Ghost's own fixture post ("Coming soon") is removed, and a custom integration gets a
 * Content API key. A database already holding the posts is reused.
 *
 * Ghost on SQLite serves one query at a time, and goes on answering requests whose client has
 * gone: after each Ghost load one request more waits out its queue before the next figure.
 *
 * Options: --pg URL | --pglite DIR (the Tales database, as bench:api), --posts (100000), --dir,
 * --port (3460 Tales; the bare route port+1, Ghost port+2), --duration (10 s per figure after a
 * 3 s warm-up), --connections (64), --label (names the result files in bench/results/),
 * --ghost-cache (Ghost's in-memory cache of public posts, hostSettings.postsPublicCache; off by
 * default, as Ghost ships), --setup-only.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type LoadSpec,
  type Running,
  ROOT,
  describeTarget,
  machine,
  measure,
  ms,
  parseTarget,
  pct,
  pgRows,
  settings,
  startApp,
  startBare,
  stopper,
  table,
  waitFor,
} from './lib';
import { readScenarios, sample } from './scenarios';
import { EN, RU, TAGS_EN, TAGS_RU } from './words';

const { values } = parseArgs({
  options: {
    pg: { type: 'string' },
    pglite: { type: 'string' },
    posts: { type: 'string', default: '100000' },
    dir: { type: 'string', default: path.join(os.tmpdir(), 'tales-ghost-bench') },
    port: { type: 'string', default: '3460' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    label: { type: 'string' },
    'ghost-cache': { type: 'boolean', default: false },
    'setup-only': { type: 'boolean', default: false },
  },
});
settings.duration = Number(values.duration);
settings.connections = Number(values.connections);
const posts = Number(values.posts);
if (!Number.isInteger(posts) || posts < 15) throw new Error('--posts must be a whole number of at least 15');
const dir = path.resolve(values.dir);
if (dir === ROOT || dir.startsWith(`${ROOT}${path.sep}`)) throw new Error(`--dir must be outside the repository (${ROOT})`);
const port = Number(values.port);
const ghostPort = port + 2;
const ghostCache = values['ghost-cache'];

const GHOST = '5.130';
/** How many distinct stories the posts are copied from. */
const STORIES = 1_000;
/** Posts are published over the last six years, newest first, as the seeded tales. */
const YEARS = 6 * 365 * 86400;
/** What a Content API answer with posts starts with. */
const postsAnswer = (b: string) => b.startsWith('{"posts":[{');

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;
const say = (line: string) => process.stderr.write(`${line}\n`);

/** Every server this run started, so a failure or a signal stops them all. */
const running = new Set<Running>();
async function stop(r: Running) {
  running.delete(r);
  await r.stop();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    say(`${signal}: stopping ${running.size} server(s)`);
    void Promise.all([...running].map((r) => r.stop())).finally(() => process.exit(130));
  });

/** A command to its end, its output appended to a log; resolves with its standard output. */
function run(cmd: string, args: string[], cwd: string, log: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(log, 'a');
    fs.writeSync(out, `\n$ ${cmd} ${args.join(' ')}   (in ${cwd})\n`);
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', out] });
    let stdout = '';
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d;
      fs.writeSync(out, d);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      fs.closeSync(out);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${code}); see ${log}`));
    });
  });
}

// --- Installing Ghost -----------------------------------------------------------------------

const ghostDir = path.join(dir, 'ghost');
const installedMark = path.join(ghostDir, '.tales-bench-installed');
const ghostVersion = () => (JSON.parse(fs.readFileSync(path.join(ghostDir, 'package.json'), 'utf8')) as { version: string }).version;

async function sqliteLoads(log: string) {
  try {
    await run(process.execPath, ['-e', "require('sqlite3')"], ghostDir, log);
    return true;
  } catch {
    return false;
  }
}

/** Installs Ghost under DIR/ghost unless a finished install is there; the seconds it took, or null. */
async function install(): Promise<number | null> {
  if (fs.existsSync(installedMark)) return null;
  const started = performance.now();
  fs.mkdirSync(dir, { recursive: true });
  const log = path.join(dir, 'install.log');
  fs.writeFileSync(log, '');
  say(`installing ghost@${GHOST} into ${ghostDir} (a few minutes: native modules build from source; log ${log})`);
  // what an interrupted install left
  fs.rmSync(ghostDir, { recursive: true, force: true });
  fs.rmSync(path.join(dir, 'package'), { recursive: true, force: true });
  const packed = JSON.parse(await run('npm', ['pack', `ghost@${GHOST}`, '--json', '--pack-destination', dir], dir, log)) as {
    filename: string;
    version: string;
  }[];
  const tarball = path.join(dir, path.basename(packed[0].filename));
  await run('tar', ['xzf', tarball, '-C', dir], dir, log);
  fs.renameSync(path.join(dir, 'package'), ghostDir);
  fs.rmSync(tarball);
  const pkgFile = path.join(ghostDir, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as Record<string, unknown>;
  delete pkg.devDependencies;
  // Ghost is released with yarn, whose `resolutions` pin a few packages; npm reads `overrides`.
  if (pkg.resolutions) pkg.overrides = { ...(pkg.resolutions as object), ...((pkg.overrides as object | undefined) ?? {}) };
  fs.writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--legacy-peer-deps'], ghostDir, log);
  if (!(await sqliteLoads(log))) {
    say('sqlite3 did not load: rebuilding it from source');
    await run('npm', ['rebuild', 'sqlite3', '--build-from-source'], ghostDir, log, {
      ...process.env,
      npm_config_build_from_source: 'true',
    });
    if (!(await sqliteLoads(log))) throw new Error(`Ghost's sqlite3 module does not load; see ${log}`);
  }
  fs.writeFileSync(installedMark, `ghost ${packed[0].version}, installed ${new Date().toISOString()} by bench/ghost.ts\n`);
  const took = seconds(started);
  say(`installed ghost ${packed[0].version} in ${took} s`);
  return took;
}

// --- Running Ghost --------------------------------------------------------------------------

const database = path.join(ghostDir, 'content/data', `ghost-${posts}.db`);
const migratedMark = `${database}.migrated`;

/** Ghost's whole configuration: environment variables (nconf, `__` between levels). */
function ghostEnv(p: number): Record<string, string> {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    url: `http://127.0.0.1:${p}`,
    server__host: '127.0.0.1',
    server__port: String(p),
    database__client: 'sqlite3',
    database__connection__filename: database,
    mail__transport: 'stub',
    mail__from: 'bench@example.com',
    logging__level: 'warn',
    logging__transports: '["stdout"]',
    // no update checks, pings or gravatar lookups
    privacy__useTinfoil: 'true',
    emailAnalytics: 'false',
    backgroundJobs__emailAnalytics: 'false',
    ...(ghostCache ? { hostSettings__postsPublicCache__enabled: 'true' } : {}),
  };
  // Only what a shell needs besides: nconf reads every environment variable as configuration.
  for (const k of ['PATH', 'HOME', 'TMPDIR', 'LANG']) if (process.env[k]) env[k] = process.env[k] as string;
  return env;
}

const ghostLog = path.join(ROOT, `bench/results/ghost-${ghostPort}.log`);

/** Ghost's first boot on a new database: migrations and fixtures, then it exits by itself. */
async function migrate(): Promise<number | null> {
  if (fs.existsSync(migratedMark)) return null;
  const started = performance.now();
  say(`first boot of Ghost on ${database}: migrations and fixtures`);
  fs.mkdirSync(path.dirname(database), { recursive: true });
  for (const f of [database, `${database}-journal`, `${database}-wal`, `${database}-shm`]) fs.rmSync(f, { force: true });
  fs.mkdirSync(path.dirname(ghostLog), { recursive: true });
  await run(process.execPath, [path.join(ghostDir, 'index.js')], ghostDir, ghostLog, {
    ...ghostEnv(ghostPort),
    GHOST_CI_SHUTDOWN_AFTER_BOOT: '1',
  });
  fs.writeFileSync(migratedMark, `migrated ${new Date().toISOString()}\n`);
  return seconds(started);
}

/** Ghost in production mode; ready once `readyPath` answers 200 (its URL service has then read every post). */
async function startGhost(readyPath: string): Promise<Running> {
  fs.mkdirSync(path.dirname(ghostLog), { recursive: true });
  const out = fs.openSync(ghostLog, 'a');
  const child = spawn(process.execPath, [path.join(ghostDir, 'index.js')], {
    cwd: ghostDir,
    env: ghostEnv(ghostPort),
    stdio: ['ignore', out, out],
  });
  const url = `http://127.0.0.1:${ghostPort}`;
  const ghost: Running = { url, stop: stopper(child), pid: child.pid };
  running.add(ghost);
  try {
    await waitFor(`${url}${readyPath}`, child, ghostLog, 900_000);
  } catch (e) {
    await stop(ghost);
    throw e;
  }
  return ghost;
}

// --- Filling Ghost's database ---------------------------------------------------------------

/** The part of Ghost's own sqlite3 module used here. */
interface SqliteDatabase {
  all(sql: string, params: unknown[], cb: (err: Error | null, rows: unknown[]) => void): void;
  run(sql: string, params: unknown[], cb: (err: Error | null) => void): void;
  close(cb: (err: Error | null) => void): void;
}
interface Sqlite {
  rows<T>(sql: string, params?: unknown[]): Promise<T[]>;
  run(sql: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

async function openSqlite(file: string): Promise<Sqlite> {
  const sqlite3 = createRequire(path.join(ghostDir, 'package.json'))('sqlite3') as {
    Database: new (file: string, cb: (err: Error | null) => void) => SqliteDatabase;
  };
  const db = await new Promise<SqliteDatabase>((resolve, reject) => {
    const d = new sqlite3.Database(file, (err) => (err ? reject(err) : resolve(d)));
  });
  const done = (resolve: () => void, reject: (e: Error) => void) => (err: Error | null) => (err ? reject(err) : resolve());
  return {
    rows: <T>(sql: string, params: unknown[] = []) =>
      new Promise<T[]>((res, rej) => db.all(sql, params, (err, rows) => (err ? rej(err) : res(rows as T[])))),
    run: (sql: string, params: unknown[] = []) => new Promise<void>((res, rej) => db.run(sql, params, done(res, rej))),
    close: () => new Promise<void>((res, rej) => db.close(done(res, rej))),
  };
}

/** Short stories shaped like bench/seed.ts's tales, as Ghost stores a post: html, plaintext and lexical. */
function stories(count: number) {
  let x = 2024;
  // mulberry32
  const rnd = () => {
    x = (x + 0x6d2b79f5) | 0;
    let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const zipf = (n: number) => Math.min(n - 1, Math.floor(Math.exp(rnd() * Math.log(n + 1))) - 1);
  const sentence = (words: readonly string[], min: number, max: number) => {
    const s = Array.from({ length: int(min, max) }, () => words[zipf(words.length)]).join(' ');
    return `${s.charAt(0).toUpperCase()}${s.slice(1)}${rnd() < 0.08 ? '?' : rnd() < 0.06 ? '!' : '.'}`;
  };
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return Array.from({ length: count }, () => {
    const en = rnd() < 0.5;
    const words = en ? EN : RU;
    const title = sentence(words, 2, 7).replace(/[.?!]$/, '');
    const paragraphs = Array.from({ length: int(1, 3) }, () => Array.from({ length: int(1, 3) }, () => sentence(words, 4, 14)).join(' '));
    if (rnd() < 0.7) {
      const tags = en ? TAGS_EN : TAGS_RU;
      const picked = new Set(Array.from({ length: int(1, 3) }, () => tags[zipf(tags.length)]));
      paragraphs[paragraphs.length - 1] += ` ${[...picked].map((t) => `#${t}`).join(' ')}`;
    }
    const text = (t: string) => ({ detail: 0, format: 0, mode: 'normal', style: '', text: t, type: 'extended-text', version: 1 });
    const block = { direction: 'ltr', format: '', indent: 0, version: 1 };
    const lexical = {
      root: { children: paragraphs.map((p) => ({ children: [text(p)], ...block, type: 'paragraph' })), ...block, type: 'root' },
    };
    return {
      title,
      html: paragraphs.map((p) => `<p>${esc(p)}</p>`).join(''),
      plaintext: paragraphs.join('\n\n'),
      lexical: JSON.stringify(lexical),
    };
  });
}

/** Tops Ghost's published posts up to `posts`, straight in SQLite (Ghost stopped); the seconds it took, or null. */
async function fill(db: Sqlite): Promise<number | null> {
  // Ghost's fixture post ("Coming soon", with a feature image), unlike a story: gone, as site owners do.
  const fixture = "(select id from posts where slug = 'coming-soon' and id not like 'be%')";
  await db.run(`delete from posts_tags where post_id in ${fixture}`);
  await db.run(`delete from posts_authors where post_id in ${fixture}`);
  await db.run(`delete from posts where id in ${fixture}`);
  const [{ n: have }] = await db.rows<{ n: number }>("select count(*) as n from posts where type = 'post' and status = 'published'");
  if (have > posts) say(`warning: ${database} holds ${have} published posts, more than --posts ${posts}`);
  if (have >= posts) return null;
  const started = performance.now();
  const [owner] = await db.rows<{ id: string }>(
    "select u.id from users u join roles_users ru on ru.user_id = u.id join roles r on r.id = ru.role_id where r.name = 'Owner'",
  );
  // Ours have ids 'be…' (posts) and 'bf…' (posts_authors): hex, as Ghost's ObjectIds, and after
  // any of them (they start with the time of creation, 0x6… until 2026).
  const [{ n: ours }] = await db.rows<{ n: number }>("select count(*) as n from posts where id like 'be%'");
  const first = ours + 1;
  const last = ours + posts - have;
  say(`filling Ghost with ${(last - first + 1).toLocaleString('en')} posts (${first}..${last})`);
  const now = Math.floor(Date.now() / 1000);
  const step = Math.max(1, Math.floor(YEARS / posts));
  await db.run('begin');
  try {
    await db.run('create temp table story (k integer primary key, title text, html text, plaintext text, lexical text)');
    await db.run(
      `insert into story select key, json_extract(value, '$.title'), json_extract(value, '$.html'), json_extract(value, '$.plaintext'),
         json_extract(value, '$.lexical') from json_each(?)`,
      [JSON.stringify(stories(STORIES))],
    );
    const numbers = 'with recursive n(i) as (select ?1 union all select i + 1 from n where i < ?2)';
    await db.run(
      `${numbers}
       insert into posts (id, uuid, title, slug, mobiledoc, lexical, html, comment_id, plaintext, feature_image, featured, type, status,
         locale, visibility, email_recipient_filter, created_at, created_by, updated_at, updated_by, published_at, published_by,
         show_title_and_feature_image)
       select printf('be%022x', i), printf('00000000-0000-4000-8000-%012x', i), s.title, 'tale-' || i, null, s.lexical, s.html,
         printf('be%022x', i), s.plaintext, null, 0, 'post', 'published', null, 'public', 'all', d, ?3, d, ?3, d, ?3, 1
       from (select i, strftime('%Y-%m-%d %H:%M:%S', ?4 - i * ?5, 'unixepoch') as d from n) as m join story s on s.k = m.i % ${STORIES}`,
      [first, last, owner.id, now, step],
    );
    await db.run(
      `${numbers}
       insert into posts_authors (id, post_id, author_id, sort_order) select printf('bf%022x', i), printf('be%022x', i), ?3, 0 from n`,
      [first, last, owner.id],
    );
    await db.run('drop table story');
    await db.run('commit');
  } catch (e) {
    await db.run('rollback');
    throw e;
  }
  const took = seconds(started);
  say(`filled in ${took} s`);
  return took;
}

/** The Content API key of a custom integration "Tales benchmark", made on first use. */
async function contentKey(db: Sqlite): Promise<string> {
  const key =
    "select k.secret from api_keys k join integrations i on i.id = k.integration_id where i.slug = 'tales-benchmark' and k.type = 'content'";
  const found = await db.rows<{ secret: string }>(key);
  if (found.length) return found[0].secret;
  const [owner] = await db.rows<{ id: string }>(
    "select u.id from users u join roles_users ru on ru.user_id = u.id join roles r on r.id = ru.role_id where r.name = 'Owner'",
  );
  const at = new Date().toISOString().slice(0, 19).replace('T', ' ');
  await db.run(
    `insert into integrations (id, type, name, slug, description, created_at, created_by)
     values ('bd0000000000000000000001', 'custom', 'Tales benchmark', 'tales-benchmark', 'bench/ghost.ts', ?, ?)`,
    [at, owner.id],
  );
  await db.run(
    `insert into api_keys (id, type, secret, role_id, integration_id, created_at, created_by)
     values ('bd0000000000000000000002', 'content', ?, null, 'bd0000000000000000000001', ?, ?)`,
    [randomBytes(13).toString('hex'), at, owner.id],
  );
  return (await db.rows<{ secret: string }>(key))[0].secret;
}

/** Posts to read one at a time: 400 spread over the whole list, as the Tales sample spreads over the feed. */
async function spreadSlugs(db: Sqlite): Promise<string[]> {
  const all = await db.rows<{ slug: string }>(
    "select slug from posts where type = 'post' and status = 'published' order by published_at desc, id desc",
  );
  return Array.from({ length: Math.min(400, all.length) }, (_, k) => all[Math.floor((((k * 7919) % 1000) / 1000) * all.length)].slug);
}

// --- Measuring ------------------------------------------------------------------------------

/** The median time of one request with nothing else running, over `count` requests in turn. */
async function alone(url: string, paths: string[], count = 20): Promise<number> {
  const times: number[] = [];
  for (let k = 0; k < count; k++) {
    const t = performance.now();
    const r = await fetch(`${url}${paths[k % paths.length]}`);
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`${paths[k % paths.length]}: ${r.status}`);
    times.push(performance.now() - t);
  }
  return pct(
    times.sort((a, b) => a - b),
    50,
  );
}

/** A JSON answer of Ghost's Content API, checked. */
async function ghostGet<T>(url: string): Promise<T> {
  const r = await fetch(url);
  const text = await r.text();
  if (r.status !== 200 || !r.headers.get('content-type')?.startsWith('application/json') || !postsAnswer(text))
    throw new Error(`${url.replace(/key=\w+/, 'key=…')}: ${r.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const rss = (pid?: number) => {
  const kb = pid ? fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s*(\d+)/)?.[1] : undefined;
  return kb ? `${Math.round(Number(kb) / 1024)} MiB` : 'unknown';
};

async function main() {
  const target = values['setup-only'] ? null : parseTarget(values);
  // Before anything starts: a server that cannot reach its database would be waited for three minutes.
  if (target && 'pg' in target) await pgRows(target.pg, 'select 1');
  if (target && 'pglite' in target && !fs.existsSync(target.pglite)) throw new Error(`${target.pglite}: no PGlite database there`);
  const timing: Record<string, number | null> = { install: await install() };
  const version = ghostVersion();
  timing.migrate = await migrate();
  const db = await openSqlite(database);
  let key: string;
  let slugs: string[];
  try {
    timing.fill = await fill(db);
    key = await contentKey(db);
    slugs = await spreadSlugs(db);
  } finally {
    await db.close();
  }

  const listPath = `/ghost/api/content/posts/?key=${key}`;
  const onePath = (slug: string) => `/ghost/api/content/posts/slug/${slug}/?key=${key}`;
  const started = performance.now();
  say(`starting Ghost ${version} (${posts.toLocaleString('en')} posts${ghostCache ? ', posts cache on' : ''}) on port ${ghostPort}`);
  const ghost = await startGhost(listPath);
  timing.boot = seconds(started);
  say(`Ghost answered after ${timing.boot} s`);
  try {
    const list = await ghostGet<{ posts: unknown[]; meta: { pagination: { total: number; limit: number } } }>(`${ghost.url}${listPath}`);
    const one = await ghostGet<{ posts: { slug: string; html: string }[] }>(`${ghost.url}${onePath(slugs[0])}`);
    const { total, limit } = list.meta.pagination;
    if (total !== posts || list.posts.length !== limit || one.posts[0].slug !== slugs[0])
      throw new Error(`Ghost lists ${total} posts (${list.posts.length} a page of ${limit}) and ${one.posts[0]?.slug} for ${slugs[0]}`);
    say(
      `Ghost's Content API: ${total.toLocaleString('en')} posts, ${limit} a page; one post ${one.posts[0].html.length} characters of HTML`,
    );
    if (!target) {
      say(`ready: ${ghostDir} (database ${database}); timings ${JSON.stringify(timing)}`);
      return;
    }

    const where = machine();
    const app = await startApp(target, port);
    running.add(app);
    try {
      const feedBody = await (await fetch(`${app.url}/api/tale/feed/10/1`)).text();
      const tales = (JSON.parse(feedBody) as { meta: { tale: { rowsTotal: number } } }).meta.tale.rowsTotal;
      const bare = await startBare(port + 1, feedBody);
      running.add(bare);
      try {
        say(
          `${describeTarget(target)} (${tales.toLocaleString('en')} tales) beside Ghost ${version} (${total.toLocaleString('en')} posts); ${where}`,
        );
        // The feed shows what a visitor may read: not drafts, nor tales for the signed-in or adults
        // only (bench/seed.ts makes about 8% such), nor those scheduled.
        const sizesDiffer = tales > posts || tales < 0.8 * posts;
        if (sizesDiffer) say(`warning: the visitor feed shows ${tales} tales; Ghost has ${posts} posts`);
        const s = await sample(app.url);
        const bareSpec: LoadSpec = { name: 'bare Fastify, fixed 10-tale body', url: bare.url, requests: ['/bare'] };
        const scenario = (name: string) => readScenarios(app.url, s).find((sc) => sc.name === name) as LoadSpec;
        const talesFeed: LoadSpec = { ...scenario('feed page 1'), name: 'Tales: feed page 1 (10 tales)' };
        const talesOne: LoadSpec = { ...scenario('one tale'), name: `Tales: one tale (${s.taleIds.length} in turn)` };
        // Ghost on SQLite answers one query at a time and still answers requests whose client has
        // gone: after a load, one request more, answered after them, waits out its queue.
        const settle = () => fetch(`${ghost.url}${listPath}`).then((a) => a.arrayBuffer());
        const ghostSpec = { url: ghost.url, verify: postsAnswer, settle };
        const ghostList: LoadSpec = { ...ghostSpec, name: `Ghost: post list (${limit} posts)`, requests: [listPath] };
        const ghostOne: LoadSpec = { ...ghostSpec, name: `Ghost: one post (${slugs.length} in turn)`, requests: slugs.map(onePath) };

        const bareFigures = [await measure(bareSpec)];
        const figures = [await measure(talesFeed), await measure(talesOne)];
        const memory = { tales: rss(app.pid), ghost: '' };
        figures.push(await measure(ghostList), await measure(ghostOne));
        memory.ghost = rss(ghost.pid);
        const asAlone = (sc: LoadSpec) => alone(sc.url, sc.requests as string[]);
        const one_at_a_time = {
          [talesFeed.name]: await asAlone(talesFeed),
          [talesOne.name]: await asAlone(talesOne),
          [ghostList.name]: await asAlone(ghostList),
          [ghostOne.name]: await asAlone(ghostOne),
        };
        bareFigures.push(await measure(bareSpec));
        const bareRps = bareFigures.reduce((a, f) => a + f.rps, 0) / bareFigures.length;

        const out = [
          `## Tales beside Ghost ${version}: ${describeTarget(target)} (${tales.toLocaleString('en')} tales in the visitor feed); Ghost on SQLite, ${total.toLocaleString('en')} posts${ghostCache ? ', its posts cache on' : ''}`,
          '',
          `${where}; ${settings.connections} connections, ${settings.duration} s per figure after a ${settings.warmup} s warm-up.`,
          `Bare Fastify: ${bareFigures.map((f) => Math.round(f.rps).toLocaleString('en')).join(' and ')} req/s (before and after); ratios use the mean.`,
          ...(sizesDiffer ? ['', `**Sizes differ: the visitor feed shows ${tales} tales, Ghost has ${posts} posts.**`] : []),
          '',
          table(figures, bareRps),
          '',
          '| one request alone (median of 20 in turn) | time |',
          '|---|---:|',
          ...Object.entries(one_at_a_time).map(([name, t]) => `| ${name} | ${ms(t)} |`),
          '',
          `Memory after its load (RSS): Tales ${memory.tales}, Ghost ${memory.ghost}.`,
          `Ghost ${version} from npm (devDependencies dropped), NODE_ENV=production, SQLite ${database}; Content API with a custom integration's key, default list (\`/ghost/api/content/posts/\`) and one post by slug.`,
          '',
        ].join('\n');
        const label = `${values.label ?? ('pg' in target ? `pg-${target.pg.split('/').pop()}` : 'pglite')}${ghostCache ? '-ghostcache' : ''}`;
        const resultDir = path.join(ROOT, 'bench/results');
        fs.writeFileSync(path.join(resultDir, `ghost-${label}.md`), out);
        fs.writeFileSync(
          path.join(resultDir, `ghost-${label}.json`),
          JSON.stringify(
            {
              target,
              machine: where,
              settings,
              tales,
              ghost: { version, posts: total, database, cache: ghostCache, timing },
              bare: bareFigures,
              figures,
              alone: one_at_a_time,
              memory,
            },
            null,
            2,
          ),
        );
        console.log(out);
      } finally {
        await stop(bare);
      }
    } finally {
      await stop(app);
    }
  } finally {
    await stop(ghost);
  }
}

main().catch(async (e) => {
  console.error(e);
  await Promise.all([...running].map((r) => r.stop()));
  process.exit(1);
});
