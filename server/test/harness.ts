import { createRequire } from 'node:module';
import net from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REQUESTED_WITH } from '../../common/constants';
import type { Envelope } from '../../common/schemas/envelope';
import type { Tale } from '../../common/schemas/tale';
import { type BuiltApp, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, migrationsFolder, openDatabase } from '../db/client';

/** PGlite's package.json (its exports do not name it): a new PGlite makes a new template. */
function pgliteVersion(): Promise<Buffer> {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (path.basename(dir) !== 'pglite' && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return fs.readFile(path.join(dir, 'package.json'));
}

export const DB_KIND = process.env.TALES_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server, with the function that drops it. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  const name = `tales_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A migrated, empty PGlite data directory, dumped once and kept in the system's temporary folder
 * under the hash of the migrations and PGlite's version (so a changed migration makes a new one);
 * every test file's apps start from a copy of it, which takes a third of the time a new database
 * and its migrations take.
 */
let migrated: Promise<Blob> | undefined;
const migratedPglite = (): Promise<Blob> => {
  migrated ??= readOrMakeMigratedPglite();
  return migrated;
};
async function readOrMakeMigratedPglite(): Promise<Blob> {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  hash.update(await pgliteVersion());
  for (const file of (await fs.readdir(folder, { recursive: true })).sort()) {
    const full = path.join(folder, file);
    if ((await fs.stat(full)).isFile()) hash.update(file).update(await fs.readFile(full));
  }
  const file = path.join(os.tmpdir(), `tales-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  const kept = await fs.readFile(file).catch(() => undefined);
  if (kept) return new Blob([kept]);
  const client = await PGlite.create('memory://');
  await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  // written whole under another name first: a worker reading it at the same time never sees half
  const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(part, Buffer.from(await dump.arrayBuffer()));
  await fs.rename(part, file);
  return dump;
}

/** A fresh, empty database for one test file: in-memory PGlite, or a new PostgreSQL database. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (DB_KIND === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://', pgliteFrom: await migratedPglite() });
    return { database, drop: async () => {} };
  }
  const { url, drop } = await freshPostgres();
  const database = await openDatabase({ url, poolMax: 5, pgliteDir: '' });
  return { database, drop };
}

/** The test configuration: quiet, its own data folder, generous limits for accounts made from one address. */
function testConfig(dataDir: string, env: Record<string, string>): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    WEB_DIR: path.join(dataDir, 'no-web'),
    RATE_REGISTER_PER_IP: '100000',
    RATE_RESET_PER_IP: '100000',
    RATE_LOGIN_PER_IP: '100000',
    ...env,
  });
}

