import { expect, test } from './fixtures';
import { closeMessages, loginViaUi, logoutViaUi, toasts, registerViaUi, strongPassword, shownName } from './helpers';

test('a user changes the password and logs in with the new one only', async ({ page }) => {
  const account = await registerViaUi(page);
  const newPassword = strongPassword();

  await page.locator('#nav-user').click();
  await page
    .getByRole('link', { name: 'Change password' })
    .or(page.getByRole('button', { name: 'Change password' }))
    .click();
  await expect(page).toHaveURL(/\/auth\/change_password$/);

  // a mismatch is caught in the browser
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  // An old session must give the current password. A fresh one (as here) need not, so the
  // server's refusal of an old session is played back to check how the screen shows it.
  await page.route(
    '**/api/auth/ChangePassword**',
    (route) =>
      route.fulfill({
        json: {
          meta: { alina_response_success: 0 },
          data: null,
          messages: [
            { templateString: 'Password not changed!', params: [], status: 3, text: 'Password not changed!' },
            {
              templateString: 'Current password is incorrect (field:current_password)',
              params: [],
              status: 3,
              text: 'Current password is incorrect (field:current_password)',
              field: 'current_password',
            },
          ],
        },
      }),
    { times: 1 },
  );
  await page.getByLabel('Current password').fill('not-my-password-1');
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toasts(page)).toContainText('Password not changed!');
  await expect(page.locator('.invalid-feedback')).toHaveText('Current password is incorrect');
  // the field's message is under the field only, not repeated in the corner
  await expect(toasts(page)).not.toContainText('Current password is incorrect');
  await closeMessages(page, { seen: true });

  // the real server: a session this fresh changes the password without the current one
  await page.getByLabel('Current password').fill('');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toasts(page).locator('.alert-success')).toHaveText('Password is changed');
  await closeMessages(page, { seen: true });
  await expect(page.getByLabel('New password')).toHaveValue('');

  await logoutViaUi(page);
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(account.mail);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Password').press('Enter');
  await expect(toasts(page)).toContainText('Incorrect credentials');
  await closeMessages(page, { seen: true });

  await loginViaUi(page, { ...account, password: newPassword });
  await expect(page.locator('#nav-user')).toContainText(shownName(account));
});
