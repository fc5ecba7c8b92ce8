import { chromium, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chromiumUse } from './browser';
import { registerViaUi, toasts } from './helpers';
import { commentOn, createTale, shotPath, switchLanguage, uniqueWord } from './tales-helpers';

/**
 * The comment composer: one line until it takes the cursor, then a light editor (bold, italic,
 * link, image) that grows; one composer of a thread open at a time, a folded one keeping its
 * draft. And the tale editor on a phone: the first tools, the rest behind 'More tools'.
 */

const height = (l: Locator) => l.evaluate((e) => e.getBoundingClientRect().height);
const toolNames = (form: Locator) =>
  form
    .getByRole('toolbar')
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));

async function taleWithComment(page: Page, word: string): Promise<{ taleId: number; commentId: number }> {
  const tale = await createTale(page.request, { header: `Composer ${word}`, body: '<p>A tale to talk about.</p>' });
  return { taleId: tale.id, commentId: await commentOn(page, tale.id, 'The first comment.') };
}

test('the comment box is one line until it takes the cursor, then grows with four tools; one open at a time, a folded draft kept', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await registerViaUi(page);
  const { taleId } = await taleWithComment(page, uniqueWord('fold'));
  await page.goto(`/tale/upsert/${taleId}`);

  const form = page.getByTestId('comments').getByTestId('comment-form').last();
  const box = form.getByRole('textbox', { name: 'New comment' });
  await expect(box).toBeVisible();
  // folded: one line, no tools, no buttons, and it says what it is for
  await expect(form).toHaveAttribute('data-open', '0');
  await expect(form.getByRole('toolbar')).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Add comment' })).toHaveCount(0);
  await expect(box).toHaveAttribute('aria-label', 'New comment');
  await expect(form.locator('[data-placeholder="Write a comment…"]')).toHaveCount(1);
  expect(await height(box)).toBeLessThan(60);

  await box.click();
  await expect(form).toHaveAttribute('data-open', '1');
  await expect.poll(() => toolNames(form)).toEqual(['Bold', 'Italic', 'Link', 'Insert image']);
  await expect.poll(() => height(box)).toBeGreaterThanOrEqual(90);
  // the tools come under the text, so the text stays where it was clicked
  const [boxTop, toolsTop] = await Promise.all(
    [box, form.getByRole('toolbar')].map((l) => l.evaluate((e) => e.getBoundingClientRect().top)),
  );
  expect(toolsTop).toBeGreaterThan(boxTop);

  // bold by keyboard, italic by its button, a selected word made a link through the Link box
  await expect(box).toBeFocused();
  await page.keyboard.type('Hello ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('brave');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' new ');
  await form.getByRole('button', { name: 'Italic' }).click();
  await expect(box).toBeFocused();
  await page.keyboard.type('world');
  await form.getByRole('button', { name: 'Italic' }).click();
  await expect(box).toBeFocused();
  await page.keyboard.type(' site');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
  await form.getByRole('button', { name: 'Link' }).click();
  const address = form.getByRole('textbox', { name: 'Link address (http, https or mailto)' });
  await expect(address).toBeFocused();
  await page.keyboard.type('https://example.com/about');
  await page.keyboard.press('Enter');
  await expect(box.locator('a')).toHaveText('site');

  // a reply box opened folds the comment box; what was typed there stays
  const comment = page.getByTestId('comment').filter({ hasText: 'The first comment.' });
  const toggle = comment.getByTestId('replies').getByTestId('comments-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const replyForm = comment.getByTestId('reply-form');
  await expect(replyForm).toHaveAttribute('data-open', '0');
  await replyForm.getByRole('textbox', { name: 'Reply' }).click();
  await expect(replyForm).toHaveAttribute('data-open', '1');
  await expect(form).toHaveAttribute('data-open', '0');
  await expect(form.getByRole('toolbar')).toHaveCount(0);
  await expect(page.getByTestId('comments').getByRole('toolbar')).toHaveCount(1);
  await expect(box).toHaveText('Hello brave new world site');
  await page.keyboard.type('A reply in between.');
  await replyForm.getByRole('button', { name: 'Reply' }).click();
  await expect(comment.getByTestId('reply-list').getByTestId('comment-body')).toHaveText('A reply in between.');
  await expect(toasts(page)).toBeHidden();

  // back in the comment box: the draft, whole, and it goes out with its marks
  await box.click();
  await expect(form).toHaveAttribute('data-open', '1');
  await expect(replyForm).toHaveAttribute('data-open', '0');
  await form.getByRole('button', { name: 'Add comment' }).click();
  const sent = page.getByTestId('comment-body').filter({ hasText: 'Hello brave new world site' });
  await expect(sent.locator('strong')).toHaveText('brave');
  await expect(sent.locator('em')).toHaveText('world');
  await expect(sent.locator('a')).toHaveAttribute('href', 'https://example.com/about');
  await expect(box).toHaveText('');

  // Cancel empties and folds the box, and leaves the keyboard on the form (Tab goes back in)
  await box.click();
  await page.keyboard.type('Never mind');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveAttribute('data-open', '0');
  await expect(box).toHaveText('');
  await expect(form).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(box).toBeFocused();
  await expect(form).toHaveAttribute('data-open', '1');
  await page.screenshot({ path: shotPath('comment-composer-en.png'), fullPage: true });
});

test('editing a comment opens its composer with the text; another box opening folds it but keeps the edit, Save and Cancel', async ({
  page,
}) => {
  await registerViaUi(page);
  const { taleId } = await taleWithComment(page, uniqueWord('edit'));
  await page.goto(`/tale/upsert/${taleId}`);
  const comment = page.getByTestId('comment').filter({ hasText: 'The first comment.' });
  await comment.getByRole('button', { name: 'Edit' }).click();
  const edit = comment.getByTestId('comment-edit-form');
  await expect(edit).toHaveAttribute('data-open', '1');
  await expect.poll(() => toolNames(edit)).toEqual(['Bold', 'Italic', 'Link', 'Insert image']);
  // the edit takes the cursor, at the end of the text
  const editBox = edit.getByRole('textbox', { name: 'Editing the comment' });
  await expect(editBox).toBeFocused();
  await page.keyboard.type(' Edited.');

  const form = page.getByTestId('comments').getByTestId('comment-form').last();
  await form.getByRole('textbox', { name: 'New comment' }).click();
  await expect(form).toHaveAttribute('data-open', '1');
  await expect(edit).toHaveAttribute('data-open', '0');
  await expect(edit.getByRole('toolbar')).toHaveCount(0);
  await expect(editBox).toHaveText('The first comment. Edited.');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(comment.getByTestId('comment-body').first()).toHaveText('The first comment. Edited.');
});

test('Russian: the composer speaks Russian', async ({ page }) => {
  await registerViaUi(page);
  const { taleId } = await taleWithComment(page, uniqueWord('ru'));
  await page.goto(`/tale/upsert/${taleId}`);
  await switchLanguage(page, 'ru');
  const form = page.getByTestId('comments').getByTestId('comment-form').last();
  await expect(form.locator('[data-placeholder="Напишите комментарий…"]')).toHaveCount(1);
  await form.getByRole('textbox', { name: 'Новый комментарий' }).click();
  await expect.poll(() => toolNames(form)).toEqual(['Полужирный', 'Курсив', 'Ссылка', 'Вставить изображение']);
  await expect(form.getByRole('button', { name: 'Добавить комментарий' })).toBeDisabled();
  await page.screenshot({ path: shotPath('comment-composer-ru.png'), fullPage: true });
});

for (const lang of ['en', 'ru'] as const) {
  test(`the tale editor on a phone shows its first tools and keeps the rest behind 'More tools', by mouse and keyboard, ${lang}`, async ({
    page,
  }) => {
    const words = {
      en: { more: 'More tools', style: 'Paragraph style', underline: 'Underline', bold: 'Bold', text: 'Text' },
      ru: { more: 'Ещё инструменты', style: 'Стиль абзаца', underline: 'Подчёркнутый', bold: 'Полужирный', text: 'Текст' },
    }[lang];
    await registerViaUi(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/tale/upsert');
    if (lang === 'ru') await switchLanguage(page, 'ru');
    const toolbar = page.getByTestId('rich-text-editor').first().getByRole('toolbar');
    await expect(toolbar).toBeVisible();
    const underline = toolbar.getByRole('button', { name: words.underline });
    const more = toolbar.getByRole('button', { name: words.more });
    // one row: image, link, bold, italic, bulleted list and the More button
    await expect(underline).toBeHidden();
    await expect(toolbar.getByRole('button', { name: words.bold })).toBeVisible();
    expect(await height(toolbar)).toBeLessThan(50);
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await page.screenshot({ path: shotPath(`editor-phone-${lang}.png`) });

    // by keyboard: the button opens the rest, and the first of them takes the focus (they come before it)
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(underline).toBeVisible();
    await expect(toolbar.getByRole('combobox', { name: words.style })).toBeFocused();
    await page.screenshot({ path: shotPath(`editor-phone-more-${lang}.png`) });
    // a tool from the menu works on the text
    await page.getByRole('textbox', { name: words.text }).click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Underlined');
    await page.keyboard.press('Control+a');
    await underline.click();
    await expect(page.getByRole('textbox', { name: words.text }).locator('u')).toHaveText('Underlined');
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(underline).toBeHidden();

    // a desktop window shows every tool and no More button
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(underline).toBeVisible();
    await expect(toolbar.getByRole('button', { name: words.more })).toBeHidden();
  });
}

test('with real scrollbars, a page neither moves sideways as its comments make it longer nor as a dialog opens', async ({ baseURL }) => {
  // headless Chromium hides scrollbars unless told not to: here they take their place, as on a desktop
  const browser = await chromium.launch({ ...chromiumUse.launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] });
  try {
    const page = await browser.newPage({ baseURL, viewport: { width: 1280, height: 700 } });
    await registerViaUi(page);
    const { taleId } = await taleWithComment(page, uniqueWord('gutter'));
    for (let i = 0; i < 6; i++) await commentOn(page, taleId, `Filler ${i}`);
    await page.goto(`/tale/upsert/${taleId}`);
    const header = page.getByTestId('tale-view');
    await expect(header).toBeVisible();
    const left = () => header.evaluate((e) => e.getBoundingClientRect().left);
    const first = await left();
    await expect(page.getByTestId('comment')).toHaveCount(7);
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    expect(await left()).toBe(first);
    await page.getByTestId('comment').first().getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await left()).toBe(first);
  } finally {
    await browser.close();
  }
});
