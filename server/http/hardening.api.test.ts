import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { queryRows } from '../db/client';
import { Client, GOOD_PASSWORD, type TestApp, registered, startApp, templatesOf, uniqueMail } from '../test/harness';

/**
 * Regression tests of the hardening issue: each reproduces what an attacker sent and checks the
 * answer is an envelope that refuses it and changes nothing.
 */
let app: TestApp;
let admin: Awaited<ReturnType<typeof registered>>;
beforeAll(async () => {
  app = await startApp();
  admin = await registered(app); // the first account is admin
});
afterAll(async () => app?.close());

async function raw(path: string, init: RequestInit = {}) {
  const res = await fetch(`${app.url}${path}`, init);
  const text = await res.text();
  let body: { meta: { alina_response_success: number }; messages: { templateString: string; field?: string }[] } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { res, text, body };
}

/** The session cookie of a client, as a browser would send it on a cross-site request. */
async function cookieOf(mail: string): Promise<string> {
  const res = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'X', 'content-type': 'application/json' },
    body: JSON.stringify({ mail, password: GOOD_PASSWORD }),
  });
  await res.text();
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

const rolesOf = async (id: number) =>
  (await queryRows<{ role: string }>(app.database.db, sql`select role from user_roles where user_id = ${id}`)).map((r) => r.role);

describe('the write guard cannot be walked around', () => {
  // Every way to spell the prefix that the router decodes to /api.
  const spellings = ['/%61pi', '/%61%70%69', '/ap%69', '/%41pi'.toLowerCase(), '/a%70i', '/%61p%69'];

  it('refuses a cookie-only write through any percent-encoded spelling of the API prefix, and changes nothing', async () => {
    const victim = await registered(app);
    const cookie = await cookieOf(admin.mail);
    for (const prefix of spellings) {
      const r = await raw(`${prefix}/admin/users/${victim.id}/roles`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'text/plain' },
        body: JSON.stringify({ role: 'admin', on: 1 }),
      });
      expect(r.res.status, prefix).toBeGreaterThanOrEqual(400);
      expect(r.body?.meta.alina_response_success, prefix).toBe(0);
    }
    expect(await rolesOf(victim.id)).toEqual([]);
  });

  it('refuses a non-canonical prefix even with x-requested-with, as not found', async () => {
    const victim = await registered(app);
    for (const prefix of spellings) {
      const r = await raw(`${prefix}/admin/users/${victim.id}/roles`, {
        method: 'POST',
        headers: { token: admin.token as string, 'x-requested-with': 'X', 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'moderator', on: 1 }),
      });
      expect(r.res.status, prefix).toBe(404);
      expect(r.body?.messages[0].templateString).toBe(MSG.notFound);
    }
    expect(await rolesOf(victim.id)).toEqual([]);
    // The canonical spelling still works for a real client.
    const ok = await admin.post(`/admin/users/${victim.id}/roles`, { role: 'moderator', on: 1 });
    expect(ok.body.meta.alina_response_success).toBe(1);
    expect(await rolesOf(victim.id)).toEqual(['moderator']);
  });

  it('refuses a password change through an encoded prefix with only a cookie', async () => {
    const u = await registered(app);
    const cookie = await cookieOf(u.mail);
    const r = await raw('/%61pi/auth/ChangePassword', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password: 'taken-over-4821', confirm_password: 'taken-over-4821' }).toString(),
    });
    expect(r.body?.meta.alina_response_success).toBe(0);
    const login = await new Client(app.url).post('/auth/login', { mail: u.mail, password: GOOD_PASSWORD });
    expect(login.body.meta.alina_response_success).toBe(1);
  });

  it('guards marking notifications shown like a write: an image cannot clear the unread count', async () => {
    const author = await registered(app);
    const reader = await registered(app);
    const post = await author.get<{ id: number }>('/tale/upsert');
    await author.post('/tale/upsert', { id: post.body.data.id, header: 'Guarded', body: '<p>text</p>' });
    await reader.post('/tale/upsert', {
      answer_to_tale_id: post.body.data.id,
      type: 'COMMENT',
      body: '<p>hi</p>',
      form_id: 'actionCommentAdd',
    });
    const cookie = await cookieOf(author.mail);
    const viaImage = await raw('/api/notification/MarkAsShownEarlierThan/99999999999', { headers: { cookie } });
    expect(viaImage.res.status).toBe(403);
    expect(viaImage.body?.messages[0].templateString).toBe(MSG.requestedWithMissing);
    expect((await author.get('/notification/count')).body.CurrentUser.count_notifications).toBe(1);
    const viaClient = await author.get('/notification/MarkAsShownEarlierThan/99999999999');
    expect(viaClient.body.meta.alina_response_success).toBe(1);
    expect(viaClient.body.CurrentUser.count_notifications).toBe(0);
  });

  it('keeps relative image sources to exactly our served files, decoded first', async () => {
    const u = await registered(app);
    const post = await u.get<{ id: number }>('/tale/upsert');
    const evil = [
      '/files/%2e%2e/api/notification/MarkAsShownEarlierThan/99999999999',
      '/files/%2E%2E/%2E%2E/api/notification/MarkAsShownEarlierThan/1',
      '/files/../api/notification/MarkAsShownEarlierThan/1',
      '/files/..%2fapi/notification/MarkAsShownEarlierThan/1',
      '/files/x.png?/../../api/x',
      '/api/notification/MarkAsShownEarlierThan/1',
      '//evil.example/x.png',
    ];
    const body = [
      ...evil.map((src) => `<p><img src="${src}"></p>`),
      '<p><video src="https://media.example/v.mp4" poster="/files/%2e%2e/api/x"></video></p>',
      '<p><img src="/files/0123456789abcdef01234567.png" alt="ours"></p>',
    ].join('');
    const saved = await u.post<{ body: string }>('/tale/upsert', { id: post.body.data.id, header: 'Images', body });
    expect(saved.body.meta.alina_response_success).toBe(1);
    const html = saved.body.data.body;
    expect(html).not.toMatch(/api|\.\.|%2e|evil|poster/i);
    expect(html).toContain('src="/files/0123456789abcdef01234567.png"');
  });

  it('takes an emblem only in the served-file pattern', async () => {
    const u = await registered(app);
    for (const emblem of ['/files/%2e%2e/api/notification/MarkAsShownEarlierThan/1', '/files/../x.png', '/files/a.png?x=1']) {
      const a = await u.post('/auth/profile', { id: u.id, emblem });
      expect(a.body.meta.alina_response_success, emblem).toBe(0);
      expect(a.body.messages[0].field).toBe('emblem');
    }
  });
});

