import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { AdminUser, DbTable, HttpCallResult } from '../../../common/schemas/admin';
import { Client, GOOD_PASSWORD, type TestApp, registered, startApp, templatesOf } from '../../test/harness';
import { setRole } from '../auth/service';

let app: TestApp;
let admin: Awaited<ReturnType<typeof registered>>;
let moderator: Awaited<ReturnType<typeof registered>>;
let plain: Awaited<ReturnType<typeof registered>>;
let target: http.Server;
let targetUrl: string;

beforeAll(async () => {
  // A server on 127.0.0.2 stands for an internal service the configuration allows.
  target = http.createServer((req, res) => {
    if (req.url?.startsWith('/redirect/')) {
      const n = Number(req.url.split('/')[2]);
      res.writeHead(302, { location: n > 0 ? `/redirect/${n - 1}` : '/hello' });
      return res.end();
    }
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('x'.repeat(200_000));
    }
    if (req.url === '/to-loopback') {
      res.writeHead(302, { location: 'http://127.0.0.1:9/' });
      return res.end();
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-seen': 'yes' });
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          cookie: req.headers.cookie ?? null,
          custom: req.headers['x-custom'] ?? null,
          body,
        }),
      );
    });
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.2', r));
  targetUrl = `http://127.0.0.2:${(target.address() as AddressInfo).port}`;
  app = await startApp({ OUTBOUND_ALLOW: '127.0.0.2/32', OUTBOUND_MAX_BYTES: '50000', OUTBOUND_MAX_REDIRECTS: '3' });
  admin = await registered(app);
  moderator = await registered(app);
  await setRole(app.deps, moderator.id, 'moderator', true);
  plain = await registered(app);
});
afterAll(async () => {
  await app?.close();
  target?.close();
});

const call = (c: Client, url: string, extra: Record<string, unknown> = {}) =>
  c.post<HttpCallResult>('/SendRestApiQueries/BaseCurlCalls', { method: 'GET', url, form_id: 'actionCall', ...extra });

describe('access', () => {
  const adminOnly: [string, string, unknown?][] = [
    ['GET', '/admin/users/10/1'],
    ['POST', '/admin/users/1/roles', { role: 'moderator', on: 1 }],
    ['POST', '/admin/users/1/ban', { banned_till: null }],
    ['POST', '/SendRestApiQueries/BaseCurlCalls', { method: 'GET', url: 'http://example.com' }],
    ['GET', '/admintests/errors'],
    ['POST', '/admintests/TestPost', { form_id: 'x' }],
  ];
  it.each(adminOnly)('%s %s: visitor 401, user 403, moderator 403', async (method, path, body) => {
    for (const [c, status] of [
      [new Client(app.url), 401],
      [plain, 403],
      [moderator, 403],
    ] as const) {
      const a = await c.call(path, { method, body });
      expect(a.status, `${path} as ${status}`).toBe(status);
      expect(a.body.meta.alina_response_success).toBe(0);
    }
  });

  it('DB tables info: visitor 401, user 403, moderator and admin allowed', async () => {
    expect((await new Client(app.url).get('/AdminDbManager/DbTablesColumnsInfo')).status).toBe(401);
    expect((await plain.get('/AdminDbManager/DbTablesColumnsInfo')).status).toBe(403);
    expect((await moderator.get('/AdminDbManager/DbTablesColumnsInfo')).status).toBe(200);
  });
});

describe('DB tables info', () => {
  it('lists tables with row counts, columns, keys, indexes and statements, and no credentials', async () => {
    const a = await admin.get<{ tables: DbTable[] }>('/AdminDbManager/DbTablesColumnsInfo');
    const names = a.body.data.tables.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['users', 'tales', 'sessions', 'likes', 'notifications']));
    const users = a.body.data.tables.find((t) => t.name === 'users') as DbTable;
    expect(users.rows).toBeGreaterThanOrEqual(3);
    expect(users.columns.find((c) => c.name === 'id')).toMatchObject({ primaryKey: true, nullable: false, type: 'integer' });
    expect(users.columns.find((c) => c.name === 'birth')).toMatchObject({ nullable: true, type: 'bigint' });
    expect(users.indexes.map((i) => i.name)).toContain('users_mail_uq');
    expect(users.indexes.find((i) => i.name === 'users_mail_uq')?.unique).toBe(true);
    const sessions = a.body.data.tables.find((t) => t.name === 'sessions') as DbTable;
    expect(sessions.foreignKeys[0]).toMatchObject({ columns: ['user_id'] });
    expect(users.statements.select).toMatch(/^SELECT .*FROM "users"/s);
    expect(users.statements.update).toContain('WHERE "id" = $');
    const text = JSON.stringify(a.body);
    expect(text).not.toMatch(/postgres:\/\/|password=|TEST_DATABASE_URL/);
  });
});