export interface TestApp extends BuiltApp {
  url: string;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database and listens on a free loopback port. */
export async function startApp(
  env: Record<string, string> = {},
  /** Runs on the built app before it listens: a test may register a route of its own. */
  before?: (built: BuiltApp) => Promise<void>,
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tales-test-'));
  const config = testConfig(dataDir, env);
  const { database, drop } = await freshDatabase();
  const built = await buildApp(config, { database });
  await before?.(built);
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...built,
    url: address,
    config,
    dataDir,
    async close() {
      await built.app.close();
      await database.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestSite {
  /** The servers, each with its own pool, caches and event relay, on one database. */
  servers: TestApp[];
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * Several servers of one site on one new PostgreSQL database, as a load balancer would have them:
 * each opens the database itself from DATABASE_URL, so each has its event relay (Redis when the
 * env names REDIS_URL, PostgreSQL otherwise). Files go to one folder all share (as they would to
 * one S3 bucket).
 */
export async function startSite(
  count: number,
  /** The servers' settings, or each server's by its index. */
  env: Record<string, string> | ((index: number) => Record<string, string>) = {},
): Promise<TestSite> {
  const { url, drop } = await freshPostgres();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tales-site-'));
  const servers: TestApp[] = [];
  for (let i = 0; i < count; i++) {
    const config = testConfig(dataDir, { DATABASE_URL: url, ...(typeof env === 'function' ? env(i) : env) });
    const built = await buildApp(config, {});
    const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
    servers.push({ ...built, url: address, config, dataDir, close: () => built.app.close() });
  }
  return {
    servers,
    databaseUrl: url,
    async close() {
      await Promise.all(servers.map((s) => s.close()));
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body with its content type, for body-parsing tests. */
  raw?: { body: string | FormData | URLSearchParams; contentType?: string };
  headers?: Record<string, string>;
  /** Leave out x-requested-with. */
  noRequestedWith?: boolean;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

/** A client as a browser would be: it keeps the token the server hands it. */
export class Client {
  token: string | null = null;
  uid: number | null = null;

  constructor(private base: string) {}

  async call<T = unknown>(apiPath: string, opts: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (!opts.noRequestedWith) headers['x-requested-with'] = REQUESTED_WITH;
    if (this.token) headers.token = this.token;
    if (this.uid != null) headers.uid = String(this.uid);
    let body: BodyInit | undefined;
    if (opts.raw) {
      body = opts.raw.body;
      if (opts.raw.contentType) headers['content-type'] = opts.raw.contentType;
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const method = opts.method ?? (body !== undefined ? 'POST' : 'GET');
    const res = await fetch(`${this.base}/api${apiPath}${apiPath.includes('?') ? '&' : '?'}isAjax=1`, { method, headers, body });
    const text = await res.text();
    let parsed: Envelope<T>;
    try {
      parsed = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`Not JSON (${res.status}): ${text.slice(0, 200)}`);
    }
    if (parsed.CurrentUser) {
      this.token = parsed.CurrentUser.token;
      this.uid = parsed.CurrentUser.id;
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }

  post<T = unknown>(apiPath: string, body: unknown = {}, opts: Omit<CallOptions, 'body'> = {}) {
    return this.call<T>(apiPath, { ...opts, body, method: 'POST' });
  }

  get<T = unknown>(apiPath: string, opts: CallOptions = {}) {
    return this.call<T>(apiPath, { ...opts, method: 'GET' });
  }
}

export const templatesOf = (a: Answer) => a.body.messages.map((m) => m.templateString);

let counter = 0;
export const uniqueMail = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${++counter}@example.com`;
export const GOOD_PASSWORD = 'violet-harbour-7391';

/** Registers a user and returns a client logged in as them. */
export async function registered(app: TestApp, mail = uniqueMail()): Promise<Client & { mail: string; id: number }> {
  const c = new Client(app.url);
  const a = await c.post('/auth/register', { mail, password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD, form_id: 'actionRegister' });
  if (a.body.meta.alina_response_success !== 1) throw new Error(`register failed: ${JSON.stringify(a.body.messages)}`);
  return Object.assign(c, { mail, id: a.body.CurrentUser.id as number });
}

/** The newest mail written to the data folder, and the reset code in it. */
/**
 * Saves the caller's unsaved tale with `fields` over a short default text, as the editor does, and
 * answers it as stored; throws with the server's messages when it is refused.
 */
export async function writeTale(c: Client, fields: Record<string, unknown> = {}): Promise<Tale> {
  const draft = await c.get<Tale>('/tale/upsert');
  const a = await c.post<Tale>('/tale/upsert', {
    ...draft.body.data,
    header: 'A tale',
    body: '<p>Once upon a time</p>',
    ...fields,
    id: draft.body.data.id,
    form_id: 'actionUpsert',
  });
  if (a.body.meta.alina_response_success !== 1) throw new Error(JSON.stringify(a.body.messages));
  return a.body.data;
}

export async function lastMail(app: TestApp): Promise<{ text: string; code: string | undefined }> {
  const dir = path.join(app.dataDir, 'mail');
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  const text = await fs.readFile(path.join(dir, files[files.length - 1]), 'utf8');
  return { text, code: /reset code: (\d{8})/i.exec(text)?.[1] };
}

/** A TCP port free on 127.0.0.1 a moment ago, for a server the test starts as its own process. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
