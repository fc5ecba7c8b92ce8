import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LANGUAGE_STORAGE_KEY } from '../common/constants';
import { apiInPage } from './api';
import { closeMessages, toasts, newUserPage } from './helpers';

/** The notification screen: empty list, pages top and bottom, marking shown, deleting one and all. */

const newUser = (context: BrowserContext, firstname: string) => newUserPage(context, firstname, 'Tester');

const rows = (page: Page) => page.getByTestId('notification');
const paginators = (page: Page) => page.getByRole('navigation', { name: 'Pages' });

test('a visitor is asked to log in', async ({ page }) => {
  await page.goto('/notification');
  await expect(page.getByTestId('notifications-login')).toContainText('Log in to see your notifications.');
  await expect(page.getByTestId('notifications-login').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
});

test('the list: empty, pages top and bottom, shown on view, delete one, the last of a page, and all', async ({ browser }) => {
  test.setTimeout(90_000);
  const ca = await browser.newContext();
  const cb = await browser.newContext();
  try {
    const a = await newUser(ca, 'Nina');
    const b = await newUser(cb, 'Oleg');

    await a.goto('/notification');
    await expect(a.getByTestId('notifications-empty')).toHaveText('List is empty');
    await expect(a.getByRole('button', { name: 'Delete all' })).toHaveCount(0);
    // away from the list: an open list shows new notifications as they come, and so marks them read
    await a.goto('/');

    const tale = await apiInPage<{ id: number }>(a, '/tale/upsert', { header: 'Notify me', body: '<p>Hi</p>', form_id: 'actionUpsert' });
    for (let i = 1; i <= 12; i++) {
      const c = await apiInPage(b, '/tale/upsert', {
        answer_to_tale_id: tale.body.data.id,
        type: 'COMMENT',
        body: `<p>Note ${i}</p>`,
        form_id: 'actionCommentAdd',
      });
      expect(c.body.meta.alina_response_success).toBe(1);
    }

    // the badge follows without a reload (live; a poll also asks when the window gets focus)
    await a.goto(`/tale/upsert/${tale.body.data.id}`);
    await expect(async () => {
      await a.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(a.locator('#nav-user .badge')).toContainText('12', { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });

    await a.goto('/notification');
    await expect(rows(a)).toHaveCount(10);
    await expect(paginators(a)).toHaveCount(2);
    await expect(rows(a).first().getByTestId('notification-text')).toHaveText(/^Oleg Tester commented on your tale “Notify me”( new)?$/);
    await expect(rows(a).first().getByTestId('notification-link')).toHaveText('commented on your tale “Notify me”');
    await expect(rows(a).first().getByTestId('notification-author')).toHaveText('Oleg Tester');
    await expect(rows(a).first().getByTestId('notification-excerpt')).toHaveText('Note 12');
    // viewing marks everything up to the newest shown; the badge goes
    await expect(a.locator('#nav-user .badge')).toHaveCount(0);
    expect((await apiInPage<{ count: number }>(a, '/notification/count')).body.data.count).toBe(0);
    await a.screenshot({ path: 'test-results/notifications-list-en.png', fullPage: true });

    // page 2 holds the two oldest; deleting its last row goes back to page 1
    await paginators(a).first().getByRole('button', { name: 'Page 2' }).click();
    await expect(rows(a)).toHaveCount(2);
    await rows(a)
      .first()
      .getByRole('button', { name: /^Delete the notification/ })
      .click();
    await expect(rows(a)).toHaveCount(1);
    await rows(a)
      .first()
      .getByRole('button', { name: /^Delete the notification/ })
      .click();
    await expect(rows(a)).toHaveCount(10);
    // ten left: one page, no paginator
    await expect(paginators(a)).toHaveCount(0);

    await rows(a)
      .first()
      .getByRole('button', { name: /^Delete the notification/ })
      .click();
    await expect(rows(a)).toHaveCount(9);

    // Delete all asks first
    await a.getByTestId('notifications').getByRole('button', { name: 'Delete all' }).click();
    const confirm = a.getByRole('dialog').filter({ hasText: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(rows(a)).toHaveCount(9);
    await a.getByTestId('notifications').getByRole('button', { name: 'Delete all' }).click();
    await confirm.getByRole('button', { name: 'Delete all' }).click();
    await expect(toasts(a)).toContainText('Deleted');
    await closeMessages(a, { seen: true });
    await expect(a.getByTestId('notifications-empty')).toHaveText('List is empty');

    await a.evaluate((key) => localStorage.setItem(key, 'ru'), LANGUAGE_STORAGE_KEY);
    await a.reload();
    await expect(a.getByTestId('notifications-empty')).toHaveText('Список пуст');
    await a.screenshot({ path: 'test-results/notifications-empty-ru.png', fullPage: true });
  } finally {
    await ca.close();
    await cb.close();
  }
});