describe('user management', () => {
  it('lists and searches users newest first, sets roles, bans and lifts bans', async () => {
    const u = await registered(app, `findme${Date.now()}@example.com`);
    const list = await admin.get<AdminUser[]>('/admin/users/10/1');
    expect(list.body.meta.users).toMatchObject({ pageCurrentNumber: 1, pageSize: 10 });
    expect(list.body.data[0].id).toBe(u.id);
    const found = await admin.get<AdminUser[]>('/admin/users/10/1?txt=FINDME');
    expect(found.body.data.map((x) => x.id)).toEqual([u.id]);
    const none = await admin.get<AdminUser[]>('/admin/users/10/1?txt=%25');
    expect(none.body.data).toEqual([]);
    // u asks first, so the server holds u's session; the grant must still show on u's next answer.
    expect((await u.get(`/auth/profile/${u.id}`)).body.CurrentUser.rbac_user_role).toEqual([]);
    const granted = await admin.post<AdminUser>(`/admin/users/${u.id}/roles`, { role: 'moderator', on: '1' });
    expect(granted.body.data.rbac_user_role).toEqual([{ name: 'moderator' }]);
    expect((await u.get(`/auth/profile/${u.id}`)).body.CurrentUser.rbac_user_role).toEqual([{ name: 'moderator' }]);
    const bad = await admin.post(`/admin/users/${u.id}/roles`, { role: 'emperor', on: 1 });
    expect(bad.body.messages[0].field).toBe('role');
    const until = Math.floor(Date.now() / 1000) + 3600;
    const banned = await admin.post<AdminUser>(`/admin/users/${u.id}/ban`, { banned_till: until });
    expect(banned.body.data.banned_till).toBe(until);
    expect((await u.get(`/auth/profile/${u.id}`)).body.CurrentUser.id).toBeNull();
    const login = await new Client(app.url).post('/auth/login', { mail: u.mail, password: GOOD_PASSWORD });
    expect(templatesOf(login)).toEqual([MSG.banned]);
    const lifted = await admin.post<AdminUser>(`/admin/users/${u.id}/ban`, { banned_till: null });
    expect(lifted.body.data.banned_till).toBeNull();
    expect(
      (await new Client(app.url).post('/auth/login', { mail: u.mail, password: GOOD_PASSWORD })).body.meta.alina_response_success,
    ).toBe(1);
    expect((await admin.post('/admin/users/999999/ban', { banned_till: null })).status).toBe(404);
  });
});

describe('server-side HTTP calls', () => {
  it.each([
    ['http://127.0.0.1:9/'],
    ['http://10.0.0.1/'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://[::1]:9/'],
    ['http://[::ffff:127.0.0.1]:9/'],
    ['http://0.0.0.0:9/'],
    ['http://192.168.1.1/'],
    ['http://localhost:9/'],
  ])('refuses %s', async (url) => {
    const a = await call(admin, url);
    expect(a.status).toBe(200);
    expect(a.body.meta.alina_response_success).toBe(0);
    expect(a.body.messages[0].templateString).toBe(MSG.outboundRefused);
    expect(a.body.messages[0].field).toBe('url');
  });

  it('refuses a redirect to a forbidden address, and non-http schemes', async () => {
    expect(templatesOf(await call(admin, `${targetUrl}/to-loopback`))).toEqual([MSG.outboundRefused]);
    expect(templatesOf(await call(admin, 'file:///etc/passwd'))).toEqual([MSG.outboundRefused]);
  });

  it('reaches an allowed server with method, query, headers, cookies and a JSON body, and reports status, headers and timing', async () => {
    const a = await call(admin, `${targetUrl}/echo`, {
      method: 'POST',
      query: [{ key: 'q', value: 'ы 1' }],
      headers: [{ key: 'X-Custom', value: 'v' }],
      cookies: [{ key: 'sid', value: 'abc' }],
      bodyType: 'json',
      body: '{"hello":"мир"}',
    });
    expect(a.body.meta.alina_response_success).toBe(1);
    expect(a.body.data.status).toBe(201);
    expect(a.body.data.headers).toContainEqual(['x-seen', 'yes']);
    expect(typeof a.body.data.timeMs).toBe('number');
    expect(JSON.parse(a.body.data.body)).toEqual({
      method: 'POST',
      url: '/echo?q=%D1%8B+1',
      cookie: 'sid=abc',
      custom: 'v',
      body: '{"hello":"мир"}',
    });
  });

  it('follows up to the redirect cap, and cuts a body over the size cap', async () => {
    const ok = await call(admin, `${targetUrl}/redirect/2`);
    expect(ok.body.data.redirects).toHaveLength(3);
    expect(ok.body.data.finalUrl).toBe(`${targetUrl}/hello`);
    expect(templatesOf(await call(admin, `${targetUrl}/redirect/5`))).toEqual([MSG.outboundRefused]);
    const big = await call(admin, `${targetUrl}/big`);
    expect(big.body.data.truncated).toBe(true);
    expect(big.body.data.body.length).toBe(50_000);
  });

  it('refuses an unreadable JSON body naming the field', async () => {
    const a = await call(admin, `${targetUrl}/echo`, { method: 'POST', bodyType: 'json', body: '{nope' });
    expect(a.body.messages[0].field).toBe('body');
  });
});

describe('UI test calls', () => {
  it('give one message of each status, an admin-only message, and echo a post', async () => {
    const a = await admin.get('/admintests/errors');
    expect(a.body.meta.alina_response_success).toBe(1);
    expect(a.body.messages.map((m) => m.status)).toEqual([0, 1, 2, 3]);
    expect(a.body.messages_admin).toHaveLength(1);
    const p = await admin.post<{ received: Record<string, unknown> }>('/admintests/TestPost', { form_id: 'TestPost', a: 1 });
    expect(p.body.data.received).toEqual({ form_id: 'TestPost', a: 1 });
    expect(templatesOf(p)).toEqual([MSG.success]);
  });
});
