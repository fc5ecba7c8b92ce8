import { expect, test } from './fixtures';
import { closeMessages, toasts, uniqueMail } from './helpers';

test.describe('in Russian', () => {
  test.use({ locale: 'ru-RU' });

  test('a wrong password shows "Incorrect credentials" translated, and closing clears it', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
    await page.getByLabel('Почта').fill(uniqueMail('nobody'));
    await page.getByLabel('Пароль').fill('wrong-password-123');
    await page.getByRole('button', { name: 'Войти' }).click();

    const modal = toasts(page);
    await expect(modal).toBeVisible();
    await expect(modal.locator('.alert-danger')).toHaveText('Неверная почта или пароль');
    await page.screenshot({ path: 'test-results/screenshots/login-failed-ru.png' });
    await closeMessages(page);
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByLabel('Пароль')).toHaveValue('');
    await expect(page.locator('#nav-user')).toContainText('Гость');
  });

  test('an empty form is stopped in the browser with translated field errors', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByText('Некорректный адрес почты!')).toBeVisible();
    await expect(page.getByText('Обязательное поле')).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/login-empty-ru.png' });
    await expect(toasts(page)).toBeHidden();
  });
});

test('in English the modal says "Incorrect credentials" in a danger alert', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(uniqueMail('nobody'));
  await page.getByLabel('Password').fill('wrong-password-123');
  await page.getByLabel('Password').press('Enter');
  await expect(toasts(page).locator('.alert-danger')).toHaveText('Incorrect credentials');
});
