import { expect, test } from './fixtures';
import { closeMessages, loginViaUi, logoutViaUi, toasts, readResetCode, registerViaUi, strongPassword, shownName } from './helpers';

test('a user resets the password with the code from the mail and is logged in', async ({ page }) => {
  const account = await registerViaUi(page);
  await logoutViaUi(page);

  await page.locator('#nav-user').click();
  await page
    .getByRole('link', { name: 'Forgot password' })
    .or(page.getByRole('button', { name: 'Forgot password' }))
    .click();
  await expect(page).toHaveURL(/\/auth\/reset_password_request$/);
  await page.getByLabel('Email').fill(account.mail);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(toasts(page)).toContainText('a reset code has been sent');
  // on to the code, the mail filled in and the code field taking the cursor
  await expect(page).toHaveURL(/\/auth\/reset_password_with_code\?mail=/);
  await expect(page.getByTestId('reset-code-sent')).toHaveText(`Check ${account.mail} for a letter with the code.`);
  await expect(page.getByLabel('Email')).toHaveValue(account.mail);
  await expect(page.getByLabel('Reset code')).toBeFocused();
  await closeMessages(page);

  // asking again at once sends nothing new
  await page.goBack();
  await expect(page).toHaveURL(/\/auth\/reset_password_request$/);
  await page.getByLabel('Email').fill(account.mail);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(toasts(page)).toContainText('Code was sent earlier.');
  await closeMessages(page, { seen: true });
  await page.goto(`/auth/reset_password_with_code?mail=${encodeURIComponent(account.mail)}`);

  // a wrong code is refused under its field
  const newPassword = strongPassword();
  await page.getByLabel('Reset code').fill('00000000');
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page.locator('.invalid-feedback')).toHaveText('Reset code is incorrect.');
  await expect(toasts(page)).toBeHidden();

  const code = await readResetCode(account.mail);
  await page.getByLabel('Reset code').fill(code);
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page).toHaveURL(/\/auth\/profile$/);
  await expect(toasts(page).locator('.alert-success')).toHaveText('Password is changed');
  await closeMessages(page, { seen: true });
  await expect(page.locator('#nav-user')).toContainText(shownName(account));

  await logoutViaUi(page);
  await loginViaUi(page, { ...account, password: newPassword });
});
