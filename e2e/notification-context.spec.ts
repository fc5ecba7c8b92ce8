import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LANGUAGE_STORAGE_KEY } from '../common/constants';
import { apiInPage } from './api';
import { newUserPage } from './helpers';
import { commentOn } from './tales-helpers';

/** Notifications say who did what on which tale, quote it, and group the likes of one item. */

const rows = (page: Page) => page.getByTestId('notification');

async function postTale(page: Page, header: string, text: string): Promise<number> {
  const r = await apiInPage<{ id: number }>(page, '/tale/upsert', { header, body: `<p>${text}</p>`, form_id: 'actionUpsert' });
  expect(r.body.meta.alina_response_success).toBe(1);
  return r.body.data.id;
}
async function like(page: Page, id: number) {
  const r = await apiInPage(page, '/like/process', { ref_table: 'tale', ref_id: id, val: 1 });
  expect(r.body.meta.alina_response_success).toBe(1);
}

test('who did what on which tale, with its words; the likes of one tale as one row, deleted together', async ({ browser }) => {
  test.setTimeout(90_000);
  const contexts = await Promise.all(Array.from({ length: 5 }, () => browser.newContext()));
  try {
    const [nina, oleg, pavel, rita] = await Promise.all(
      ['Nina', 'Oleg', 'Pavel', 'Rita'].map((name, i) => newUserPage(contexts[i], name, 'Tester')),
    );
    const tale = await postTale(nina, 'Walking to Tver', 'Seven days on foot, and one river to cross.');
    for (const p of [oleg, pavel, rita]) await like(p, tale);
    await commentOn(oleg, tale, 'Which river was it?');

    await nina.goto('/notification');
    await expect(rows(nina)).toHaveCount(2);
    const comment = rows(nina).nth(0);
    await expect(comment.getByTestId('notification-text')).toHaveText(/^Oleg Tester commented on your tale “Walking to Tver”( new)?$/);
    await expect(comment.getByTestId('notification-excerpt')).toHaveText('Which river was it?');
    const likes = rows(nina).nth(1);
    await expect(likes.getByTestId('notification-text')).toHaveText(/^Rita Tester and 2 others liked your tale “Walking to Tver”( new)?$/);
    await expect(likes.getByTestId('notification-excerpt')).toHaveText('Seven days on foot, and one river to cross.');
    await expect(likes.getByTestId('notification-author')).toHaveAttribute('href', /\/auth\/profile\/\d+$/);
    await expect(likes.locator('time')).toHaveText(/now|second|minute/);
    await nina.screenshot({ path: 'test-results/notification-context-en.png', fullPage: true });

    // the row leads to the tale
    await likes.getByTestId('notification-link').click();
    await expect(nina).toHaveURL(new RegExp(`/tale/upsert/${tale}$`));
    await nina.goBack();

    // one more like joins the group, at the top
    const sam = await newUserPage(contexts[4], 'Sam', 'Tester');
    await like(sam, tale);
    await nina.reload();
    await expect(rows(nina)).toHaveCount(2);
    await expect(rows(nina).first().getByTestId('notification-text')).toHaveText(/^Sam Tester and 3 others liked your tale/);

    // deleting the row deletes the four likes it stands for, and only them
    await rows(nina).first().getByRole('button', { name: 'Delete the notification from Sam Tester' }).click();
    await expect(rows(nina)).toHaveCount(1);
    await expect(rows(nina).first()).toHaveAttribute('data-kind', 'comment');
    const flat = await apiInPage<{ kind: string }[]>(nina, '/notification/SelectListLatest/50/1');
    expect(flat.body.data.map((n) => n.kind)).toEqual(['comment']);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});

test('in Russian: a like of a comment, a reply, and a group of likes', async ({ browser }) => {
  test.setTimeout(90_000);
  const contexts = await Promise.all(Array.from({ length: 3 }, () => browser.newContext()));
  try {
    const [vera, ivan, olga] = await Promise.all(
      [
        ['Вера', 'Иванова'],
        ['Иван', 'Петров'],
        ['Ольга', 'Смирнова'],
      ].map(([first, last], i) => newUserPage(contexts[i], first, last)),
    );
    const tale = await postTale(ivan, 'Дорога на Тверь', 'Семь дней пешком.');
    const mine = await commentOn(vera, tale, 'А какая река?');
    await like(ivan, mine);
    await like(olga, mine);
    await commentOn(ivan, mine, 'Волга.');

    await vera.evaluate((key) => localStorage.setItem(key, 'ru'), LANGUAGE_STORAGE_KEY);
    await vera.goto('/notification');
    await expect(rows(vera)).toHaveCount(2);
    await expect(rows(vera).nth(0).getByTestId('notification-text')).toHaveText(
      /^Иван Петров отвечает на ваш комментарий к «Дорога на Тверь»( новое)?$/,
    );
    await expect(rows(vera).nth(0).getByTestId('notification-excerpt')).toHaveText('Волга.');
    await expect(rows(vera).nth(1).getByTestId('notification-text')).toHaveText(
      /^Ольга Смирнова и ещё 1 человек ставят лайк вашему комментарию к «Дорога на Тверь»( новое)?$/,
    );
    await expect(rows(vera).nth(1).getByTestId('notification-excerpt')).toHaveText('А какая река?');
    await vera.screenshot({ path: 'test-results/notification-context-ru.png', fullPage: true });
    // a phone: the row wraps, nothing runs off the screen
    await vera.setViewportSize({ width: 390, height: 844 });
    const overflow = await vera.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await vera.screenshot({ path: 'test-results/notification-context-ru-phone.png', fullPage: true });
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
