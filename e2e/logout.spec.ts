import { expect, test } from './fixtures';
import { CURRENT_USER_STORAGE_KEY } from '../common/constants';
import { dropdownMenu, logoutViaUi, registerViaUi } from './helpers';

test('logging out goes to the feed and shows the guest menu, also after a reload', async ({ page }) => {
  await registerViaUi(page);
  await logoutViaUi(page);

  await page.locator('#nav-user').click();
  const menu = dropdownMenu(page, 'nav-user');
  for (const [entry, href] of [
    ['Log in', '/auth/login'],
    ['Register', '/auth/register'],
    ['Forgot password', '/auth/reset_password_request'],
    ['Reset password with a code', '/auth/reset_password_with_code'],
  ]) {
    await expect(menu.getByText(entry, { exact: true })).toHaveAttribute('href', href);
  }
  await expect(menu.getByText('Log out', { exact: true })).toHaveCount(0);
  const stored = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { id: number | null } | null,
    CURRENT_USER_STORAGE_KEY,
  );
  expect(stored?.id).toBeNull();

  await page.reload();
  await expect(page.locator('#nav-user')).toContainText('Guest');
  await page.goto('/auth/change_password');
  await expect(page.getByText('Log in to use this page.')).toBeVisible();
});
