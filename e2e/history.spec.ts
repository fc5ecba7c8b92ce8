import type { Page } from '@playwright/test';
import { apiInPage } from './api';
import { expect, test } from './fixtures';
import { axe, registerViaUi, toasts } from './helpers';
import { commentOn, createTale, shotPath, switchLanguage, uniqueWord } from './tales-helpers';

/** Saves a tale's text through the API as the user of `page` (as the editor's Save does). */
async function saveText(page: Page, id: number, fields: { header?: string; body: string }) {
  const r = await apiInPage(page, `/tale/upsert/${id}`, { id, ...fields, form_id: 'actionUpsert' });
  expect(r.body.meta.alina_response_success, JSON.stringify(r.body.messages)).toBe(1);
}

test('an edited tale says so; its author sees each earlier version against the text it has now, and brings one back, by keyboard', async ({
  page,
  browser,
}) => {
  await registerViaUi(page);
  const word = uniqueWord('hist');
  const tale = await createTale(page.request, { header: `Lantern ${word}`, body: '<p>The old lantern burned all night by the river.</p>' });
  await page.goto(`/tale/upsert/${tale.id}`);
  await expect(page.getByTestId('tale-edited')).toHaveCount(0);
  await expect(page.getByTestId('history-open')).toHaveCount(0);

  await saveText(page, tale.id, { header: `Lamp ${word}`, body: '<p>The new lamp burned all night by the sea.</p>' });
  await saveText(page, tale.id, { body: '<p>The new lamp burned until dawn by the sea.</p>' });
  await page.reload();
  await expect(page.getByTestId('tale-edited')).toHaveText(/^edited \(.+\)$/);
  await expect(page.getByTestId('tale-edited')).toHaveAttribute('title', /^Edited /);

  // open the history from the keyboard: it takes the focus, and gives it back when it closes
  const open = page.getByTestId('history-open');
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Earlier versions' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('history-versions').getByRole('button')).toHaveCount(2);
  await expect(dialog.getByRole('button', { pressed: true })).toContainText('replaced by');
  // the newest earlier version against now: "all night" went, "until dawn" came
  const text = dialog.getByTestId('history-text-diff');
  await expect(text.locator('del')).toContainText(['all night']);
  await expect(text.locator('ins')).toContainText(['until dawn']);
  await expect(dialog.getByTestId('history-header-diff')).toHaveCount(0);
  expect(await axe(page).include('.modal').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()).toMatchObject({
    violations: [],
  });

  // the first version: its header and text differ from now
  await dialog.getByTestId('history-versions').getByRole('button').nth(1).click();
  await expect(dialog.getByTestId('history-header-diff').locator('del')).toHaveText('removed: Lantern');
  await expect(dialog.getByTestId('history-header-diff').locator('ins')).toHaveText('added: Lamp');
  await expect(page.locator('.modal.show')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: shotPath('history-desktop-en.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  // bring the first version back
  await open.click();
  await dialog.getByTestId('history-versions').getByRole('button').nth(1).click();
  await dialog.getByTestId('history-restore').click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText('The earlier version is back');
  await expect(page.getByTestId('tale-header')).toHaveText(`Lantern ${word}`);
  await expect(page.getByTestId('tale-body')).toHaveText('The old lantern burned all night by the river.');
  // nothing was lost: the text it replaced is now an earlier version too
  await open.click();
  await expect(dialog.getByTestId('history-versions').getByRole('button')).toHaveCount(3);
  await page.keyboard.press('Escape');

  // another reader sees "edited" but no history
  const other = await browser.newPage();
  await registerViaUi(other);
  await other.goto(`/tale/upsert/${tale.id}`);
  await expect(other.getByTestId('tale-edited')).toBeVisible();
  await expect(other.getByTestId('history-open')).toHaveCount(0);
  const refused = await apiInPage(other, `/tale/revisions/${tale.id}/10/1`);
  expect(refused.status).toBe(403);
  await other.close();
});

test("a comment's history, in Russian and on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerViaUi(page);
  const tale = await createTale(page.request, { header: 'Thread', body: '<p>Talk here.</p>' });
  const id = await commentOn(page, tale.id, 'Frist comment here');
  const edited = await apiInPage(page, `/tale/upsert/${id}`, { body: '<p>First comment here</p>', form_id: 'actionUpsert' });
  expect(edited.body.meta.alina_response_success).toBe(1);
  await switchLanguage(page, 'ru');
  await page.goto(`/tale/upsert/${tale.id}`);
  const comment = page.getByTestId('comment-list').locator('[data-testid="comment-body"]', { hasText: 'First comment here' });
  await expect(comment).toBeVisible();
  await expect(page.getByTestId('comment-list').getByTestId('tale-edited')).toHaveText(/^изменено \(.+\)$/);
  await page.getByTestId('comment-list').getByTestId('history-open').click();
  const dialog = page.getByRole('dialog', { name: 'Прежние версии' });
  await expect(dialog.getByTestId('history-text-diff').locator('del')).toHaveText('удалено: Frist');
  await expect(dialog.getByTestId('history-text-diff').locator('ins')).toHaveText('добавлено: First');
  await expect(dialog.getByTestId('history-restore')).toHaveText('Вернуть эту версию');
  await expect(page.locator('.modal.show')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: shotPath('history-phone-ru.png') });
  await dialog.getByTestId('history-restore').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('comment-list').getByTestId('comment-body')).toHaveText('Frist comment here');
});
