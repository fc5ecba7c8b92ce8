import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../common/messages';
import { DB_KIND, freePort } from '../test/harness';

/**
 * The server as its own process (server/main.ts) on a new embedded database: creating and
 * migrating it takes seconds, and the socket answers meanwhile instead of refusing connections.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Seen {
  status: number;
  body: string;
  retryAfter: string | null;
  type: string | null;
}

async function ask(url: string, init?: RequestInit): Promise<Seen | null> {
  try {
    const r = await fetch(url, init);
    return { status: r.status, body: await r.text(), retryAfter: r.headers.get('retry-after'), type: r.headers.get('content-type') };
  } catch {
    return null; // not listening yet
  }
}

describe.runIf(DB_KIND === 'pglite')('a server starting on its embedded database', () => {
  let server: ChildProcess | undefined;
  let dataDir = '';
  afterAll(async () => {
    server?.kill('SIGKILL');
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('answers /healthz 503 "starting", API calls 503 with a message and pages a reloading notice until the database is open, then serves; SIGTERM ends it cleanly', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tales-starting-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        WEB_DIR: path.join(dataDir, 'no-web'),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        REDIS_URL: '',
        NODE_ENV: 'test',
        SHUTDOWN_DRAIN_MS: '0',
        // a budget of its own, not half of whatever memory the machine has free
        PGLITE_PREWARM: '1GB',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    child.stdout?.on('data', (d) => {
      output += String(d);
    });
    child.stderr?.on('data', (d) => {
      output += String(d);
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    // Poll from the moment the process starts: every answer while starting is recorded.
    const health: Seen[] = [];
    let api: Seen | null = null;
    let page: Seen | null = null;
    const until = Date.now() + 60_000;
    while (Date.now() < until && child.exitCode === null) {
      const h = await ask(`${base}/healthz`);
      if (h) {
        health.push(h);
        if (h.status === 200) break;
        if (!api) api = await ask(`${base}/api/tale/feed/10/1`, { headers: { 'x-requested-with': 'X' } });
        if (!page) page = await ask(`${base}/some/page`, { headers: { accept: 'text/html' } });
      }
      await sleep(20);
    }
    expect(child.exitCode, output).toBeNull();
    const starting = health.filter((h) => h.status === 503);
    // the database took its time: the socket answered meanwhile, and said so
    expect(starting.length, output).toBeGreaterThan(0);
    for (const h of starting) {
      expect(JSON.parse(h.body)).toMatchObject({ status: 'starting' });
      expect(h.retryAfter).toBe('5');
    }
    expect(health.at(-1)?.status, output).toBe(200);
    expect(JSON.parse(health.at(-1)?.body ?? '{}')).toMatchObject({ status: 'ok', database: 'pglite' });

    // asked while starting: the envelope with a message, and a page that reloads itself
    expect(api?.status).toBe(503);
    expect(api?.type).toBe('application/json; charset=utf-8');
    expect(JSON.parse(api?.body ?? '{}')).toMatchObject({
      meta: { alina_response_success: 0 },
      messages: [{ templateString: MSG.starting }],
      CurrentUser: { id: null },
    });
    expect(page?.status).toBe(503);
    expect(page?.type).toBe('text/html; charset=utf-8');
    expect(page?.body).toContain('http-equiv="refresh"');
    expect(page?.body).toContain(MSG.starting);

    // then the app answers on the same socket
    const feed = await ask(`${base}/api/tale/feed/10/1`, { headers: { 'x-requested-with': 'X' } });
    expect(feed?.status).toBe(200);
    expect(JSON.parse(feed?.body ?? '{}').meta.alina_response_success).toBe(1);
    expect(output).toContain(`Server listening at ${base}`);
    // once open, it reads the database's files through in the background (db/prewarm.ts) and says so
    await vi.waitFor(
      () =>
        expect(output).toMatch(
          /"files":[1-9]\d*,"megabytes":\d+,"ms":\d+,"capped":false,"stopped":false,.*read the embedded database's files through once/,
        ),
      { timeout: 30_000, interval: 50 },
    );

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await ask(`${base}/healthz`)).toBeNull();
  }, 90_000);
});
