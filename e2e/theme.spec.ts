import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerViaUi } from './helpers';
import { createTale, shotPath, switchLanguage } from './tales-helpers';

const theme = (page: Page) => page.locator('html').getAttribute('data-bs-theme');
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function choose(page: Page, name: string) {
  await page.getByTestId('theme-selector').getByRole('button').first().click();
  await page.getByRole('button', { name, exact: true }).click();
}

test('the theme follows the system until the reader picks one, which is kept after a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect.poll(() => theme(page)).toBe('dark');
  expect(await background(page)).not.toBe('rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => theme(page)).toBe('light');
  expect(await background(page)).toBe('rgb(255, 255, 255)');

  // picked: dark, whatever the system says, also after a reload
  await choose(page, 'Dark');
  await expect.poll(() => theme(page)).toBe('dark');
  await page.reload();
  await expect.poll(() => theme(page)).toBe('dark');
  await expect(page.getByTestId('theme-selector').getByRole('button').first()).toHaveAccessibleName('Theme: Dark');

  // back to the system's
  await choose(page, 'As the system');
  await expect.poll(() => theme(page)).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => theme(page)).toBe('dark');

  // by keyboard, in Russian
  await switchLanguage(page, 'ru');
  const toggle = page.getByTestId('theme-selector').getByRole('button').first();
  await expect(toggle).toHaveAccessibleName('Тема: Как в системе');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Светлая', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => theme(page)).toBe('light');
});

test('dark screens: feed, tale with its editor, profile (screenshots)', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await registerViaUi(page);
  const tale = await createTale(page.request, { header: 'A night walk', body: '<p>The river was <strong>dark</strong> and quiet.</p>' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/tale/upsert/${tale.id}`);
  await expect(page.getByTestId('tale-view')).toBeVisible();
  expect(await theme(page)).toBe('dark');
  // the comment editor's toolbar buttons (shown once it takes the cursor) take the dark colours, not Bootstrap's light ones
  await page.getByTestId('comment-form').getByRole('textbox').click();
  const bold = page.getByTestId('editor-bold').first();
  const [button, bar] = await Promise.all([
    bold.evaluate((b) => getComputedStyle(b).backgroundColor),
    bold.evaluate((b) => getComputedStyle(b.closest('.tales-editor-toolbar') as Element).backgroundColor),
  ]);
  expect(button).toBe(bar);
  await page.screenshot({ path: shotPath('tale-dark-en.png'), fullPage: true });
  await page.goto('/');
  await page.screenshot({ path: shotPath('feed-dark-en.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await switchLanguage(page, 'ru');
  await page.screenshot({ path: shotPath('feed-dark-ru-phone.png') });
});
