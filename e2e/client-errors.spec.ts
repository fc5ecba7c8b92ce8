import { expect, test } from './fixtures';
import { closeMessages, toasts } from './helpers';

async function submitLogin(page: import('@playwright/test').Page) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password').fill('any-password-1');
  await page.getByLabel('Password').press('Enter');
}

test('a network failure says "Unexpected error."', async ({ page }) => {
  await page.route('**/api/auth/login**', (route) => route.abort('internetdisconnected'));
  await submitLogin(page);
  await expect(toasts(page).locator('.alert-danger')).toHaveText('Unexpected error.');
  await closeMessages(page, { seen: true });
  await expect(page.getByTestId('spinner-overlay')).toHaveCount(0);
});

test('a non-OK status with an HTML body shows the status and the text of the body', async ({ page }) => {
  await page.route('**/api/auth/login**', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'text/html',
      body: '<html><body><h1>Bad gateway</h1><p>The upstream is down.</p></body></html>',
    }),
  );
  await submitLogin(page);
  const alerts = toasts(page).locator('.alert-danger');
  await expect(alerts).toHaveText(['Server error. Status 502', 'Bad gateway The upstream is down.']);
  await expect(toasts(page).locator('h1')).toHaveCount(0);
});

test('a non-OK status with an envelope shows the status and the envelope messages, coloured by status', async ({ page }) => {
  await page.route('**/api/auth/login**', (route) =>
    route.fulfill({
      status: 429,
      json: {
        meta: { alina_response_success: 0 },
        data: null,
        messages: [
          {
            templateString: 'Too many attempts. Try again in %s seconds',
            params: [42],
            status: 2,
            text: 'Too many attempts. Try again in 42 seconds',
          },
        ],
      },
    }),
  );
  await submitLogin(page);
  await expect(toasts(page).locator('.alert-danger')).toHaveText('Server error. Status 429');
  await expect(toasts(page).locator('.alert-warning')).toHaveText('Too many attempts. Try again in 42 seconds');
});

test.describe('in Russian', () => {
  test.use({ locale: 'ru-RU' });
  test('server messages are translated with their parameters; unknown ones are shown as sent', async ({ page }) => {
    await page.route('**/api/auth/login**', (route) =>
      route.fulfill({
        json: {
          meta: { alina_response_success: 0 },
          data: null,
          messages: [
            { templateString: 'Too many attempts. Try again in %s seconds', params: [42], status: 3, text: '' },
            { templateString: 'A message no catalogue knows: %s', params: ['x'], status: 1, text: '' },
          ],
        },
      }),
    );
    await page.goto('/auth/login');
    await page.getByLabel('Почта').fill('someone@example.com');
    await page.getByLabel('Пароль').fill('any-password-1');
    await page.getByLabel('Пароль').press('Enter');
    await expect(toasts(page).locator('.alert-danger')).toHaveText('Слишком много попыток. Повторите через 42 с');
    await expect(toasts(page).locator('.alert-info')).toHaveText('A message no catalogue knows: x');
  });
});
