import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CURRENT_USER_STORAGE_KEY } from '../common/constants';
import { closeMessages, logoutViaUi, toasts, registerViaUi } from './helpers';

const currentUserId = (page: Page) =>
  page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { id?: number }).id ?? null, CURRENT_USER_STORAGE_KEY);

test('a user edits names, birth date and about-myself rich text, and the profile shows them', async ({ page }) => {
  await registerViaUi(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();

  await page.getByLabel('First name').fill('Anna');
  await page.getByLabel('Last name').fill('Karenina');
  const birth = page.getByRole('group', { name: 'Birth date' });
  await birth.getByLabel('Year').fill('1990');
  await birth.getByLabel('Month').fill('03');
  await birth.getByLabel('Day').fill('15');

  const about = page.getByRole('textbox', { name: 'About myself' });
  await about.click();
  await expect(about).toBeFocused();
  await page.keyboard.type('I read ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('long novels');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' on trains.');

  await page.screenshot({ path: 'test-results/screenshots/profile-edit-en.png', fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).locator('.alert-success')).toHaveText('Profile updated!');
  await closeMessages(page, { seen: true });

  const view = page.getByTestId('profile-view');
  await expect(view.getByTestId('profile-name')).toHaveText('Anna Karenina');
  await expect(view.getByTestId('profile-birth')).toHaveText('Thursday, Mar 15, 1990');
  await expect(view.getByTestId('profile-about')).toHaveText('I read long novels on trains.');
  await expect(view.getByTestId('profile-about').locator('strong')).toHaveText('long novels');
  await expect(page.locator('#nav-user')).toContainText('Anna');
  await page.screenshot({ path: 'test-results/screenshots/profile-view-en.png', fullPage: true });

  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText('Anna Karenina');
  await expect(page.getByTestId('profile-birth')).toHaveText('Thursday, Mar 15, 1990');

  // the editor opens with what was saved
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Anna');
  await expect(page.getByRole('group', { name: 'Birth date' }).getByLabel('Year')).toHaveValue('1990');
  await expect(page.getByRole('textbox', { name: 'About myself' }).locator('strong')).toHaveText('long novels');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('profile-view')).toBeVisible();
});

test('another user sees a profile without its mail and without the edit button', async ({ page }) => {
  await registerViaUi(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('First name').fill('Visible');
  await page.getByLabel('Last name').fill('Owner');
  await page.getByRole('button', { name: 'Save' }).click();
  await closeMessages(page);
  const ownerId = await currentUserId(page);
  expect(ownerId).not.toBeNull();

  await logoutViaUi(page);
  await registerViaUi(page);
  await page.goto(`/auth/profile/${ownerId}`);
  await expect(page.getByTestId('profile-name')).toHaveText('Visible Owner');
  await expect(page.getByTestId('profile-mail')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
});

test('deleting a profile asks twice, then logs out and forgets the account', async ({ page }) => {
  const account = await registerViaUi(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Delete profile' }).click();

  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(dialog).toContainText('Are you sure?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete profile' }).click();
  await expect(dialog).toContainText('Are you sure?');
  await dialog.getByRole('button', { name: 'Delete profile' }).click();
  await expect(dialog).toContainText('Are you REALLY sure???');
  await dialog.getByRole('button', { name: 'Delete forever' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page)).toBeVisible();
  await closeMessages(page);
  await expect(page.locator('#nav-user')).toContainText('Guest');

  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(account.mail);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Password').press('Enter');
  await expect(toasts(page)).toContainText('Incorrect credentials');
});
