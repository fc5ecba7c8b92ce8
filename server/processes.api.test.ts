import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags';
import { DB_KIND, freePort } from './test/harness';

/**
 * PROCESSES=2: the real server (server/main.ts) as several processes on one port (processes.ts),
 * on PostgreSQL and Redis as in production. Each request below goes on a connection of its own,
 * which the kernel deals to the processes in turn, so "every process" is what is checked.
 */
const base = process.env.TEST_DATABASE_URL as string;
const redisUrl = process.env.TEST_REDIS_URL;
const dbName = `tales_t_${randomBytes(6).toString('hex')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

interface LogLine {
  pid: number;
  msg: string;
  [k: string]: unknown;
}

interface Started {
  child: ChildProcess;
  exited: Promise<number | null>;
  lines: LogLine[];
  output: () => string;
  /** The log lines so far that say so. */
  said: (msg: string | RegExp) => LogLine[];
}

function start(env: Record<string, string>, dataDir: string, options: { detached?: boolean } = {}): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      WEB_DIR: path.join(dataDir, 'no-web'),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      SHUTDOWN_DRAIN_MS: '0',
      // a feed page is kept a minute, so only the event relay can make another process see a write
      FEED_CACHE_MS: '60000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached,
  });
  let text = '';
  const lines: LogLine[] = [];
  let partial = '';
  const take = (d: Buffer) => {
    text += String(d);
    partial += String(d);
    const parts = partial.split('\n');
    partial = parts.pop() ?? '';
    for (const p of parts) {
      try {
        lines.push(JSON.parse(p) as LogLine);
      } catch {
        // not a log line (a stack trace, say): kept in the text
      }
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const said = (msg: string | RegExp) => lines.filter((l) => (typeof msg === 'string' ? l.msg === msg : msg.test(l.msg)));
  return { child, exited, lines, output: () => text, said };
}

async function until<T>(what: string, s: Started, check: () => T | undefined | false, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = check();
    if (v) return v;
    if (s.child.exitCode !== null) break;
    await sleep(50);
  }
  throw new Error(`${what}: not seen\n${s.output()}`);
}

interface Envelope {
  meta: { alina_response_success: number };
  data: Record<string, unknown> & { id?: number; tale?: { id: number }[] };
  CurrentUser: { id: number | null; token: string | null };
}

/** One request on a connection of its own, closed after. */
function request(
  url: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Envelope }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      url,
      {
        agent: false,
        method: options.method ?? 'GET',
        headers: {
          'x-requested-with': 'X',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { token: options.token } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A process's command line, as the kernel shows it. */
const nodeArgsOf = async (pid: number) => (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);

/** Whether any process of the group `pid` leads is still there. */
const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.runIf(DB_KIND === 'postgres' && redisUrl)('PROCESSES=2: one server as two processes on one port', () => {
  let dataDir = '';
  let dbUrl = '';
  const started: Started[] = [];

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tales-processes-'));
  });

  afterAll(async () => {
    for (const s of started) {
      for (const pid of new Set(s.lines.map((l) => l.pid))) if (alive(pid)) process.kill(pid, 'SIGKILL');
      s.child.kill('SIGKILL');
    }
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  // a port of its own: with PORT=0 processes that start after all the others died would get a new one
  // in a process group of its own, so that every process it started can be looked for at the end
  const run = async (env: Record<string, string> = {}) => {
    const s = start(
      { PROCESSES: '2', DATABASE_URL: dbUrl, REDIS_URL: redisUrl as string, PORT: String(await freePort()), ...env },
      dataDir,
      { detached: true },
    );
    started.push(s);
    return s;
  };
  const listening = (s: Started) => s.said(/^Server listening at /);
  const servedBy = (s: Started, from: number) =>
    new Set(
      s.lines
        .slice(from)
        .filter((l) => l.msg === 'request completed')
        .map((l) => l.pid),
    );

  it('serves from both processes alike (one session, one feed kept fresh by the relay), replaces a process that dies, and stops cleanly on Ctrl-C', async () => {
    const s = await run();
    const two = await until('two processes listening', s, () => (listening(s).length >= 2 ? listening(s) : undefined));
    const primary = s.child.pid as number;
    const workers = two.map((l) => l.pid);
    expect(new Set(workers).size).toBe(2);
    expect(workers).not.toContain(primary);
    const url = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(two[0].msg)?.[1] as string;
    await until('both up', s, () => s.said('Tales is up').length >= 2);
    // started without the server's Node flags, the first process hands them to the others
    for (const pid of workers) expect(await nodeArgsOf(pid)).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
    expect(s.said(/Node flags/)).toEqual([]);

    // one session, whichever process answers
    const mail = `processes${randomBytes(4).toString('hex')}@example.com`;
    const reg = await request(`${url}/api/auth/register`, {
      method: 'POST',
      body: { mail, password: 'violet-harbour-7391', confirm_password: 'violet-harbour-7391', form_id: 'actionRegister' },
    });
    expect(reg.body.meta.alina_response_success).toBe(1);
    const token = reg.body.CurrentUser.token as string;
    const me = reg.body.CurrentUser.id;
    let from = s.lines.length;
    for (let i = 0; i < 6; i++) {
      const r = await request(`${url}/api/tale/feed/10/1`, { token });
      expect(r.status).toBe(200);
      expect(r.body.CurrentUser.id).toBe(me);
    }
    await until('requests logged', s, () => servedBy(s, from).size === 2);
    expect([...servedBy(s, from)].sort()).toEqual([...workers].sort());

    // a feed page each process keeps a minute shows a tale written through the other at once
    for (let i = 0; i < 4; i++) expect((await request(`${url}/api/tale/feed/10/1`)).status).toBe(200);
    const draft = await request(`${url}/api/tale/upsert`, { token });
    const saved = await request(`${url}/api/tale/upsert`, {
      method: 'POST',
      token,
      body: { ...draft.body.data, header: 'Two processes', body: '<p>one site</p>', form_id: 'actionUpsert' },
    });
    expect(saved.body.meta.alina_response_success, JSON.stringify(saved.body)).toBe(1);
    const id = saved.body.data.id;
    from = s.lines.length;
    for (let i = 0; i < 6; i++) {
      const feed = await request(`${url}/api/tale/feed/10/1`);
      expect(feed.body.data.tale?.map((t) => t.id)).toContain(id);
    }
    await until('requests logged', s, () => servedBy(s, from).size === 2);

    // a process killed is replaced; the site answers meanwhile
    process.kill(workers[0], 'SIGKILL');
    await until('the loss noticed', s, () => s.said('an app process ended: starting another').length === 1);
    // every request answered while the replacement starts: it takes connections only once it is ready
    const newcomer = () => s.said('Tales is up').find((l) => !workers.includes(l.pid));
    let asked = 0;
    for (; !newcomer() && asked < 2_000; asked++) {
      const r = await request(`${url}/api/tale/feed/10/1`, { token });
      expect(r.status).toBe(200);
      expect(r.body.meta.alina_response_success).toBe(1);
    }
    expect(asked).toBeGreaterThan(5);
    const third = await until('a new process listening', s, () => listening(s).find((l) => !workers.includes(l.pid)));
    await until('it is up', s, () => s.said('Tales is up').some((l) => l.pid === third.pid));
    expect(await nodeArgsOf(third.pid)).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
    from = s.lines.length;
    for (let i = 0; i < 6; i++) expect((await request(`${url}/api/tale/feed/10/1`, { token })).body.CurrentUser.id).toBe(me);
    await until('requests logged', s, () => servedBy(s, from).size === 2);
    expect([...servedBy(s, from)].sort()).toEqual([workers[1], third.pid].sort());

    // both at once: the first process waits for their replacements (sooner each, then later)
    const before = [workers[1], third.pid];
    for (const pid of before) process.kill(pid, 'SIGKILL');
    const fresh = await until('two new processes listening', s, () => {
      const l = listening(s).filter((x) => ![...workers, third.pid].includes(x.pid));
      return l.length === 2 ? l.map((x) => x.pid) : undefined;
    });
    await until('they are up', s, () => fresh.every((pid) => s.said('Tales is up').some((l) => l.pid === pid)));
    // 1 s first, then doubling while replacements keep dying within a minute (back to 1 s after one lived longer)
    const delays = s.said('an app process ended: starting another').map((l) => l.restartInMs as number);
    expect(delays).toHaveLength(3);
    expect(delays[0]).toBe(1000);
    for (let i = 1; i < delays.length; i++) expect([1000, delays[i - 1] * 2]).toContain(delays[i]);
    expect(delays[2]).toBe(delays[1] * 2); // the pair died together: the second waits twice as long
    from = s.lines.length;
    for (let i = 0; i < 6; i++) expect((await request(`${url}/api/tale/feed/10/1`, { token })).body.CurrentUser.id).toBe(me);
    await until('requests logged', s, () => servedBy(s, from).size === 2);
    expect([...servedBy(s, from)].sort()).toEqual([...fresh].sort());

    // Ctrl-C in a terminal: SIGINT to every process of the group at once; each stops once, cleanly
    process.kill(-primary, 'SIGINT');
    expect(await s.exited).toBe(0);
    expect(
      s
        .said('shutting down')
        .map((l) => l.pid)
        .sort(),
    ).toEqual([...fresh].sort());
    for (const pid of fresh) expect(alive(pid)).toBe(false);
    expect(groupAlive(primary)).toBe(false);
    await expect(request(`${url}/healthz`)).rejects.toThrow();
  }, 120_000);

  it('SIGTERM to the first process stops the others as SIGTERM stops one alone: they finish, the first exits 0', async () => {
    const s = await run();
    const two = await until('two processes listening', s, () => (listening(s).length >= 2 ? listening(s) : undefined));
    await until('both up', s, () => s.said('Tales is up').length >= 2);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(
      s
        .said('shutting down')
        .map((l) => l.pid)
        .sort(),
    ).toEqual(two.map((l) => l.pid).sort());
    for (const l of two) expect(alive(l.pid)).toBe(false);
    expect(groupAlive(s.child.pid as number)).toBe(false);
  }, 90_000);

  it('stops at once, cleanly, when told to while its processes are still starting', async () => {
    const s = await run();
    await until('processes started', s, () => s.said('app processes started').length === 1);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.said('Tales is up')).toHaveLength(0);
    expect(groupAlive(s.child.pid as number)).toBe(false);
  }, 60_000);

  it('stops with the processes’ exit code when none can serve (the port is taken), leaving none behind', async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const s = await run({ PORT: String(port) });
      expect(await s.exited).toBe(1);
      expect(s.said('an app process ended before serving: stopping')).toHaveLength(1);
      // the other process was sent SIGKILL as the first exited: gone a moment later
      for (let i = 0; i < 100 && groupAlive(s.child.pid as number); i++) await sleep(50);
      expect(groupAlive(s.child.pid as number)).toBe(false);
    } finally {
      taken.close();
    }
  }, 90_000);
});
