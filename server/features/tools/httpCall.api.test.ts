import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { HttpCallResult } from '../../../common/schemas/admin';
import { type Client, type TestApp, registered, startApp, templatesOf } from '../../test/harness';

/**
 * The admin's server-side HTTP tool (/SendRestApiQueries/BaseCurlCalls, httpCall.ts) against
 * local servers: one deadline over the whole call, credentials kept from other origins after a
 * redirect, and IPv6 forms of loopback refused. 127.0.0.2 and 127.0.0.3 stand for internal
 * services the configuration allows.
 */
const TIMEOUT_MS = 1000;
/** What a busy test machine may add to the deadline before the answer is back. */
const SLACK_MS = 1000;

let app: TestApp;
let admin: Client;
const servers: (http.Server | net.Server)[] = [];
const sockets = new Set<net.Socket>();
let a: string; // http://127.0.0.2:PA
let b: string; // http://127.0.0.2:PB, another port
let c: string; // http://127.0.0.3:PA, another host on the same port
let loopbackPort: number;
const urls = { slowBody: '', slowRedirects: '', slowHeaders: '' };

async function listen<S extends http.Server | net.Server>(server: S, host: string, port = 0): Promise<number> {
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    // the tool hangs up on slow peers on purpose: a reset is expected, not a failure of this file
    s.on('error', () => {});
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(port, host, r));
  return (server.address() as AddressInfo).port;
}

/** Answers with the headers it was sent; redirects where the path says. */
function echoServer(redirects: Record<string, () => string>) {
  return http.createServer((req, res) => {
    const to = redirects[req.url ?? ''];
    if (to) {
      res.writeHead(302, { location: to() });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ url: req.url, host: req.headers.host, headers: req.headers }));
  });
}

/** Sends an answer one byte at a time, `gapMs` apart: never silent long enough for a socket timeout. */
function drip(socket: net.Socket, text: string, gapMs: number) {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= text.length) {
      clearInterval(timer);
      if (!socket.destroyed) socket.end();
      return;
    }
    socket.write(text[i++]);
  }, gapMs);
  socket.on('close', () => clearInterval(timer));
}

beforeAll(async () => {
  const pa = await listen(
    echoServer({
      '/cross-port': () => `${b}/echo`,
      '/cross-host': () => `${c}/echo`,
      '/same': () => '/echo',
      '/bounce': () => `${b}/back`,
    }),
    '127.0.0.2',
  );
  a = `http://127.0.0.2:${pa}`;
  b = `http://127.0.0.2:${await listen(echoServer({ '/back': () => `${a}/echo` }), '127.0.0.2')}`;
  c = `http://127.0.0.3:${await listen(echoServer({}), '127.0.0.3', pa)}`;

  // A body one byte every 100 ms for 6 s; headers one byte every 100 ms; redirects 400 ms each.
  const slow = http.createServer((req, res) => {
    const hop = /^\/hop\/(\d+)$/.exec(req.url ?? '');
    if (hop) {
      const n = Number(hop[1]);
      setTimeout(() => {
        res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/done' });
        res.end();
      }, 400);
      return;
    }
    if (req.url === '/done') return res.end('done');
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '60' });
    res.flushHeaders();
    drip(res.socket as net.Socket, 'x'.repeat(60), 100);
  });
  const slowPort = await listen(slow, '127.0.0.2');
  const slowHeaders = net.createServer((s) => {
    s.once('data', () => drip(s, `HTTP/1.1 200 OK\r\n${'x-slow: 1\r\n'.repeat(6)}content-length: 2\r\n\r\nok`, 100));
  });
  const slowHeadersPort = await listen(slowHeaders, '127.0.0.2');
  Object.assign(urls, {
    slowBody: `http://127.0.0.2:${slowPort}/body`,
    slowRedirects: `http://127.0.0.2:${slowPort}/hop/3`,
    slowHeaders: `http://127.0.0.2:${slowHeadersPort}/`,
  });

  // a server on loopback proper, which the configuration does not allow
  loopbackPort = await listen(echoServer({}), '127.0.0.1');

  app = await startApp({ OUTBOUND_ALLOW: '127.0.0.2/31', OUTBOUND_TIMEOUT_MS: String(TIMEOUT_MS) });
  admin = await registered(app);
});

