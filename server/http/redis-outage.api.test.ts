import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { type TestApp, startApp, uniqueMail } from '../test/harness';
import { TcpGate } from '../test/tcp-gate';

/**
 * Redis going away under a running app: a TCP gate stands between the app and the real Redis,
 * so the test can cut every connection and refuse new ones, then let Redis back, without touching
 * the Redis server other tests use.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('Redis unavailable', () => {
  let gate: TcpGate;
  let app: TestApp;
  beforeAll(async () => {
    const target = new URL(redisUrl as string);
    gate = new TcpGate({ host: target.hostname, port: Number(target.port || 6379) });
    await gate.open();
    app = await startApp({ REDIS_URL: `redis://127.0.0.1:${gate.port}` });
  });
  afterAll(async () => {
    await app?.close();
    await gate?.cut();
  });

  const login = async () => {
    const started = performance.now();
    const res = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'x-requested-with': 'X', 'content-type': 'application/json' },
      body: JSON.stringify({ mail: uniqueMail('redis'), password: 'wrong-password-1' }),
    });
    const body = JSON.parse(await res.text());
    return { status: res.status, body, ms: performance.now() - started };
  };
  const health = async () => {
    const res = await fetch(`${app.url}/healthz`);
    return { status: res.status, body: JSON.parse(await res.text()) };
  };

  it('answers rate-limited calls 503 within a second while Redis is away, says so in /healthz, and recovers by itself', async () => {
    expect((await login()).status).toBe(200);
    expect((await health()).body).toMatchObject({ status: 'ok', down: [] });

    await gate.cut();
    for (let i = 0; i < 5; i++) {
      const a = await login();
      expect(a.status).toBe(503);
      expect(a.ms).toBeLessThan(1_000);
      expect(a.body.meta.alina_response_success).toBe(0);
      expect(a.body.messages[0].templateString).toBe(MSG.serviceUnavailable);
    }
    const h = await health();
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ status: 'degraded', down: ['redis'] });
    // Calls that need no rate limit go on.
    const feed = await fetch(`${app.url}/api/tale/feed/10/1`);
    expect(feed.status).toBe(200);

    await gate.open();
    await expect.poll(async () => (await login()).status, { timeout: 10_000, interval: 250 }).toBe(200);
    expect((await health()).body).toMatchObject({ status: 'ok', down: [] });
  });
});
