import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { type TestApp, startApp, uniqueMail } from '../test/harness';

/**
 * Redis going away under a running app: a TCP relay stands between the app and the real Redis,
 * so the test can cut every connection and refuse new ones, then let Redis back, without touching
 * the Redis server other tests use.
 */
const redisUrl = process.env.TEST_REDIS_URL;

class Relay {
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  port = 0;

  constructor(private target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('error', () => s.destroy());
        s.on('close', () => this.sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => (this.server as net.Server).listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Redis is gone: open connections are cut and new ones are refused. */
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

describe.runIf(redisUrl)('Redis unavailable', () => {
  let relay: Relay;
  let app: TestApp;
  beforeAll(async () => {
    const target = new URL(redisUrl as string);
    relay = new Relay({ host: target.hostname, port: Number(target.port || 6379) });
    await relay.open();
    app = await startApp({ REDIS_URL: `redis://127.0.0.1:${relay.port}` });
  });
  afterAll(async () => {
    await app?.close();
    await relay?.cut();
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

    await relay.cut();
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

    await relay.open();
    await expect.poll(async () => (await login()).status, { timeout: 10_000, interval: 250 }).toBe(200);
    expect((await health()).body).toMatchObject({ status: 'ok', down: [] });
  });
});
