import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { dataDir, logoutViaUi, registerViaUi } from './helpers';

test('the first account becomes admin and sees the admin menu; the second does not', async ({ page }) => {
  const admin = await registerViaUi(page);
  // The only admin of the e2e server: specs of admin pages log in with it.
  fs.writeFileSync(path.join(dataDir(), 'admin-account.json'), JSON.stringify(admin));
  const adminMenu = page.locator('#nav-admin');
  await expect(adminMenu).toHaveText('Admin tools');
  await adminMenu.click();
  const menu = page.getByTestId('admin-menu');
  for (const item of [
    'Request tester',
    'Server-side HTTP calls',
    'Database manager',
    'User management',
    'UI tests',
    'UI test 001',
    'UI test 002',
    'UI test 003',
  ]) {
    await expect(menu.getByText(item, { exact: true })).toBeVisible();
  }
  await expect(menu.getByText('User management', { exact: true })).toHaveAttribute('href', '/admin/users');
  await expect(menu.getByText('Database manager', { exact: true })).toHaveAttribute('href', '/AdminDbManager/DbTablesColumnsInfo');
  await page.keyboard.press('Escape');

  await logoutViaUi(page);
  await expect(adminMenu).toHaveCount(0);

  await registerViaUi(page);
  await expect(page.locator('#nav-tools')).toBeVisible();
  await expect(page.locator('#nav-user')).toBeVisible();
  await expect(adminMenu).toHaveCount(0);
});
