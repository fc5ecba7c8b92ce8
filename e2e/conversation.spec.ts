import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LANGUAGE_STORAGE_KEY } from '../common/constants';
import { apiInPage, storedUserId } from './api';
import { closeMessages, toasts, openUserMenu, registerViaUi } from './helpers';

/**
 * Conversation with two browser users: B comments on A's tale, A sees the badge (the poll, no
 * reload), follows the notification to the lit comment and replies; B likes, A sees B among the
 * likers; owner-only and closed tales; a visitor. Screenshots in English and Russian.
 */

interface Person {
  page: Page;
  id: number;
  name: string;
}

async function person(browser: Browser, contexts: BrowserContext[], firstname: string, lastname: string): Promise<Person> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  // fake timers that still run in real time, so the 20-second badge poll can be fast-forwarded
  await page.clock.install();
  await registerViaUi(page);
  const me = await apiInPage<{ user: { id: number } }>(page, '/auth/profile', { id: await storedUserId(page), firstname, lastname });
  expect(me.body.meta.alina_response_success).toBe(1);
  return { page, id: await storedUserId(page), name: `${firstname} ${lastname}` };
}

async function createTale(page: Page, header: string, flags: Record<string, number> = {}): Promise<number> {
  const res = await apiInPage<{ id: number }>(page, '/tale/upsert', {
    header,
    body: `<p>${header}: the body.</p>`,
    form_id: 'actionUpsert',
    ...flags,
  });
  expect(res.body.meta.alina_response_success).toBe(1);
  return res.body.data.id;
}

const commentsOf = (page: Page) => page.getByTestId('comments');
const commentWith = (scope: Page | Locator, text: string) => scope.getByTestId('comment').filter({ hasText: text });

