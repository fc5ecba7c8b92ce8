import { expect, test } from './fixtures';
import { closeMessages, logoutViaUi, registerViaUi, toasts, uniqueMail } from './helpers';
import { createTale, switchLanguage } from './tales-helpers';

test('a success is a toast that leaves by itself and blocks nothing, announced as a status', async ({ page }) => {
  await registerViaUi(page);
  const tale = await createTale(page.request, { header: 'Toast tale' });
  await page.goto(`/tale/upsert/${tale.id}`);
  await page.getByTestId('tale-edit').click();
  await page.getByTestId('tale-submit').click();
  const saved = toasts(page).getByRole('status').filter({ hasText: 'Saved' });
  await expect(saved).toBeVisible();
  // the page stays usable under it: nothing modal, a button answers the first click
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByTestId('share-embed').click();
  await expect(page.getByTestId('share-embed')).toHaveAttribute('aria-expanded', 'true');
  await expect(saved).toBeVisible();
  // gone without a click, after a few seconds
  await expect(saved).toBeHidden({ timeout: 9_000 });
  await expect(toasts(page)).toBeHidden();
});

test('an error toast stays until it is closed, and is announced at once', async ({ page }) => {
  await page.route('**/api/tale/feed/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'The database is resting' }),
  );
  await page.goto('/');
  const alert = toasts(page).getByRole('alert').filter({ hasText: 'The database is resting' });
  await expect(alert).toBeVisible();
  await page.waitForTimeout(6_500);
  await expect(alert).toBeVisible();
  await closeMessages(page);
  await expect(alert).toHaveCount(0);
});

test('a visitor at a tale for members sees why on the page, with no error toast', async ({ page }) => {
  await registerViaUi(page);
  const tale = await createTale(page.request, { header: 'Members only', is_for_registered: 1 });
  await logoutViaUi(page);
  await page.goto(`/tale/upsert/${tale.id}`);
  await expect(page.getByTestId('tale-login')).toHaveText(/This tale is for members\. Log in to read it\./);
  await expect(page.getByTestId('tale-login').getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(toasts(page)).toBeHidden();
  await switchLanguage(page, 'ru');
  await expect(page.getByTestId('tale-login')).toContainText('Эта история только для участников. Войдите, чтобы прочитать её.');
  // the new-tale address still asks to log in to write
  await page.goto('/tale/upsert');
  await expect(page.getByTestId('tale-login')).toContainText('Войдите, чтобы написать историю.');
});

test("a missing tale is the page's own state, not also an error toast", async ({ page }) => {
  await page.goto('/tale/upsert/987654321');
  await expect(page.getByTestId('tale-not-found')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(toasts(page)).toBeHidden();
});

test('a common password is refused under the field only', async ({ page }) => {
  await page.goto('/auth/register');
  await page.getByLabel('Email').fill(uniqueMail());
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm password').fill('password123');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('This password is too common, choose another')).toBeVisible();
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/^This password is too common, choose another/);
  await expect(password).toBeFocused();
  await page.waitForLoadState('networkidle');
  await expect(toasts(page)).toBeHidden();
  await expect(page).toHaveURL(/\/auth\/register$/);
});
