import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startApp } from '../test/harness';

let app: TestApp;
let plain: TestApp;
let webDir: string;
const fileName = '0123456789abcdef01234567.png';
beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tales-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>Tales</title></head><body></body></html>');
  await fs.writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await fs.writeFile(path.join(webDir, 'assets/index-abc123.js'), 'console.log(1);\n');
  // Behind one proxy (TRUST_PROXY=1): the loopback client is that proxy, so its X-Forwarded-Proto counts.
  app = await startApp({
    WEB_DIR: webDir,
    TRUST_PROXY: '1',
    CORS_ORIGINS: 'https://client.example.org',
    MAP_TILE_URL: 'https://{s}.tiles.example.org:8443/{z}/{x}/{y}.png',
    MAP_SATELLITE_URL: 'https://sat.example.net/tile/{z}/{y}/{x}',
    MAP_LABELS_URL: 'https://sat.example.net/labels/{z}/{y}/{x}',
  });
  // A stored file as an upload leaves it (the served name is all /files/ needs).
  const source = path.join(app.dataDir, 'source.png');
  await fs.writeFile(source, Buffer.from('89504e470d0a1a0a', 'hex'));
  await app.deps.storage.put(fileName, source, 'image/png');
  // No proxy trusted: a forwarded scheme from the client means nothing.
  plain = await startApp({ WEB_DIR: webDir });
});
afterAll(async () => {
  await app?.close();
  await plain?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const fetchFrom = (base: TestApp, p: string, init: RequestInit = {}) => fetch(`${base.url}${p}`, init);
const get = (p: string, init: RequestInit = {}) => fetchFrom(app, p, init);

/** A policy's directives by name, each with its list of sources. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectBasics(res: Response, what: string) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  // Framing is the CSP's frame-ancestors' to say; X-Frame-Options would forbid embedding.
  expect(res.headers.get('x-frame-options'), what).toBeNull();
}

describe('security headers on every answer', () => {
  it('on pages: the app, a tale, and an unknown address the app shows', async () => {
    for (const p of ['/', '/tale/upsert/5', '/no/such/page']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
      expectBasics(res, p);
      expect(res.headers.get('content-security-policy'), p).toBeTruthy();
    }
  });

  it('on built files and on a missing asset', async () => {
    for (const [p, status] of [
      ['/assets/index-abc123.js', 200],
      ['/favicon.svg', 200],
      ['/assets/missing-000.js', 404],
    ] as const) {
      const res = await get(p);
      expect(res.status, p).toBe(status);
      expectBasics(res, p);
    }
  });

  it('on API envelopes: an answer, 404, 405, a refused write, an unreadable body and an undecodable address', async () => {
    const cases: [string, RequestInit, number][] = [
      ['/api/tale/feed/10/1?isAjax=1', {}, 200],
      ['/api/no/such/call', {}, 404],
      ['/api/auth/login', { method: 'GET' }, 405],
      // refused by an onRequest hook, before any route runs
      ['/api/auth/login', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }, 403],
      [
        '/api/auth/login',
        { method: 'POST', body: '{"mail": broken', headers: { 'content-type': 'application/json', 'x-requested-with': 'X' } },
        200,
      ],
    ];
    for (const [p, init, status] of cases) {
      const res = await get(p, init);
      const what = `${init.method ?? 'GET'} ${p}`;
      expect(res.status, what).toBe(status);
      expect(res.headers.get('content-type'), what).toContain('application/json');
      expectBasics(res, what);
    }
    // a router error (an address that does not decode) is answered without any route's hooks
    const bad = await get('/api/tale/upsert/%E0%A4%A');
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expectBasics(bad, 'undecodable address');
  });

  it('on a CORS preflight and on /healthz', async () => {
    const preflight = await get('/api/auth/login', {
      method: 'OPTIONS',
      headers: { origin: 'https://client.example.org', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expectBasics(preflight, 'preflight');
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expectBasics(health, '/healthz');
  });

  it('on an answer that never passed the HTTP server (inject)', async () => {
    const res = await app.app.inject({ url: '/api/no/such/call', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('on a served file, which keeps its own sandboxing policy, and on a missing one', async () => {
    const file = await get(`/files/${fileName}`);
    expect(file.status).toBe(200);
    expectBasics(file, 'file');
    expect(file.headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    const missing = await get('/files/ffffffffffffffffffffffff.png');
    expect(missing.status).toBe(404);
    expectBasics(missing, 'missing file');
  });
});

describe('security headers under load', () => {
  it('are the same on many answers at once, over https and plain, with requests aborted among them', async () => {
    const policy = (await get('/')).headers.get('content-security-policy');
    const paths = ['/', '/api/tale/feed/10/1', '/api/no/such/call', '/assets/index-abc123.js', '/healthz', `/files/${fileName}`];
    const aborted = Array.from({ length: 10 }, () => {
      const controller = new AbortController();
      const pending = get('/api/tale/feed/10/1', { signal: controller.signal }).catch(() => undefined);
      controller.abort();
      return pending;
    });
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const p = paths[i % paths.length];
        const https = i % 2 === 0;
        const res = await get(p, https ? { headers: { 'x-forwarded-proto': 'https' } } : {});
        await res.arrayBuffer();
        return { res, what: `${p} ${https ? 'https' : 'http'}`, https, file: p.startsWith('/files/') };
      }),
    );
    await Promise.all(aborted);
    for (const { res, what, https, file } of answers) {
      expectBasics(res, what);
      // one header each, not one more per answer before it (a value repeated would be joined with commas)
      if (!file) expect(res.headers.get('content-security-policy'), what).toBe(policy);
      expect(res.headers.get('strict-transport-security'), what).toBe(https ? 'max-age=31536000; includeSubDomains' : null);
    }
  });
});

describe('the web app policy', () => {
  it('allows scripts only from the site, nothing inline or eval', async () => {
    const policy = directives((await get('/')).headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    const everything = [...policy.values()].flat();
    expect(everything).not.toContain("'unsafe-eval'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('names the configured map tile hosts among image sources (a per-tile subdomain as a wildcard)', async () => {
    const img = directives((await get('/tale/feed')).headers.get('content-security-policy')).get('img-src');
    expect(img).toContain("'self'");
    expect(img).toContain('https://*.tiles.example.org:8443');
    expect(img?.filter((s) => s === 'https://sat.example.net')).toHaveLength(1);
  });

  it("keeps tale bodies' images, media and frames, and the request tester's calls, to any http(s) address working", async () => {
    const policy = directives((await get('/')).headers.get('content-security-policy'));
    // connect-src too: the admins' request tester calls any address from the browser
    for (const name of ['img-src', 'media-src', 'frame-src', 'connect-src']) {
      expect(policy.get(name), name).toEqual(expect.arrayContaining(['https:', 'http:']));
    }
  });

  it('says explicitly that any page may frame the app', async () => {
    const policy = directives((await get('/')).headers.get('content-security-policy'));
    expect(policy.get('frame-ancestors')).toEqual(['*']);
  });

  it("serves admins' free code a page of its own: sandboxed, scripts allowed, not the app's policy", async () => {
    const res = await get('/free-code.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expectBasics(res, 'free code');
    const policy = directives(res.headers.get('content-security-policy'));
    expect(policy.get('sandbox')).toEqual(['allow-scripts']);
    expect(policy.get('frame-ancestors')).toEqual(['*']);
    expect(policy.has('script-src')).toBe(false);
    // it takes code only from the page of this site that frames it
    const html = await res.text();
    expect(html).toContain('event.source !== window.parent || event.origin !== site');
  });
});

describe('Strict-Transport-Security', () => {
  const hsts = 'max-age=31536000; includeSubDomains';

  it('is sent when the request came over https through a trusted proxy', async () => {
    for (const p of ['/', '/api/tale/feed/10/1', '/assets/index-abc123.js', '/api/no/such/call', '/healthz']) {
      const res = await get(p, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security'), p).toBe(hsts);
    }
  });

  it('is not sent over plain http', async () => {
    for (const p of ['/', '/api/tale/feed/10/1', '/healthz']) {
      const res = await get(p);
      expect(res.headers.get('strict-transport-security'), p).toBeNull();
      const forwardedHttp = await get(p, { headers: { 'x-forwarded-proto': 'http' } });
      expect(forwardedHttp.headers.get('strict-transport-security'), p).toBeNull();
    }
  });

  it('is not sent when a client that is no trusted proxy claims https', async () => {
    const res = await fetchFrom(plain, '/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expectBasics(res, 'untrusted');
  });
});
