import { expect, test } from './fixtures';
import { dropdownMenu, toasts, registerViaUi, strongPassword, uniqueMail, shownName } from './helpers';

test('a visitor registers, is logged in at once and lands on the profile', async ({ page }) => {
  const account = await registerViaUi(page);
  await expect(page.locator('#nav-user')).toContainText(shownName(account));
  await expect(page.getByTestId('profile-view')).toBeVisible();
  await expect(page.getByTestId('profile-mail')).toHaveText(account.mail);
  await expect(page.getByTestId('profile-mail')).toHaveAttribute('href', `mailto:${account.mail}`);

  await page.locator('#nav-user').click();
  const menu = dropdownMenu(page, 'nav-user');
  for (const [entry, href] of [
    ['Add tale', '/tale/upsert'],
    ['Notifications', '/notification'],
    ['Profile', '/auth/profile'],
    ['Change password', '/auth/change_password'],
    ['Log out', '/auth/logout'],
  ]) {
    await expect(menu.getByText(entry, { exact: true })).toHaveAttribute('href', href);
  }
  await expect(menu.getByText('Log in', { exact: true })).toHaveCount(0);
});

test('the form checks its fields before sending and shows the errors under them', async ({ page }) => {
  await page.goto('/auth/register');
  await page.getByLabel('Email').fill('not-a-mail');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByText('Invalid Email Address!')).toBeVisible();
  await expect(page.getByText('Password length cannot be less than 8 symbols')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveClass(/is-invalid/);
  await expect(toasts(page)).toBeHidden();
  await expect(page).toHaveURL(/\/auth\/register$/);
});

test('a mail that is taken is reported by the server under the mail field', async ({ page, browser }) => {
  const account = { mail: uniqueMail('taken'), password: strongPassword() };
  const other = await browser.newPage();
  await registerViaUi(other, account);
  await other.close();

  await page.goto('/auth/register');
  await page.getByLabel('Email').fill(account.mail);
  await page.getByLabel('Password', { exact: true }).fill(strongPassword());
  await page.getByLabel('Confirm password').fill(await page.getByLabel('Password', { exact: true }).inputValue());
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.locator('.invalid-feedback')).toHaveText('A user with this mail already exists');
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(toasts(page)).toBeHidden();
  await expect(page.locator('#nav-user')).toContainText('Guest');
});
