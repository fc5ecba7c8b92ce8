import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import type { FileRow } from '../common/schemas/file';
import type { Tale } from '../common/schemas/tale';
import { API_HEADERS, type Envelope, storedSession } from '../e2e/api';
import { expect, test } from '../e2e/fixtures';
import { pngImage } from '../e2e/files-fixtures';
import { loginViaUi, logoutViaUi, registerViaUi, strongPassword, uniqueMail } from '../e2e/helpers';

/**
 * Several servers as one site, in Chromium, through the load balancer of the reference deployment
 * (`npm run cluster`): HAProxy round-robin, no sticky sessions, in front of two app servers on one
 * PostgreSQL, one Redis and one S3-compatible store. Where a step must happen on one server in
 * particular, the test talks to that server's own port (from data/cluster/state.json), as a
 * request the balancer happened to send there would.
 */

interface ClusterState {
  url: string;
  servers: { name: string; port: number; pid: number }[];
}
const state = (): ClusterState => JSON.parse(fs.readFileSync(path.join('data', 'cluster', 'state.json'), 'utf8')) as ClusterState;
const server = (name: 'a' | 'b') => {
  const s = state().servers.find((x) => x.name === name);
  if (!s) throw new Error(`no server ${name} in data/cluster/state.json`);
  return { ...s, url: `http://127.0.0.1:${s.port}` };
};
const AT_ONCE = { timeout: 2_000, intervals: [50] };

interface Session {
  id: number;
  token: string;
}
/** A call to one server in particular, as `as`: GET without data, POST with it. */
async function on<T = unknown>(request: APIRequestContext, name: 'a' | 'b', apiPath: string, data?: object, as?: Session) {
  const headers: Record<string, string> = { ...API_HEADERS, ...(as ? { token: as.token, uid: String(as.id) } : {}) };
  const url = `${server(name).url}/api${apiPath}`;
  const res = data ? await request.post(url, { headers, data }) : await request.get(url, { headers });
  return { status: res.status(), servedBy: res.headers()['x-served-by'], body: (await res.json()) as Envelope<T> };
}
async function registerOn(request: APIRequestContext, name: 'a' | 'b'): Promise<Session> {
  const password = strongPassword();
  const r = await on(request, name, '/auth/register', {
    mail: uniqueMail('cluster'),
    password,
    confirm_password: password,
    form_id: 'actionRegister',
  });
  expect(r.body.meta.alina_response_success, JSON.stringify(r.body.messages)).toBe(1);
  return r.body.CurrentUser as Session;
}
async function publishOn(request: APIRequestContext, name: 'a' | 'b', as: Session, header: string): Promise<Tale> {
  const draft = await on<Tale>(request, name, '/tale/upsert', undefined, as);
  const saved = await on<Tale>(
    request,
    name,
    '/tale/upsert',
    { id: draft.body.data.id, header, body: `<p>${header}</p>`, form_id: 'actionUpsert' },
    as,
  );
  expect(saved.body.meta.alina_response_success, JSON.stringify(saved.body.messages)).toBe(1);
  return saved.body.data;
}

/** Which servers answered the page's API calls (the balancer names them in X-Served-By). */
function servedBy(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (r) => {
    const by = r.headers()['x-served-by'];
    if (by && r.url().includes('/api/')) seen.add(by);
  });
  return seen;
}

// Tests run in this order, one at a time (one worker): the first account becomes admin, and the
// last kills a server.
test('the first account becomes admin, through the balancer', async ({ page }) => {
  await registerViaUi(page);
  const me = await storedSession(page);
  expect((me as unknown as { rbac_user_role: { name: string }[] }).rbac_user_role.map((r) => r.name)).toContain('admin');
  fs.writeFileSync(path.join('data', 'cluster', 'admin.json'), JSON.stringify({ id: me.id, token: me.token }));
});

test('register, log out and log in through the balancer, requests landing on both servers', async ({ page }) => {
  const seen = servedBy(page);
  const account = await registerViaUi(page);
  await page.goto('/');
  await logoutViaUi(page);
  await loginViaUi(page, account);
  // a few reads, each to whichever server the balancer picks
  for (let i = 0; i < 4; i++) {
    await page.goto('/');
    await expect(page.getByTestId('feed-list').or(page.getByTestId('feed-empty'))).toBeVisible();
  }
  expect([...seen].sort()).toEqual(['a', 'b']);
  await expect(page.locator('#nav-user')).not.toContainText('Guest');
});

