import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { DB_KIND } from '../test/harness';

/**
 * PostgreSQL ending the app's connections under a write load, again and again. The server runs as
 * its own process (as in production), so "the process stays up" is the real thing: nothing here
 * could catch an error that would end it.
 */
const base = process.env.TEST_DATABASE_URL as string;
const appName = `tales_outage_${randomBytes(4).toString('hex')}`;
const dbName = `tales_t_${randomBytes(6).toString('hex')}`;
const REQUESTED = { 'x-requested-with': 'X', 'content-type': 'application/json' };

interface Envelope {
  meta: { alina_response_success: number };
  data: { id?: number } | null;
  messages: { templateString: string }[];
  CurrentUser: { id: number | null; token: string | null };
}

async function adminQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = [], database?: string): Promise<T[]> {
  const url = new URL(base);
  if (database) url.pathname = `/${database}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

describe.runIf(DB_KIND === 'postgres')('PostgreSQL ends the app’s connections under load', () => {
  let server: ChildProcess;
  let url = '';
  let dataDir = '';
  let stderr = '';

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const dbUrl = new URL(base);
    dbUrl.pathname = `/${dbName}`;
    dbUrl.searchParams.set('application_name', appName);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tales-outage-'));
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: dbUrl.toString(),
        DATA_DIR: dataDir,
        WEB_DIR: path.join(dataDir, 'no-web'),
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        REDIS_URL: '',
        NODE_ENV: 'test',
        RATE_REGISTER_PER_IP: '100000',
        RATE_LOGIN_PER_IP: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stderr?.on('data', (d) => {
      stderr += String(d);
    });
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`server did not start: ${out}${stderr}`)), 60_000);
      server.stdout?.on('data', (d) => {
        out += String(d);
        const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      server.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}${stderr}`)));
    });
  });

  afterAll(async () => {
    server?.kill('SIGKILL');
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function call(p: string, body?: unknown, token?: string | null): Promise<{ status: number; body: Envelope }> {
    const res = await fetch(`${url}/api${p}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...REQUESTED, ...(token ? { token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // Every answer is the envelope, whatever the database is doing.
    expect(res.headers.get('content-type'), text).toBe('application/json; charset=utf-8');
    return { status: res.status, body: JSON.parse(text) as Envelope };
  }

  async function signUp(): Promise<string> {
    const mail = `outage${randomBytes(5).toString('hex')}@example.com`;
    const a = await call('/auth/register', { mail, password: 'violet-harbour-7391', confirm_password: 'violet-harbour-7391' });
    expect(a.body.meta.alina_response_success).toBe(1);
    return a.body.CurrentUser.token as string;
  }

  const terminate = () =>
    adminQuery<{ n: number }>(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
      [appName],
    );

  it('stays up, answers every request with an envelope (503 while caught), loses no acknowledged write, and serves again within 5 s', async () => {
    const author = await signUp();
    const draft = await call('/tale/upsert', undefined, author);
    const postId = draft.body.data?.id as number;
    expect(
      (await call('/tale/upsert', { id: postId, header: 'Under fire', body: '<p>x</p>' }, author)).body.meta.alina_response_success,
    ).toBe(1);
    const writers = await Promise.all(Array.from({ length: 6 }, () => signUp()));

    const acknowledged: number[] = [];
    const statuses = new Map<number, number>();
    let stop = false;
    const load = writers.map(async (token, w) => {
      let n = 0;
      while (!stop) {
        const a = await call(
          '/tale/upsert',
          { answer_to_tale_id: postId, type: 'COMMENT', body: `<p>w${w} n${n++}</p>`, form_id: 'actionCommentAdd' },
          token,
        );
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        if (a.status === 200 && a.body.meta.alina_response_success === 1) acknowledged.push(a.body.data?.id as number);
        else {
          expect(a.status).toBe(503);
          expect(a.body.messages[0].templateString).toBe(MSG.databaseUnavailable);
        }
      }
    });

    let terminated = 0;
    for (let round = 0; round < 8; round++) {
      await new Promise((r) => setTimeout(r, 350));
      terminated += (await terminate())[0].n;
    }
    const lastTermination = performance.now();
    // Serving again: the next write through a fresh connection succeeds within 5 s.
    let recoveredAfter = Number.POSITIVE_INFINITY;
    while (performance.now() - lastTermination < 5_000) {
      const a = await call(
        '/tale/upsert',
        { answer_to_tale_id: postId, type: 'COMMENT', body: '<p>back</p>', form_id: 'actionCommentAdd' },
        author,
      );
      if (a.body.meta.alina_response_success === 1) {
        acknowledged.push(a.body.data?.id as number);
        recoveredAfter = performance.now() - lastTermination;
        break;
      }
    }
    stop = true;
    await Promise.all(load);

    expect(terminated).toBeGreaterThan(8);
    expect(recoveredAfter).toBeLessThan(5_000);
    expect(server.exitCode).toBeNull();
    expect(server.signalCode).toBeNull();
    expect([...statuses.keys()].every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
    expect(stderr).not.toMatch(/uncaught|unhandled/i);

    // No acknowledged write is lost, and the post's counters equal its rows.
    const found = await adminQuery<{ id: number }>('select id from tales where id = any($1::int[])', [acknowledged], dbName);
    expect(found.length).toBe(acknowledged.length);
    const [counts] = await adminQuery<{ counted: number; kept: number; direct: number }>(
      `select (select count(*)::int from tales where root_tale_id = $1) as counted,
              (select count_root_tale_id from tales where id = $1) as kept,
              (select count_answer_to_tale_id from tales where id = $1) as direct`,
      [postId],
      dbName,
    );
    expect(counts.kept).toBe(counts.counted);
    expect(counts.direct).toBe(counts.counted);

    // And it goes on serving reads and writes as before.
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
  });
});
