import { expect, test } from './fixtures';
import { registerViaUi } from './helpers';
import { commentOn, createTale, shotPath, switchLanguage } from './tales-helpers';

test('before an account is deleted, the question says what goes with it: tales, drafts, comments, files, likes and others’ comments under the tales', async ({
  page,
  browser,
}) => {
  await registerViaUi(page);
  const tale = await createTale(page.request, { header: 'Mine', body: '<p>Mine.</p>' });
  await createTale(page.request, { header: 'Second', body: '<p>Second.</p>' });
  await createTale(page.request, { header: 'Unfinished', body: '<p>Draft.</p>', is_draft: 1 });
  await commentOn(page, tale.id, 'my own note');

  // another reader comments under the tale twice
  const other = await browser.newPage();
  await registerViaUi(other);
  await commentOn(other, tale.id, 'a visitor says hi');
  await commentOn(other, tale.id, 'and again');
  await other.close();

  await page.goto('/auth/profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Delete profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  const summary = dialog.getByTestId('deletion-summary');
  await expect(summary).toContainText('This deletes your profile for good, and with it:');
  await expect(summary.getByRole('listitem')).toHaveText(['2 tales', '1 draft', '1 comment']);
  await expect(summary).toContainText('2 comments by other people under these tales go too.');
  await expect(dialog.getByTestId('deletion-export-hint')).toHaveText(
    'To keep a copy, download your data first: “Your data” on your profile.',
  );
  await expect(dialog).toContainText('Are you sure?');
  await expect(page.locator('.modal.show')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: shotPath('deletion-summary-en.png') });
  // the question takes the keyboard, and Escape keeps the account
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await switchLanguage(page, 'ru');
  await page.getByRole('button', { name: 'Редактировать' }).click();
  await page.getByRole('button', { name: 'Удалить профиль' }).click();
  const ru = page.getByRole('dialog').getByTestId('deletion-summary');
  await expect(ru.getByRole('listitem')).toHaveText(['2 истории', '1 черновик', '1 комментарий']);
  await expect(ru).toContainText('Удалятся и 2 комментария других людей под этими историями.');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.modal.show')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: shotPath('deletion-summary-ru-phone.png') });
});

test('a new account with nothing in it is told so', async ({ page }) => {
  await registerViaUi(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Delete profile' }).click();
  await expect(page.getByRole('dialog').getByTestId('deletion-summary')).toHaveText(
    'This deletes your profile for good. You have no tales, comments, files or likes.',
  );
});
