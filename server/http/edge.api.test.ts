import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { Client, GOOD_PASSWORD, type TestApp, registered, startApp, templatesOf, uniqueMail } from '../test/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startApp({ CORS_ORIGINS: 'https://client.example.org,http://localhost:5173' });
});
afterAll(async () => app?.close());

async function raw(path: string, init: RequestInit = {}) {
  const res = await fetch(`${app.url}${path}`, init);
  const text = await res.text();
  return { res, text, json: () => JSON.parse(text) };
}

describe('envelope', () => {
  it('answers JSON with the envelope and a guest CurrentUser for a visitor', async () => {
    const u = await registered(app);
    const { res, json } = await raw(`/api/auth/profile/${u.id}?isAjax=1&whatever=x`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const body = json();
    expect(body.meta.alina_response_success).toBe(1);
    expect(body.messages).toEqual([]);
    expect(body.CurrentUser).toMatchObject({ id: null, token: null, rbac_user_role: [], count_notifications: 0 });
    expect(body.data.user.id).toBe(u.id);
    expect(body.data.user).not.toHaveProperty('mail');
    expect(JSON.stringify(body)).not.toMatch(/password|reset_code|token_hash/);
  });

  it('keeps the request id a client sends', async () => {
    const { res } = await raw('/api/auth/profile/1', { headers: { 'x-request-id': 'abcdef123456' } });
    expect(res.headers.get('x-request-id')).toBe('abcdef123456');
  });

  it('gives 404 and 405 as envelopes, with Allow on 405', async () => {
    const missing = await raw('/api/no/such/route');
    expect(missing.res.status).toBe(404);
    expect(missing.res.headers.get('content-type')).toContain('application/json');
    expect(missing.json().messages[0].templateString).toBe(MSG.notFound);
    const wrongMethod = await raw('/api/auth/login', { method: 'GET' });
    expect(wrongMethod.res.status).toBe(405);
    expect(wrongMethod.res.headers.get('allow')).toBe('POST');
    expect(wrongMethod.json().meta.alina_response_success).toBe(0);
    const unknownId = await raw('/api/auth/profile/987654');
    expect(unknownId.res.status).toBe(404);
  });

  it('gives messages_admin only to admins', async () => {
    const fresh = await startApp();
    try {
      const admin = await registered(fresh);
      const user = await registered(fresh);
      expect((await admin.get(`/auth/profile/${admin.id}`)).body).toHaveProperty('messages_admin');
      expect((await user.get(`/auth/profile/${user.id}`)).body).not.toHaveProperty('messages_admin');
    } finally {
      await fresh.close();
    }
  });
});

describe('request bodies', () => {
  const creds = () => ({ mail: uniqueMail('body'), password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD });
  const post = (path: string, body: BodyInit, contentType?: string) =>
    raw(`/api${path}`, {
      method: 'POST',
      body,
      headers: { 'x-requested-with': 'X', ...(contentType ? { 'content-type': contentType } : {}) },
    });

  it('parses JSON sent as text/plain, as a browser sends a string body', async () => {
    const r = await post('/auth/register', JSON.stringify(creds()), 'text/plain;charset=UTF-8');
    expect(r.json().meta.alina_response_success).toBe(1);
  });

  it('parses url-encoded forms', async () => {
    const r = await post('/auth/register', new URLSearchParams(creds()).toString(), 'application/x-www-form-urlencoded');
    expect(r.json().meta.alina_response_success).toBe(1);
  });

  it('parses multipart form fields', async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(creds())) fd.append(k, v);
    const r = await post('/auth/register', fd);
    expect(r.json().meta.alina_response_success).toBe(1);
  });

  it('answers unreadable JSON with a message and success 0, not a crash', async () => {
    const r = await post('/auth/login', '{"mail": broken', 'application/json');
    expect(r.res.status).toBe(200);
    expect(r.json().meta.alina_response_success).toBe(0);
    expect(r.json().messages[0].templateString).toBe(MSG.bodyUnreadable);
  });

  it('coerces numbers sent as strings, but never passwords', async () => {
    const u = await registered(app);
    const a = await u.post('/auth/profile', { id: String(u.id), birth: '946684800', firstname: 'Ann' });
    expect(a.body.meta.alina_response_success).toBe(1);
    expect((a.body.data as { user: { birth: number } }).user.birth).toBe(946684800);
    const numericPassword = await new Client(app.url).post('/auth/login', { mail: u.mail, password: 12345678 });
    expect(numericPassword.body.meta.alina_response_success).toBe(0);
    expect(numericPassword.body.messages[0].field).toBe('password');
  });

  it('refuses a write without x-requested-with (403), even with a valid session', async () => {
    const u = await registered(app);
    const a = await u.post('/auth/profile', { id: u.id, firstname: 'Eve' }, { noRequestedWith: true });
    expect(a.status).toBe(403);
    expect(templatesOf(a)).toEqual([MSG.requestedWithMissing]);
    const after = await u.get(`/auth/profile/${u.id}`);
    expect((after.body.data as { user: { firstname: string } }).user.firstname).toBe('');
  });

  it('answers 413 with the envelope for a body over the limit', async () => {
    const r = await post('/auth/login', JSON.stringify({ mail: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }), 'application/json');
    expect(r.res.status).toBe(413);
    expect(r.json().messages[0].templateString).toBe(MSG.payloadTooLarge);
  });
});

describe('CORS', () => {
  it('echoes a listed origin with credentials and answers the preflight', async () => {
    const pre = await raw('/api/auth/login', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://client.example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-requested-with,fgp,uid,token,content-type',
      },
    });
    expect(pre.res.status).toBeLessThan(300);
    expect(pre.res.headers.get('access-control-allow-origin')).toBe('https://client.example.org');
    expect(pre.res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(pre.res.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(pre.res.headers.get('access-control-allow-headers')).toContain('token');
    const get = await raw('/api/auth/profile/1', { headers: { origin: 'http://localhost:5173' } });
    expect(get.res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('gives an origin not listed no CORS headers', async () => {
    const r = await raw('/api/auth/profile/1', { headers: { origin: 'https://evil.example.com' } });
    expect(r.res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('health', () => {
  it('says the database is reachable', async () => {
    const r = await raw('/healthz');
    expect(r.res.status).toBe(200);
    expect(r.json()).toMatchObject({ status: 'ok' });
  });
});

describe('draining before a shutdown', () => {
  it('answers /healthz 503 "draining" while every other call goes on, so a balancer takes the server out first', async () => {
    const own = await startApp();
    try {
      own.drain();
      const health = await fetch(`${own.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'draining' });
      expect((await fetch(`${own.url}/api/tale/feed/10/1`)).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});
