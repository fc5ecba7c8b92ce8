import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerViaUi } from './helpers';

const editor = (page: Page) => page.getByRole('textbox', { name: 'Text' });
const tool = (page: Page, id: string) => page.getByTestId(`editor-${id}`);

/** Types into the editor, selects the last word with Shift+Ctrl+Left. */
async function typeAndSelectLastWord(page: Page, text: string) {
  const body = editor(page);
  await body.click();
  await expect(body).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Shift+ControlOrMeta+ArrowLeft');
}

test.beforeEach(async ({ page }) => {
  await registerViaUi(page);
  await page.goto('/tale/upsert');
  await expect(page.getByRole('heading', { name: 'New tale' })).toBeVisible();
});

test('the link box takes the cursor: a selected word becomes a link with Enter, and with Apply', async ({ page }) => {
  await typeAndSelectLastWord(page, 'visit our website');
  await tool(page, 'link').click();
  const address = page.getByTestId('editor-link-panel').getByRole('textbox');
  await expect(address).toBeFocused();
  await page.keyboard.type('https://example.com/site');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('editor-link-panel')).toBeHidden();
  const link = editor(page).locator('a');
  await expect(link).toHaveText('website');
  await expect(link).toHaveAttribute('href', 'https://example.com/site');
  await expect(editor(page)).toHaveText('visit our website');
  // focus is back in the text, after the link
  await expect(editor(page)).toBeFocused();

  // a second word, linked with the Apply button
  await page.keyboard.press('End');
  await typeAndSelectLastWord(page, ' and blog');
  await tool(page, 'link').click();
  await expect(address).toBeFocused();
  await page.keyboard.type('https://example.com/blog');
  await page.getByTestId('editor-link-panel').getByRole('button', { name: 'Apply' }).click();
  await expect(editor(page).locator('a')).toHaveText(['website', 'blog']);
  await expect(editor(page).locator('a').nth(1)).toHaveAttribute('href', 'https://example.com/blog');
});

test('Escape closes the link box and gives the selection back to the text unchanged', async ({ page }) => {
  await typeAndSelectLastWord(page, 'keep this word');
  await tool(page, 'link').click();
  await expect(page.getByTestId('editor-link-panel').getByRole('textbox')).toBeFocused();
  await page.keyboard.type('https://example.com');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('editor-link-panel')).toBeHidden();
  await expect(editor(page)).toBeFocused();
  await expect(editor(page).locator('a')).toHaveCount(0);
  // the word is still selected: typing replaces it
  await page.keyboard.type('phrase');
  await expect(editor(page)).toHaveText('keep this phrase');
});

test('the image and media boxes take the cursor and insert at the caret', async ({ page }) => {
  const body = editor(page);
  await body.click();
  await page.keyboard.type('before');
  await tool(page, 'image').click();
  await expect(page.getByRole('textbox', { name: 'Image address' })).toBeFocused();
  await page.keyboard.type('https://example.com/picture.png');
  await page.keyboard.press('Enter');
  await expect(body.locator('img')).toHaveAttribute('src', 'https://example.com/picture.png');
  await expect(body).toContainText('before');
  await tool(page, 'media').click();
  await expect(page.getByRole('textbox', { name: /Audio or video address/ })).toBeFocused();
  await page.keyboard.type('https://example.com/clip.mp4');
  await page.keyboard.press('Enter');
  await expect(body.locator('video')).toHaveCount(1);
  await expect(body).toContainText('before');
});