describe('bad input gets an envelope naming the field and changes nothing', () => {
  const BIG = [2 ** 31, 2 ** 31 + 1, 2 ** 32, 2 ** 53, 1e20];

  it('ids from 2^31 upward in the path, the body and the query', async () => {
    const u = await registered(app);
    for (const n of BIG) {
      const id = BigInt(n).toString();
      const answers = [
        await u.get(`/tale/upsert/${id}`),
        await u.get(`/auth/profile/${id}`),
        await u.get(`/tale/feed/10/1?owner=${id}`),
        await u.get(`/tale/feed/10/1/${id}`),
        await u.get(`/like/selectlist/10/1/tale/${id}`),
        await u.post(`/tale/delete/${id}`, {}),
        await u.post('/like/process', { ref_table: 'tale', ref_id: n, val: 1 }),
        await u.post('/tale/upsert', { answer_to_tale_id: n, type: 'COMMENT', body: '<p>x</p>', form_id: 'actionCommentAdd' }),
        await u.post(`/notification/Delete/${id}`, {}),
        await u.post(`/auth/UserDelete/${id}`, {}),
      ];
      for (const a of answers) {
        expect(a.status, `${id}: ${JSON.stringify(a.body.messages)}`).toBeLessThan(500);
        expect(a.body.meta.alina_response_success).toBe(0);
        expect(a.body.messages.length).toBeGreaterThan(0);
      }
      // Validation names the field; a well-formed but unknown id is a plain 404.
      expect((await u.get(`/auth/profile/${id}`)).body.messages[0].field).toBe('id');
      expect((await u.post('/like/process', { ref_table: 'tale', ref_id: n, val: 1 })).body.messages[0].field).toBe('ref_id');
    }
  });

  it('NUL characters in any text: body, query, path and key', async () => {
    const u = await registered(app);
    const cases = [
      await u.post('/auth/profile', { id: u.id, firstname: 'Ann\u0000' }),
      await u.post('/auth/profile', { id: u.id, about_myself: '<p>\u0000</p>' }),
      await u.get('/tale/feed/10/1?txt=a%00b'),
      await u.get('/tale/upsert/ab%00c'),
      await u.post('/auth/login', { mail: `x\u0000${u.mail}`, password: GOOD_PASSWORD }),
      await u.post('/auth/profile', { id: u.id, 'first\u0000name': 'x' }),
    ];
    const fields = cases.map((a) => a.body.messages[0]?.field);
    expect(fields).toEqual(['firstname', 'about_myself', 'txt', 'id', 'mail', 'body']);
    for (const a of cases) {
      expect(a.status).toBe(200);
      expect(templatesOf(a)).toEqual([MSG.fieldNul]);
    }
    const after = await u.get<{ user: { firstname: string; about_myself: string } }>(`/auth/profile/${u.id}`);
    expect(after.body.data.user.firstname).toBe('');
  });

  it('a boolean is not an id', async () => {
    const u = await registered(app);
    const post = await u.get<{ id: number }>('/tale/upsert');
    await u.post('/tale/upsert', { id: post.body.data.id, header: 'Bool', body: '<p>x</p>' });
    for (const ref_id of [true, false]) {
      const a = await u.post('/like/process', { ref_table: 'tale', ref_id, val: 1 });
      expect(a.body.meta.alina_response_success).toBe(0);
      expect(a.body.messages[0].field).toBe('ref_id');
    }
    const likes = await queryRows<{ n: number }>(app.database.db, sql`select count(*)::int as n from likes where user_id = ${u.id}`);
    expect(likes[0].n).toBe(0);
  });

  it('multipart without a boundary, cut off, or with a broken part', async () => {
    const u = await registered(app);
    const headers = { token: u.token as string, 'x-requested-with': 'X' };
    const bodies: [string, string][] = [
      ['multipart/form-data', 'mail=a'],
      ['multipart/form-data; boundary=', '--\r\n'],
      ['multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="mail"\r\n\r\nabc'],
      ['multipart/form-data; boundary=XYZ', '--XYZ\r\nbroken header\r\n\r\nabc\r\n--XYZ--\r\n'],
    ];
    for (const path of ['/api/auth/login', '/api/auth/profile', '/api/FileUpload', '/api/FileUpload/CkEditor']) {
      for (const [contentType, body] of bodies) {
        const r = await raw(path, { method: 'POST', headers: { ...headers, 'content-type': contentType }, body });
        expect(r.res.status, `${path} ${contentType}`).toBeLessThan(500);
        expect(r.body?.meta.alina_response_success, `${path} ${contentType}: ${r.text.slice(0, 200)}`).toBe(0);
      }
    }
  });

  it('JSON nested 5,000 deep, in objects and in arrays', async () => {
    const u = await registered(app);
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const deepArray = `{"header":"x","body":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    for (const [path, body] of [
      ['/api/auth/login', deepObject],
      ['/api/tale/upsert', deepArray],
      ['/api/AdminDbManager/UpdateBulk/file', `{"files":${'['.repeat(5000)}${']'.repeat(5000)}}`],
      ['/api/tools/SerializedDataEditor', `{"data":${'['.repeat(5000)}${']'.repeat(5000)}}`],
    ]) {
      const r = await raw(path, { method: 'POST', headers: { token: u.token as string, 'x-requested-with': 'X' }, body });
      expect(r.res.status, path).toBe(200);
      expect(r.body?.messages[0].templateString, path).toBe(MSG.nestedTooDeep);
    }
  });

  it('an over-long path parameter: a field message, or past the router limit a 414 envelope', async () => {
    const named = await raw(`/api/tale/upsert/${'1'.repeat(300)}`);
    expect(named.res.status).toBe(200);
    expect(named.body?.messages[0].field).toBe('id');
    for (const path of [
      `/api/tale/upsert/${'a'.repeat(5000)}`,
      `/api/tale/feed/10/1/${'9'.repeat(2000)}`,
      `/api/auth/profile/${'x'.repeat(600)}`,
    ]) {
      const r = await raw(path);
      expect(r.res.status).toBe(414);
      expect(r.res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(r.body?.messages[0].templateString).toBe(MSG.urlTooLong);
    }
  });

  it('a malformed percent-escape in the address is a 400 envelope', async () => {
    const r = await raw('/api/tale/upsert/%E0%A4%A');
    expect(r.res.status).toBe(400);
    expect(r.body?.meta.alina_response_success).toBe(0);
    expect(r.body?.messages[0].templateString).toBe(MSG.urlUnreadable);
  });
});

describe('TRUST_PROXY counts hops, so a client cannot choose its own address', () => {
  it('with one trusted proxy, addresses a client wrote into X-Forwarded-For do not escape the per-IP limit', async () => {
    const behindProxy = await startApp({ TRUST_PROXY: '1', RATE_LOGIN_PER_IP: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        // What a proxy forwards when a client sent its own header: the client's lie, then its real address.
        const res = await fetch(`${behindProxy.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'x-requested-with': 'X', 'content-type': 'application/json', 'x-forwarded-for': `10.9.8.${i}, 203.0.113.7` },
          body: JSON.stringify({ mail: uniqueMail('hop'), password: 'wrong-password-1' }),
        });
        await res.text();
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
      // Another real client behind the same proxy is not limited by the first.
      const other = await fetch(`${behindProxy.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'x-requested-with': 'X', 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.8' },
        body: JSON.stringify({ mail: uniqueMail('hop'), password: 'wrong-password-1' }),
      });
      expect(other.status).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});