test('a file uploaded on A is served by B, and shows on the tale whichever server answers', async ({ page, request }) => {
  const owner = await registerOn(request, 'a');
  const tale = await publishOn(request, 'a', owner, 'With a picture');
  const image = await pngImage('harbour.png', 320, 200);
  const form = new FormData();
  form.append('entity_table', 'tale');
  form.append('entity_id', String(tale.id));
  form.append('container', 'FILE');
  form.append('form_id', 'actionIndex');
  form.append('userfile[]', new Blob([new Uint8Array(image.buffer)], { type: image.mimeType }), image.name);
  const up = await request.post(`${server('a').url}/api/FileUpload`, {
    headers: { ...API_HEADERS, token: owner.token, uid: String(owner.id) },
    multipart: form,
  });
  expect(up.status()).toBe(200);
  const [file] = ((await up.json()) as Envelope<FileRow[]>).data;

  const fromB = await request.get(`${server('b').url}${file.url_path}`);
  expect(fromB.status()).toBe(200);
  expect(Buffer.from(await fromB.body()).equals(image.buffer)).toBe(true);

  // the tale's files panel, twice (each load may go to either server): the thumbnail is drawn
  for (let i = 0; i < 2; i++) {
    await page.goto(`/tale/upsert/${tale.id}`);
    const files = page.getByTestId('files');
    await files.getByTestId('files-toggle').click();
    const thumb = files.getByTestId('file-image').locator('img');
    await expect(thumb).toHaveCount(1);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
});

test('a like on A shows in B’s feed and likers at once', async ({ page, request }) => {
  const author = await registerOn(request, 'b');
  const fan = await registerOn(request, 'a');
  const tale = await publishOn(request, 'b', author, `Liked across ${Date.now()}`);
  const countOnB = async () => {
    const feed = await on<{ tale: Tale[] }>(request, 'b', '/tale/feed/50/1');
    return feed.body.data.tale.find((t) => t.id === tale.id)?.count_like;
  };
  expect(await countOnB()).toBe(0);
  const liked = await on(
    request,
    'a',
    '/like/process',
    { ref_table: 'tale', ref_id: String(tale.id), val: '1', form_id: 'actionProcess' },
    fan,
  );
  expect(liked.body.meta.alina_response_success).toBe(1);
  await expect.poll(countOnB, AT_ONCE).toBe(1);
  const likers = await on<{ user_id: number }[]>(request, 'b', `/like/selectlist/10/1/tale/${tale.id}`);
  expect(likers.body.data.map((l) => l.user_id)).toEqual([fan.id]);

  // and in the browser, through the balancer, whichever server answers
  await page.goto(`/tale/upsert/${tale.id}`);
  await expect(page.getByTestId('like-count').first()).toHaveText('1');
});

test('a ban made on A refuses the user’s next request on B', async ({ page, request }) => {
  const admin = JSON.parse(fs.readFileSync(path.join('data', 'cluster', 'admin.json'), 'utf8')) as Session;
  const user = await registerOn(request, 'b');
  // who B takes the user's token for (null: a guest)
  const onB = async () => (await on(request, 'b', `/auth/profile/${user.id}`, undefined, user)).body.CurrentUser?.id ?? null;
  // B knows the session
  expect(await onB()).toBe(user.id);
  const ban = await on(
    request,
    'a',
    `/admin/users/${user.id}/ban`,
    { banned_till: Math.floor(Date.now() / 1000) + 3600, form_id: 'actionUserBan' },
    admin,
  );
  expect(ban.status).toBe(200);
  // B drops the session it kept as soon as the relay's message has crossed (docs/decisions.md,
  // "Events across servers": a request sent in the same millisecond as A's answer may beat it);
  // at once (AT_ONCE), well under the minute B would otherwise keep it
  await expect.poll(onB, AT_ONCE).toBeNull();
  const write = await on(request, 'b', '/tale/upsert', { header: 'After the ban', body: '<p>x</p>', form_id: 'actionUpsert' }, user);
  expect(write.status).toBe(401);
  void page;
});

test('the badge updates live while someone comments through either server', async ({ page, request }) => {
  await registerViaUi(page);
  const me = await storedSession(page);
  const tale = await publishOn(request, 'a', me, 'Talk to me');
  const reader = await registerOn(request, 'b');
  await page.goto('/');
  const badge = page.locator('#nav-user .badge');
  await expect(badge).toHaveCount(0);
  for (const [name, n] of [
    ['a', 1],
    ['b', 2],
    ['a', 3],
    ['b', 4],
  ] as const) {
    const c = await on(
      request,
      name,
      '/tale/upsert',
      { answer_to_tale_id: tale.id, body: `<p>Comment ${n}</p>`, form_id: 'actionCommentAdd' },
      reader,
    );
    expect(c.body.meta.alina_response_success).toBe(1);
    await expect(badge).toContainText(String(n), { timeout: 2_000 });
  }
});

test('10 wrong logins spread over both servers hit the limit as one', async ({ request }) => {
  const password = strongPassword();
  const mail = uniqueMail('limited');
  expect((await on(request, 'a', '/auth/register', { mail, password, confirm_password: password, form_id: 'actionRegister' })).status).toBe(
    200,
  );
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++)
    statuses.push((await on(request, i % 2 ? 'b' : 'a', '/auth/login', { mail, password: `${password}x`, form_id: 'login' })).status);
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
  expect(statuses[10]).toBe(429);
});

