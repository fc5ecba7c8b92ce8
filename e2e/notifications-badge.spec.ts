import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiRequest, type Session, storedSession } from './api';
import { registerViaUi, strongPassword, uniqueMail } from './helpers';

/** A call that must succeed. */
async function post<T = unknown>(request: APIRequestContext, path: string, data: object, as?: Session) {
  const { body } = await apiRequest<T>(request, path, data, as);
  expect(body.meta.alina_response_success, JSON.stringify(body.messages)).toBe(1);
  return body;
}

/** Another reader comments on the tale until the author has `total` unread notifications. */
async function commentUntil(request: APIRequestContext, reader: Session, taleId: number, from: number, total: number) {
  for (let i = from; i < total; i++)
    await post(request, '/tale/upsert', { answer_to_tale_id: taleId, body: `<p>Comment ${i + 1}</p>` }, reader);
}

test('the user menu shows a badge with the unread count, with Russian plurals', async ({ page, request }) => {
  await registerViaUi(page);
  await expect(page.locator('#nav-user .badge')).toHaveCount(0);
  const author = await storedSession(page);
  const tale = (await post<{ id: number }>(request, '/tale/upsert', { header: 'Badge test', body: '<p>Tell me</p>' }, author)).data;
  const password = strongPassword();
  const reader = (await post(request, '/auth/register', { mail: uniqueMail('reader'), password, confirm_password: password }))
    .CurrentUser as Session;

  await commentUntil(request, reader, tale.id, 0, 3);
  await page.reload();
  await expect(page.locator('#nav-user .badge')).toContainText('3');
  await expect(page.locator('#nav-user .badge .visually-hidden')).toHaveText(' 3 unread notifications');
  await page.locator('#nav-user').click();
  await expect(page.getByTestId('notifications-badge')).toHaveText('3');

  await page.evaluate(() => localStorage.setItem('language', 'ru'));
  let made = 3;
  for (const [count, text] of [
    [3, '3 непрочитанных уведомления'],
    [5, '5 непрочитанных уведомлений'],
    [21, '21 непрочитанное уведомление'],
  ] as const) {
    await commentUntil(request, reader, tale.id, made, count);
    made = count;
    await page.reload();
    await expect(page.locator('#nav-user .badge .visually-hidden')).toHaveText(` ${text}`);
  }
  // seeing the list marks everything shown; one more comment makes one unread again
  await page.goto('/notification');
  await expect(page.locator('#nav-user .badge')).toHaveCount(0);
  await page.goto('/');
  await commentUntil(request, reader, tale.id, made, made + 1);
  await page.reload();
  await expect(page.locator('#nav-user .badge .visually-hidden')).toHaveText(' 1 непрочитанное уведомление');
});
