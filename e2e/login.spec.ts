import { expect, test } from './fixtures';
import { logoutViaUi, registerViaUi, shownName } from './helpers';

test('a registered user logs in with Enter and, in a fresh tab, lands on the profile', async ({ page, context }) => {
  const account = await registerViaUi(page);
  await logoutViaUi(page);

  // a new tab has too short a history to go back, so login replaces itself with the profile
  const tab = await context.newPage();
  await tab.goto('/auth/login');
  await expect(tab.getByRole('link', { name: 'No account yet? Register' })).toHaveAttribute('href', '/auth/register');
  await expect(tab.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/reset_password_request');
  await tab.getByLabel('Email').fill(account.mail.toUpperCase());
  await tab.getByLabel('Password').fill(account.password);
  await tab.getByLabel('Password').press('Enter');
  await expect(tab).toHaveURL(/\/auth\/profile$/);
  await expect(tab.locator('#nav-user')).toContainText(shownName(account));
  await expect(tab.getByTestId('profile-mail')).toHaveText(account.mail);
});

test('an open login screen goes back when the history is long enough', async ({ page }) => {
  const account = await registerViaUi(page);
  await logoutViaUi(page);
  // four entries: the blank tab, register, profile (replaced by the feed), the home page
  await page.goto('/');
  await page.getByRole('link', { name: 'Log in' }).first().click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => history.length)).toBeGreaterThanOrEqual(4);
  await page.getByLabel('Email').fill(account.mail);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Good to see you, ${account.firstname}!`)).toBeVisible();
});

test('a logged-in user opening the login screen is sent to the profile', async ({ page }) => {
  const account = await registerViaUi(page);
  // three entries (blank tab, register replaced by profile, login): too few to go back
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/auth\/profile$/);
  await expect(page.getByTestId('profile-mail')).toHaveText(account.mail);
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await expect(page.locator('#nav-user')).toContainText(shownName(account));
});

test('a sign-in screen reached by a link takes the cursor, as one opened by address does', async ({ page }) => {
  await page.goto('/auth/register');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByRole('link', { name: 'Log in' }).first().click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/reset_password_request$/);
  await expect(page.getByLabel('Email')).toBeFocused();
});