test('one app server killed mid-session: the user carries on through the other with no error', async ({ page }) => {
  const errors: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 500) errors.push(`${r.status()} ${r.url()}`);
  });
  // Which page a request belongs to: the count of pages the test has left when it started. A
  // request of a page the test then left, cancelled by the leaving (net::ERR_ABORTED), is the
  // browser's doing, not the servers'; any other failure is an error.
  let left = 0;
  const pageOf = new WeakMap<Request, number>();
  page.on('request', (r) => pageOf.set(r, left));
  page.on('requestfailed', (r) => {
    // the live stream held by the killed server drops and reconnects through the other: expected
    if (r.url().includes('/notification/stream')) return;
    const why = r.failure()?.errorText ?? '';
    if (why === 'net::ERR_ABORTED' && (pageOf.get(r) ?? left) < left) return;
    errors.push(`failed ${r.url()} ${why}`);
  });
  const open = async (url: string) => {
    left++;
    await page.goto(url);
  };
  await registerViaUi(page);
  const me = await storedSession(page);
  await open('/');

  const victim = server('a');
  process.kill(victim.pid, 'SIGKILL');

  // the user goes on: writes a tale, reads the feed, opens the tale, likes it
  for (let i = 0; i < 3; i++) {
    const res = await page.evaluate(
      async ({ headers, header }) => {
        const h = { ...headers, 'content-type': 'application/json' };
        const draft = await (await fetch('/api/tale/upsert', { headers: h })).json();
        const saved = await fetch('/api/tale/upsert', {
          method: 'POST',
          headers: h,
          body: JSON.stringify({ id: draft.data.id, header, body: '<p>on</p>', form_id: 'actionUpsert' }),
        });
        return { status: saved.status, body: await saved.json() };
      },
      { headers: { ...API_HEADERS, token: me.token, uid: String(me.id) }, header: `Still here ${i}` },
    );
    expect(res.status).toBe(200);
    expect(res.body.meta.alina_response_success).toBe(1);
    await open('/');
    await expect(page.getByTestId('feed-list')).toContainText(`Still here ${i}`);
    await expect(page.locator('#nav-user')).not.toContainText('Guest');
  }
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(errors).toEqual([]);

  // the supervisor brings the killed server back, and the balancer takes it in again
  await expect.poll(async () => state().servers.find((s) => s.name === 'a')?.pid, { timeout: 20_000 }).not.toBe(victim.pid);
  await expect.poll(async () => (await fetch(`${server('a').url}/healthz`).catch(() => null))?.status, { timeout: 30_000 }).toBe(200);
});