afterAll(async () => {
  await app?.close();
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

const call = (url: string, extra: Record<string, unknown> = {}) =>
  admin.post<HttpCallResult>('/SendRestApiQueries/BaseCurlCalls', { method: 'GET', url, form_id: 'actionCall', ...extra });

describe('one deadline over the whole call', () => {
  it.each([
    ['a body sent a byte at a time', 'slowBody'],
    ['headers sent a byte at a time', 'slowHeaders'],
    ['redirects, each slow but never silent for the whole limit', 'slowRedirects'],
  ] as const)('%s: answered within the limit with a clear message', async (_name, which) => {
    const started = performance.now();
    const answer = await call(urls[which]);
    const took = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(answer.body.meta.alina_response_success).toBe(0);
    expect(templatesOf(answer)).toEqual([MSG.outboundFailed]);
    expect(answer.body.messages[0].text).toContain(`within ${TIMEOUT_MS} ms`);
    expect(answer.body.messages[0].field).toBe('url');
    expect(took).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });
});

describe('credentials stay with the origin the admin named', () => {
  const credentials = {
    headers: [
      { key: 'Authorization', value: 'Bearer s3cret' },
      { key: 'Proxy-Authorization', value: 'Basic cHJveHk6cGFzcw==' },
      { key: 'X-Api-Key', value: 'k3y' },
      { key: 'Accept', value: 'application/json' },
    ],
    cookies: [{ key: 'sid', value: 'abc' }],
  };
  const seen = (answer: { body: { data: HttpCallResult } }) =>
    JSON.parse(answer.body.data.body) as { url: string; host: string; headers: Record<string, string> };

  it('keeps them on a redirect within the origin', async () => {
    const got = seen(await call(`${a}/same`, credentials));
    expect(got.url).toBe('/echo');
    expect(got.headers).toMatchObject({
      authorization: 'Bearer s3cret',
      'proxy-authorization': 'Basic cHJveHk6cGFzcw==',
      'x-api-key': 'k3y',
      cookie: 'sid=abc',
      accept: 'application/json',
    });
  });

  it.each([
    ['another port', '/cross-port', () => b],
    ['another host', '/cross-host', () => c],
    ['another origin and back again', '/bounce', () => a],
  ])('drops them on a redirect to %s', async (_name, path, target) => {
    const answer = await call(`${a}${path}`, credentials);
    expect(answer.body.meta.alina_response_success).toBe(1);
    expect(answer.body.data.finalUrl).toBe(`${target()}/echo`);
    const got = seen(answer);
    for (const name of ['authorization', 'proxy-authorization', 'x-api-key', 'cookie']) expect(got.headers[name], name).toBeUndefined();
    // what cannot carry credentials still goes along
    expect(got.headers.accept).toBe('application/json');
    expect(got.headers['user-agent']).toBe('Tales server-side HTTP tool');
  });
});

describe('IPv6 forms of loopback', () => {
  it.each([
    ['IPv4-compatible', (p: number) => `http://[::127.0.0.1]:${p}/`],
    ['IPv4-compatible, hex', (p: number) => `http://[::7f00:1]:${p}/`],
    ['IPv4-mapped', (p: number) => `http://[::ffff:7f00:1]:${p}/`],
    ['NAT64', (p: number) => `http://[64:ff9b::7f00:1]:${p}/`],
    ['6to4', (p: number) => `http://[2002:7f00:1::1]:${p}/`],
  ])('refuses %s', async (_name, url) => {
    const answer = await call(url(loopbackPort));
    expect(answer.status).toBe(200);
    expect(answer.body.meta.alina_response_success).toBe(0);
    expect(templatesOf(answer)).toEqual([MSG.outboundRefused]);
    // refused for the address, before any connection is tried
    expect(answer.body.messages[0].text).toMatch(/The address .* may not be reached/);
    expect(answer.body.messages[0].field).toBe('url');
  });
});
