import { expect, test } from './fixtures';
import { LANGUAGE_STORAGE_KEY } from '../common/constants';

test.describe('a visitor with a Russian browser', () => {
  test.use({ locale: 'ru-RU' });

  test('sees Russian first and switches to English, which is remembered', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.locator('#nav-tools')).toHaveText('Инструменты');
    await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
    await expect(page.locator('#nav-user')).toContainText('Гость');
    await page.screenshot({ path: 'test-results/screenshots/login-ru.png', fullPage: true });

    await page.locator('#nav-language').click();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('#nav-tools')).toHaveText('Tools');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('#nav-user')).toContainText('Guest');
    expect(await page.evaluate((k) => localStorage.getItem(k), LANGUAGE_STORAGE_KEY)).toBe('en');
    await page.screenshot({ path: 'test-results/screenshots/login-en.png', fullPage: true });

    await page.reload();
    await expect(page.locator('#nav-tools')).toHaveText('Tools');

    await page.locator('#nav-language').click();
    await page.getByRole('button', { name: 'Русский' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  });

  test('the tools menu lists the tools in Russian', async ({ page }) => {
    await page.goto('/');
    await page.locator('#nav-tools').click();
    await expect(page.getByRole('link', { name: 'Разбор URL' }).or(page.getByRole('button', { name: 'Разбор URL' }))).toBeVisible();
    await expect(page.getByText('Редактор сериализованных данных')).toHaveAttribute('href', '/tools/SerializedDataEditor');
    await page.screenshot({ path: 'test-results/screenshots/home-ru-tools.png', fullPage: true });
  });
});

test('a first visit with an English browser is in English', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Tales', exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/home-en.png', fullPage: true });
});

test.describe('a visitor with a German browser', () => {
  test.use({ locale: 'de-DE' });
  test('gets the default language, Russian', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { name: 'Истории', exact: true })).toBeVisible();
  });
});