/** Types into the rich-text editor of a comment form and sends it; the new comment shows itself, no message box. */
async function writeComment(form: Locator, text: string, submit: RegExp) {
  const editor = form.getByRole('textbox');
  await editor.click();
  await editor.pressSequentially(text);
  await form.getByRole('button', { name: submit }).click();
  await expect(form.page().getByTestId('comment').filter({ hasText: text }).first()).toBeVisible();
  await expect(toasts(form.page())).toBeHidden();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/conversation-${name}.png`, fullPage: true });

test.describe.configure({ mode: 'serial' });

const contexts: BrowserContext[] = [];
let alice: Person;
let bob: Person;
let taleId: number;

test.beforeAll(async ({ browser }) => {
  alice = await person(browser, contexts, 'Alice', 'Author');
  bob = await person(browser, contexts, 'Bob', 'Reader');
  taleId = await createTale(alice.page, 'A tale to talk about');
});

test.afterAll(async () => {
  for (const c of contexts) await c.close();
});

test('B comments on A’s tale; A sees the badge without a reload, follows the notification to the lit comment and replies', async () => {
  test.setTimeout(90_000);
  const a = alice.page;
  const b = bob.page;

  // A waits on a page that makes no further requests of its own
  await a.goto(`/auth/profile/${alice.id}`);
  await expect(a.locator('#nav-user .badge')).toHaveCount(0);

  await b.goto(`/tale/upsert/${taleId}`);
  await expect(commentsOf(b).getByTestId('comments-toggle')).toHaveText(/0 comments/);
  await expect(commentsOf(b).getByTestId('comments-toggle')).toHaveAttribute('aria-expanded', 'true');
  await writeComment(commentsOf(b).getByTestId('comment-form'), 'What a tale! Tell us more.', /^Add comment$/);
  const bobsComment = commentWith(commentsOf(b), 'What a tale! Tell us more.');
  await expect(bobsComment).toBeVisible();
  await expect(bobsComment.getByTestId('comment-author')).toHaveText(bob.name);
  await expect(bobsComment.getByTestId('comment-author')).toHaveAttribute('href', `/auth/profile/${bob.id}`);
  await expect(commentsOf(b).getByTestId('comments-toggle').first()).toHaveText(/1 comment$/);

  // A's badge follows through the 20-second poll, with no reload
  await a.clock.fastForward(21_000);
  await expect(a.locator('#nav-user .badge')).toContainText('1');

  await openUserMenu(a);
  await a.getByRole('link', { name: /Notifications/ }).click();
  await expect(a).toHaveURL(/\/notification$/);
  const row = a.getByTestId('notification').first();
  await expect(row.getByTestId('notification-link')).toHaveText('commented on your tale “A tale to talk about”');
  await expect(row.getByTestId('notification-author')).toHaveText(bob.name);
  await expect(row.getByTestId('notification-excerpt')).toHaveText('What a tale! Tell us more.');
  // viewing marks them shown: the badge goes
  await expect(a.locator('#nav-user .badge')).toHaveCount(0);
  await shot(a, 'notifications-en');

  await row.getByTestId('notification-link').click();
  await expect(a).toHaveURL(new RegExp(`/tale/upsert/${taleId}\\?highlight=\\d+&expand=\\d+$`));
  const lit = a.locator('[data-testid="comment"][data-highlighted="1"]');
  await expect(lit).toContainText('What a tale! Tell us more.');
  await expect(lit).toBeInViewport();
  await expect(commentsOf(a).getByTestId('comments-show-all')).toBeVisible();
  // the branch is open: its reply form is there
  const replies = lit.getByTestId('replies');
  await expect(replies.getByTestId('comments-toggle')).toHaveAttribute('aria-expanded', 'true');
  await shot(a, 'highlighted-en');
  await writeComment(replies.getByTestId('reply-form'), 'Thank you, Bob! More is coming.', /^Reply$/);
  await expect(commentWith(replies, 'Thank you, Bob! More is coming.')).toBeVisible();
  await expect(replies.getByTestId('comments-toggle')).toHaveText(/1 reply$/);
  await expect(commentsOf(a).getByTestId('comments-toggle').first()).toHaveText(/2 comments$/);

  // 'Show all comments' drops the narrowing
  await commentsOf(a).getByTestId('comments-show-all').click();
  await expect(a).toHaveURL(new RegExp(`/tale/upsert/${taleId}$`));
  await expect(a.locator('[data-testid="comment"][data-highlighted="1"]')).toHaveCount(0);

  // B hears of the answer
  const count = await apiInPage<{ count: number }>(b, '/notification/count');
  expect(count.body.data.count).toBe(1);
  await b.goto('/notification');
  await expect(b.getByTestId('notification-text').first()).toHaveText(
    new RegExp(`^${alice.name} replied to your comment on “A tale to talk about”( new)?$`),
  );
  await expect(b.getByTestId('notification-excerpt').first()).toHaveText('Thank you, Bob! More is coming.');
  await b.getByTestId('notification-link').first().click();
  await expect(b.locator('[data-testid="comment"][data-highlighted="1"]')).toContainText('Thank you, Bob!');
  await expect(b.locator('[data-testid="comment"][data-highlighted="1"]')).toBeInViewport();
});

test('B likes the tale; A sees B in the Likers modal', async () => {
  const a = alice.page;
  const b = bob.page;
  await b.goto(`/tale/upsert/${taleId}`);
  const like = b.locator(`[data-testid="like"][data-tale-id="${taleId}"]`);
  await expect(like.getByTestId('like-count')).toHaveText('0');
  // the count's name holds the number it shows (WCAG 2.5.3, label in name)
  await expect(like.getByTestId('like-count')).toHaveAccessibleName('0 likes');
  await expect(like.getByTestId('like-count')).toBeDisabled();
  await like.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(like.getByTestId('like-count')).toHaveText('1');
  await expect(like.getByTestId('like-count')).toHaveAccessibleName('1 like: show who liked');
  await expect(like.getByRole('button', { name: 'Remove my like' })).toHaveAttribute('aria-pressed', 'true');
  // and back, and again: the server toggles
  await like.getByRole('button', { name: 'Remove my like' }).click();
  await expect(like.getByTestId('like-count')).toHaveText('0');
  await like.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(like.getByTestId('like-count')).toHaveText('1');
  // a like on a comment too
  const comment = commentWith(commentsOf(b), 'What a tale!').first();
  await comment.locator('[data-testid="like"]').first().getByRole('button', { name: 'Like', exact: true }).click();
  await expect(comment.getByTestId('like-count').first()).toHaveText('1');

  await a.goto(`/tale/upsert/${taleId}`);
  const aLike = a.locator(`[data-testid="like"][data-tale-id="${taleId}"]`);
  await expect(aLike.getByTestId('like-count')).toHaveText('1');
  await aLike.getByTestId('like-count').click();
  const modal = a.getByRole('dialog', { name: 'Likers' });
  await expect(modal).toBeVisible();
  const liker = modal.getByRole('link', { name: bob.name });
  await expect(liker).toHaveAttribute('href', `/auth/profile/${bob.id}`);
  await shot(a, 'likers-en');
  await liker.click();
  await expect(a).toHaveURL(new RegExp(`/auth/profile/${bob.id}$`));
});

test('owner-only and closed tales: the note, and the editor only for the owner', async () => {
  const a = alice.page;
  const b = bob.page;
  const ownerOnly = await createTale(a, 'Only I may comment here', { is_comment_for_owner: 1 });
  const closed = await createTale(a, 'No comments at all', { is_comment_denied: 1 });

  await b.goto(`/tale/upsert/${ownerOnly}`);
  await expect(commentsOf(b).getByTestId('comments-owner-only')).toHaveText('Comments only for owner');
  await expect(commentsOf(b).getByTestId('comment-form')).toHaveCount(0);
  const refused = await apiInPage(b, '/tale/upsert', {
    answer_to_tale_id: ownerOnly,
    type: 'COMMENT',
    body: '<p>sneaky</p>',
    form_id: 'actionCommentAdd',
  });
  expect(refused.status).toBe(403);

  await a.goto(`/tale/upsert/${ownerOnly}`);
  await expect(commentsOf(a).getByTestId('comments-owner-only')).toBeVisible();
  await writeComment(commentsOf(a).getByTestId('comment-form'), 'The owner may.', /^Add comment$/);
  await expect(commentWith(commentsOf(a), 'The owner may.')).toBeVisible();
  // B reads it, and may not reply under it either
  await b.reload();
  const ownersComment = commentWith(commentsOf(b), 'The owner may.');
  await ownersComment.getByTestId('replies').getByTestId('comments-toggle').click();
  await expect(ownersComment.getByTestId('reply-form')).toHaveCount(0);

  await b.goto(`/tale/upsert/${closed}`);
  await expect(commentsOf(b).getByTestId('comments-denied')).toBeVisible();
  await expect(commentsOf(b).getByTestId('comment-form')).toHaveCount(0);
  await a.goto(`/tale/upsert/${closed}`);
  await expect(commentsOf(a).getByTestId('comment-form')).toBeVisible();
});

test('edit restores the previous body on cancel; delete asks first', async () => {
  const b = bob.page;
  await b.goto(`/tale/upsert/${taleId}`);
  const mine = commentWith(commentsOf(b), 'What a tale!').first();
  await mine.getByRole('button', { name: 'Edit', exact: true }).first().click();
  const form = mine.getByTestId('comment-edit-form');
  await form.getByRole('textbox').click();
  await b.keyboard.press('End');
  await b.keyboard.type(' EDITED');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(mine.getByTestId('comment-body').first()).toHaveText('What a tale! Tell us more.');

  await mine.getByRole('button', { name: 'Edit', exact: true }).first().click();
  await form.getByRole('textbox').click();
  await b.keyboard.press('End');
  await b.keyboard.type(' Edited.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(mine.getByTestId('comment-body').first()).toHaveText('What a tale! Tell us more. Edited.');

  // a second comment, then deleted after the question
  await writeComment(commentsOf(b).getByTestId('comment-form'), 'A comment to delete', /^Add comment$/);
  const doomed = commentWith(commentsOf(b), 'A comment to delete');
  await doomed.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = b.getByRole('dialog').filter({ hasText: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(doomed).toBeVisible();
  await doomed.getByRole('button', { name: 'Delete', exact: true }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(doomed).toHaveCount(0);
  await expect(toasts(b)).toBeHidden();
});

test('a visitor is asked to log in to comment, and to like', async ({ page }) => {
  await page.goto(`/tale/upsert/${taleId}`);
  const prompt = commentsOf(page).getByTestId('comments-login');
  await expect(prompt).toHaveText('Log in or register to comment');
  await expect(prompt.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
  await expect(prompt.getByRole('link', { name: 'register' })).toHaveAttribute('href', '/auth/register');
  await expect(commentsOf(page).getByTestId('comment-form')).toHaveCount(0);
  await page.locator(`[data-testid="like"][data-tale-id="${taleId}"]`).getByRole('button', { name: 'Like', exact: true }).click();
  await expect(toasts(page)).toContainText('Only logged-in users are allowed to like :-)');
  await shot(page, 'visitor-like-en');
  await closeMessages(page);
});

test('the list pages: earlier comments, More, All', async () => {
  const a = alice.page;
  const many = await createTale(a, 'A busy tale');
  for (let i = 1; i <= 23; i++) {
    const r = await apiInPage(a, '/tale/upsert', {
      answer_to_tale_id: many,
      type: 'COMMENT',
      body: `<p>Comment number ${i}</p>`,
      form_id: 'actionCommentAdd',
    });
    expect(r.body.meta.alina_response_success).toBe(1);
  }
  await a.goto(`/tale/upsert/${many}`);
  const list = commentsOf(a);
  await expect(list.getByTestId('comments-toggle').first()).toHaveText(/23 comments$/);
  // the newest page first: 21..23
  await expect(list.getByTestId('comment')).toHaveCount(3);
  await expect(list.getByTestId('comment').first()).toContainText('Comment number 21');
  await list.getByTestId('comments-earlier').click();
  await expect(list.getByTestId('comment')).toHaveCount(13);
  await expect(list.getByTestId('comment').first()).toContainText('Comment number 11');
  // page 1 alone, then More appends page 2
  await list.getByRole('button', { name: 'Page 1' }).click();
  await expect(list.getByTestId('comment')).toHaveCount(10);
  await list.getByRole('button', { name: /^Show 10 more$/ }).click();
  await expect(list.getByTestId('comment')).toHaveCount(20);
  await expect(list.getByTestId('comment').last()).toContainText('Comment number 20');
  await list.getByRole('button', { name: /^Show all 23$/ }).click();
  await expect(list.getByTestId('comment')).toHaveCount(23);
  await expect(list.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
});

test('Russian: plural forms, translated notifications, screenshots', async () => {
  const a = alice.page;
  await a.evaluate((key) => localStorage.setItem(key, 'ru'), LANGUAGE_STORAGE_KEY);
  await a.goto(`/tale/upsert/${taleId}`);
  const toggle = commentsOf(a).getByTestId('comments-toggle').first();
  await expect(toggle).toHaveText(/\d+ комментари(й|я|ев)$/);
  const n = Number((await toggle.textContent())?.match(/\d+/)?.[0]);
  const form =
    n % 10 === 1 && n % 100 !== 11
      ? 'комментарий'
      : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100)
        ? 'комментария'
        : 'комментариев';
  await expect(toggle).toHaveText(new RegExp(`${n} ${form}$`));
  const composer = commentsOf(a).getByTestId('comment-form');
  await composer.getByRole('textbox', { name: 'Новый комментарий' }).click();
  await expect(composer.getByRole('button', { name: 'Добавить комментарий' })).toBeVisible();
  await shot(a, 'tale-ru');
  // a phone: the thread with its replies open
  await a.setViewportSize({ width: 390, height: 844 });
  await commentsOf(a).getByTestId('replies').first().getByTestId('comments-toggle').click();
  await expect(commentsOf(a).getByTestId('reply-list').first()).toBeVisible();
  await shot(a, 'tale-ru-phone');
  await a.setViewportSize({ width: 1280, height: 720 });

  await a.goto('/notification');
  await expect(
    a
      .getByTestId('notification-link')
      .filter({ hasText: /^комментирует вашу историю «.+»$/ })
      .first(),
  ).toBeVisible();
  await expect(a.getByRole('heading', { name: 'Уведомления' })).toBeVisible();
  await shot(a, 'notifications-ru');

  await a.goto(`/tale/upsert/${taleId}`);
  await a.locator(`[data-testid="like"][data-tale-id="${taleId}"]`).getByTestId('like-count').click();
  await expect(a.getByRole('dialog', { name: 'Лайкнувшие' })).toBeVisible();
  await shot(a, 'likers-ru');
  await a.evaluate((key) => localStorage.setItem(key, 'en'), LANGUAGE_STORAGE_KEY);
});
