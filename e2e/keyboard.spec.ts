import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { storedUserId } from './api';
import { closeMessages, newUserPage, registerViaUi, strongPassword, toasts, uniqueMail } from './helpers';
import { commentOn, createTale, taleCards, uniqueWord } from './tales-helpers';

/**
 * Every flow by keyboard alone: after the page is opened, only Tab, Shift+Tab, the arrows, Enter,
 * Space, Escape and typing. `tabTo` walks the focus forward until it reaches a control, so a
 * control no Tab reaches (a click-only div, a focus trap, a lost focus) fails the test.
 */

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab until `target` has the focus (at most `max` presses): it can be reached by keyboard. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target} was not reached by ${max} presses of Tab`);
}

/** Opens a navbar dropdown by keyboard and walks its items with the down arrow to the one named. */
async function menuTo(page: Page, toggle: Locator, item: Locator): Promise<void> {
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('ArrowDown');
    if (await isFocused(item)) break;
  }
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
}

const userMenu = (page: Page) => page.locator('#nav-user');
/** An item of the open dropdown menu, by the words it starts with (Notifications carries its unread count). */
const menuItem = (page: Page, name: string) =>
  page.locator('.dropdown-menu.show .dropdown-item').filter({ hasText: new RegExp(`^\\s*${name}`) });

test('a visitor registers, logs out and logs in again with the keyboard alone', async ({ page }) => {
  const mail = uniqueMail('keys');
  const password = strongPassword();
  await page.goto('/');
  await menuTo(page, userMenu(page), menuItem(page, 'Register'));
  await expect(page).toHaveURL(/\/auth\/register$/);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(mail);
  await tabTo(page, page.getByLabel('Your name (optional)'));
  await page.keyboard.type('Kira Keys');
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(password);
  await tabTo(page, page.getByLabel('Confirm password'));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/auth\/profile$/);
  await expect(toasts(page)).toContainText('Welcome, Kira Keys!');

  await menuTo(page, userMenu(page), menuItem(page, 'Log out'));
  await expect(toasts(page)).toContainText('You are logged out');
  await expect(userMenu(page)).toContainText('Guest');

  await menuTo(page, userMenu(page), menuItem(page, 'Log in'));
  await expect(page).toHaveURL(/\/auth\/login$/);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(mail);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(userMenu(page)).toContainText('Kira Keys');
});

test('write a tale, find it, like it, see who liked, comment, edit and delete the comment, with the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  await registerViaUi(page);
  const word = uniqueWord('keys');
  await page.goto('/');

  // write
  await menuTo(page, userMenu(page), menuItem(page, 'Add tale'));
  await expect(page).toHaveURL(/\/tale\/upsert$/);
  await tabTo(page, page.getByRole('textbox', { name: 'Header' }));
  await page.keyboard.type(`By keys ${word}`);
  const body = page.getByRole('textbox', { name: 'Text' });
  await tabTo(page, body);
  await page.keyboard.type('Written without a ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('mouse');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('.');
  // Tab leaves the text (it is not taken as an indent), on to Save
  await tabTo(page, page.getByTestId('tale-submit'), 120);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tale\/upsert\/\d+$/);
  await expect(page.getByTestId('tale-body').locator('strong')).toHaveText('mouse');
  await closeMessages(page);

  // find it in the feed by search
  await page.goto('/tale/feed');
  await tabTo(page, page.getByRole('searchbox', { name: 'Search tales' }).or(page.getByRole('textbox', { name: 'Search tales' })));
  await page.keyboard.type(word);
  await page.keyboard.press('Enter');
  await expect(taleCards(page)).toHaveCount(1);
  await tabTo(page, taleCards(page).getByTestId('tale-card-header'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tale-view')).toBeVisible();

  // like, and the likers' dialog: it takes the focus, Escape closes it and gives the focus back
  const like = page.getByTestId('tale-view').getByRole('button', { name: 'Like', exact: true });
  await tabTo(page, like);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('tale-view').getByRole('button', { name: 'Remove my like' })).toHaveAttribute('aria-pressed', 'true');
  const count = page.getByTestId('tale-view').getByRole('button', { name: '1 like: show who liked' });
  await tabTo(page, count);
  await page.keyboard.press('Enter');
  const likers = page.getByRole('dialog', { name: 'Likers' });
  await expect(likers).toBeVisible();
  await expect.poll(() => likers.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expect(likers.getByTestId('likers').getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(likers).toBeHidden();
  await expect(count).toBeFocused();

  // comment: the composer opens as the Tab reaches its text
  const form = page.getByTestId('comments').getByTestId('comment-form');
  await tabTo(page, form.getByRole('textbox', { name: 'New comment' }));
  await expect(form).toHaveAttribute('data-open', '1');
  await page.keyboard.type('Said with keys.');
  await tabTo(page, form.getByRole('button', { name: 'Add comment' }));
  await page.keyboard.press('Enter');
  const comment = page.getByTestId('comment').filter({ hasText: 'Said with keys.' });
  await expect(comment).toBeVisible();

  // edit it
  // edit it: the text takes the cursor at its end, and after Save the keyboard is back on Edit
  const editButton = comment.getByRole('button', { name: 'Edit' });
  await tabTo(page, editButton);
  await page.keyboard.press('Enter');
  const editBox = comment.getByRole('textbox', { name: 'Editing the comment' });
  await expect(editBox).toBeFocused();
  await page.keyboard.type(' And edited.');
  await tabTo(page, comment.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(comment.getByTestId('comment-body').first()).toHaveText('Said with keys. And edited.');
  await expect(editButton).toBeFocused();

  // delete it: the confirmation takes the focus, and Enter on its Delete confirms
  await tabTo(page, comment.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  await expect.poll(() => confirm.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await tabTo(page, confirm.getByRole('button', { name: 'Delete' }), 10);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('comment').filter({ hasText: 'Said with keys.' })).toHaveCount(0);
});

test('notifications, the profile, a new password, the feed pages and the language, with the keyboard alone', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await registerViaUi(page);
  const word = uniqueWord('keypage');
  const first = await createTale(page.request, { header: `Noticed ${word}` });
  for (let i = 1; i <= 10; i++) await createTale(page.request, { header: `Page filler ${i} ${word}` });
  const other = await browser.newContext();
  try {
    const guest = await newUserPage(other, 'Nina', 'Noticer');
    await commentOn(guest, first.id, 'Seen by keys?');
  } finally {
    await other.close();
  }

  // a notification leads to the comment
  await page.goto('/');
  await menuTo(page, userMenu(page), menuItem(page, 'Notifications'));
  await expect(page).toHaveURL(/\/notification$/);
  const link = page.getByTestId('notification').first().getByTestId('notification-link');
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-highlighted="1"]')).toContainText('Seen by keys?');

  // the profile: Edit, a name, Save
  await menuTo(page, userMenu(page), menuItem(page, 'Profile'));
  await tabTo(page, page.getByRole('button', { name: 'Edit' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('First name'));
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Kaya');
  await tabTo(page, page.getByRole('button', { name: 'Save' }), 150);
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toContainText('Profile updated!');
  await expect(userMenu(page)).toContainText('Kaya');
  await closeMessages(page);

  // a new password
  const fresh = strongPassword();
  await menuTo(page, userMenu(page), menuItem(page, 'Change password'));
  await tabTo(page, page.getByLabel('New password'));
  await page.keyboard.type(fresh);
  await tabTo(page, page.getByLabel('Confirm password'));
  await page.keyboard.type(fresh);
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toContainText('Password is changed');
  await closeMessages(page, { seen: true });

  // the feed's second page of a search, by its page link
  await page.goto(`/tale/feed?txt=${word}`);
  await expect(taleCards(page)).toHaveCount(10);
  await tabTo(page, page.getByRole('navigation', { name: 'Pages, above the list' }).getByRole('link', { name: 'Page 2' }), 150);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/pageCurrentNumber=2/);
  await expect(taleCards(page)).toHaveCount(1);

  // the language
  const language = page.locator('#nav-language');
  await menuTo(page, language, menuItem(page, 'Русский'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  expect(await storedUserId(page)).toBeGreaterThan(0);
});
