import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { API_HEADERS, apiInPage, storedSession } from './api';
import { newUserPage } from './helpers';

/**
 * Live notifications: the badge and the list follow as things happen, over one stream per browser
 * shared by its tabs, and by polling where the stream is refused. The poll runs every 20 s, so an
 * update within a few seconds, with no reload and no focus, can only have come over the stream.
 */

const LIVE = { timeout: 4_000 };
/** The stream's address, with the `?isAjax=1` every call carries (a glob without it matches nothing). */
const STREAM = /\/api\/notification\/stream(\?.*)?$/;

const newUser = (context: BrowserContext, firstname: string) => newUserPage(context, firstname, 'Live');

async function publish(page: Page, header: string): Promise<number> {
  const res = await apiInPage<{ id: number }>(page, '/tale/upsert', { header, body: '<p>Hi</p>', form_id: 'actionUpsert' });
  return res.body.data.id;
}

async function comment(page: Page, taleId: number, text: string) {
  const c = await apiInPage(page, '/tale/upsert', {
    answer_to_tale_id: taleId,
    type: 'COMMENT',
    body: `<p>${text}</p>`,
    form_id: 'actionCommentAdd',
  });
  expect(c.body.meta.alina_response_success).toBe(1);
}

const badge = (page: Page) => page.locator('#nav-user .badge');

test('the badge and the list follow new comments live, in every tab, over one stream', async ({ browser }) => {
  const ca = await browser.newContext();
  const cb = await browser.newContext();
  try {
    const a = await newUser(ca, 'Lena');
    const b = await newUser(cb, 'Mark');
    const streams: string[] = [];
    ca.on('request', (r) => {
      if (r.url().includes('/api/notification/stream')) streams.push(r.url());
    });
    const tale = await publish(a, 'Live one');
    await a.goto(`/tale/upsert/${tale}`);
    const second = await ca.newPage();
    await second.goto('/');
    await expect(badge(a)).toHaveCount(0);

    await comment(b, tale, 'First');
    await expect(badge(a)).toContainText('1', LIVE);
    await expect(badge(second)).toContainText('1', LIVE);
    await comment(b, tale, 'Second');
    await expect(badge(second)).toContainText('2', LIVE);
    await expect(badge(a)).toContainText('2', LIVE);
    // the two tabs share one stream
    expect(streams).toHaveLength(1);

    // the list page shows a new notification as it comes (and, shown, it marks it read)
    await second.goto('/notification');
    await expect(second.getByTestId('notification')).toHaveCount(2);
    await comment(b, tale, 'Third');
    await expect(second.getByTestId('notification')).toHaveCount(3, LIVE);

    // the tab holding the stream closes: the other takes over
    await a.close();
    await second.goto('/');
    await comment(b, tale, 'Fourth');
    await expect(badge(second)).toContainText('1', LIVE);
  } finally {
    await ca.close();
    await cb.close();
  }
});

test('an answer that was on its way while a live count came does not put the badge back', async ({ browser }) => {
  const ca = await browser.newContext();
  const cb = await browser.newContext();
  try {
    const a = await newUser(ca, 'Nina');
    const b = await newUser(cb, 'Oleg');
    const header = `Held back ${Date.now().toString(36)}`;
    const tale = await publish(a, header);
    // the feed's answers are made by the server at once (their CurrentUser: nothing unread), and
    // reach the page only after a comment's live count did
    let answered = () => {};
    const madeBeforeComment = new Promise<void>((resolve) => {
      answered = resolve;
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const feed = /\/api\/tale\/feed\//;
    await a.route(feed, async (route) => {
      const response = await route.fetch();
      answered();
      await gate;
      await route.fulfill({ response }).catch(() => {});
    });
    await a.goto('/');
    await madeBeforeComment;
    await comment(b, tale, 'While the feed was on its way');
    await expect(badge(a)).toContainText('1', LIVE);
    release();
    // the held answer is read (the feed shows), and its older count does not undo the live one
    await expect(a.getByTestId('tale-card').filter({ hasText: header })).toBeVisible();
    await expect(badge(a)).toContainText('1');
    expect(await a.evaluate(() => JSON.parse(localStorage.getItem('CurrentUser') ?? '{}').count_notifications)).toBe(1);
    // a call made after the live count still brings a newer count: reading the list clears the badge
    await a.unroute(feed);
    await a.goto('/notification');
    await expect(a.getByTestId('notification')).toHaveCount(1);
    await expect(badge(a)).toHaveCount(0, LIVE);
  } finally {
    await ca.close();
    await cb.close();
  }
});

test('where the stream is refused, the badge follows by polling', async ({ browser }) => {
  const ca = await browser.newContext();
  const cb = await browser.newContext();
  try {
    // a proxy that refuses event streams
    let refused = 0;
    await ca.route(STREAM, (route) => {
      refused++;
      return route.fulfill({ status: 503, contentType: 'text/plain', body: 'no streams here' });
    });
    const a = await newUser(ca, 'Pia');
    const b = await newUser(cb, 'Rob');
    const tale = await publish(a, 'Polled');
    await a.goto('/');
    await comment(b, tale, 'Hello');
    // the poll asks when the window regains focus (and every 20 s); on a small machine under the
    // other worker's load a focus poll once took longer than 10 s to show, so up to 15 s, still
    // short of the 20 s timer
    await expect(async () => {
      await a.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(badge(a)).toContainText('1', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    // the badge came by polling: every stream the page asked for was refused
    expect(refused).toBeGreaterThan(0);
  } finally {
    await ca.close();
    await cb.close();
  }
});

test('a logout in another browser ends the stream, and the page sees it is logged out', async ({ browser }) => {
  const ca = await browser.newContext();
  try {
    const a = await newUser(ca, 'Sam');
    await a.goto('/');
    await expect(a.locator('#nav-user')).not.toContainText('Guest');
    // the same session ended from elsewhere (an API client holding the same token)
    const { token, id } = await storedSession(a);
    const other = await browser.newContext();
    const out = await other.request.post('/api/auth/logout', {
      headers: { ...API_HEADERS, token, uid: String(id) },
      data: { form_id: 'actionLogout' },
    });
    expect(out.status()).toBe(200);
    await other.close();
    await expect(a.locator('#nav-user')).toContainText('Guest', LIVE);
  } finally {
    await ca.close();
  }
});
