import type { Page } from '@playwright/test';
import { apiRequest } from './api';
import { expect, test } from './fixtures';
import { openUserMenu, registerViaUi, strongPassword, toasts, uniqueMail, uniqueName } from './helpers';
import { createTale, switchLanguage } from './tales-helpers';

/** A comment under a tale, through the API, as the user logged in on this page. */
async function comment(page: Page, taleId: number, text: string) {
  const { body } = await apiRequest(page.request, '/tale/upsert', {
    answer_to_tale_id: taleId,
    body: `<p>${text}</p>`,
    form_id: 'actionCommentAdd',
  });
  expect(body.meta.alina_response_success).toBe(1);
}

test('an account with no name is "User #id" everywhere, in both languages, and never its mail', async ({ page }) => {
  const mail = uniqueMail('noname');
  await registerViaUi(page, { mail, password: strongPassword(), firstname: '' });
  const id = await page.evaluate(() => (JSON.parse(localStorage.getItem('CurrentUser') ?? '{}') as { id: number }).id);
  const fallback = `User #${id}`;

  await expect(page.locator('#nav-user')).toHaveText(fallback);
  await expect(page.getByTestId('profile-view').getByRole('heading', { level: 1 })).toHaveText(fallback);
  // the menu says which account it is
  await openUserMenu(page);
  await expect(page.getByTestId('user-menu-mail')).toHaveText(`Signed in as ${mail}`);
  await page.keyboard.press('Escape');

  const tale = await createTale(page.request, { header: 'Nameless tale' });
  await comment(page, tale.id, 'A nameless comment');
  await page.goto(`/tale/upsert/${tale.id}`);
  await expect(page.getByTestId('tale-author')).toHaveText(fallback);
  await expect(page.getByTestId('comment').getByRole('link', { name: fallback })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(mail);

  await switchLanguage(page, 'ru');
  const ru = `Пользователь №${id}`;
  await expect(page.locator('#nav-user')).toHaveText(ru);
  await expect(page.getByTestId('tale-author')).toHaveText(ru);
  await expect(page.getByTestId('comment').getByRole('link', { name: ru })).toBeVisible();
});

test('a name given at sign-up is what the menu, bylines, comments, likers and notifications show', async ({ page, browser }) => {
  const name = uniqueName();
  const mail = uniqueMail('named');
  await page.goto('/auth/register');
  await expect(page.getByLabel('Your name (optional)')).toHaveAccessibleDescription(
    'Shown with your tales and comments. You can change it in your profile.',
  );
  const password = strongPassword();
  await page.getByLabel('Email').fill(mail);
  await page.getByLabel('Your name (optional)').fill(`  ${name}  `);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(toasts(page)).toContainText(`Welcome, ${name}!`);
  await expect(page.locator('#nav-user')).toHaveText(name);
  await expect(page.getByTestId('profile-view').getByRole('heading', { level: 1 })).toHaveText(name);
  const tale = await createTale(page.request, { header: 'Named tale' });

  // another reader comments and likes: the author is notified by that reader's name
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const otherName = uniqueName();
  await registerViaUi(other, { mail: uniqueMail(), password: strongPassword(), firstname: otherName });
  await comment(other, tale.id, 'Nice one');
  await other.goto(`/tale/upsert/${tale.id}`);
  await expect(other.getByTestId('tale-author')).toHaveText(name);
  await other.getByTestId('tale-view').getByRole('button', { name: 'Like' }).first().click();
  await expect(other.getByTestId('tale-view').getByTestId('like-count').first()).toHaveText('1');
  await other.getByTestId('tale-view').getByTestId('like-count').first().click();
  await expect(other.getByRole('dialog').getByRole('link', { name: otherName })).toBeVisible();
  await otherContext.close();

  await page.goto('/notification');
  await expect(page.getByTestId('notification').first()).toContainText(otherName);
  await page.goto(`/tale/upsert/${tale.id}`);
  await expect(page.getByTestId('comment').getByRole('link', { name: otherName })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(mail);
});

test('a name too long for the sign-up field is refused under it, and no account is made', async ({ page }) => {
  const mail = uniqueMail('longname');
  await page.goto('/auth/register');
  await page.getByLabel('Email').fill(mail);
  await page.getByLabel('Your name (optional)').fill('x'.repeat(101));
  const password = strongPassword();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByLabel('Your name (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Must be at most 100 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/register$/);
  await expect(page.locator('#nav-user')).toHaveText('Guest');
});
