import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { apiInPage, storedUserId } from './api';

export const dataDir = (): string => {
  const dir = process.env.TALES_E2E_DATA_DIR;
  if (!dir) throw new Error('TALES_E2E_DATA_DIR is not set: run the specs through playwright.config.ts');
  return dir;
};

let counter = 0;
export function uniqueMail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Long and random enough not to be one of the common passwords the server refuses. */
export function strongPassword(): string {
  return `Tl-${Math.random().toString(36).slice(2, 10)}-${Math.random().toString(36).slice(2, 8)}!`;
}

export interface Account {
  mail: string;
  password: string;
  firstname?: string;
}

/** The messages' corner (the toasts): hidden while it holds none. */
export const toasts = (page: Page): Locator => page.getByRole('region', { name: /^(Messages|Сообщения)$/ });

/**
 * Closes every toast with its close button and checks none is left. It first waits for a toast to
 * come, unless the caller has just `seen` one (checked its text): a success leaves by itself after
 * 5 s, and on a slow machine it may be gone by the time this looks.
 */
export async function closeMessages(page: Page, { seen = false } = {}): Promise<void> {
  const corner = toasts(page);
  if (!seen) await expect(corner).toBeVisible();
  // one toast per click, newest first, until the corner is empty
  await expect(async () => {
    if (await corner.isVisible()) {
      await corner
        .getByRole('button', { name: /^(Close|Закрыть)$/ })
        .last()
        .click({ timeout: 2_000 });
    }
    await expect(corner).toBeHidden({ timeout: 1_500 });
  }).toPass({ timeout: 10_000 });
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.locator('#nav-user').click();
}

/** A name for a test account, unique enough to find it on a page. */
export function uniqueName(): string {
  return `Tester ${Math.random().toString(36).slice(2, 8)}`;
}

/** What the site calls an account: its name, or "User #id" for one without (e2e/identity.spec.ts). */
export const shownName = (account: Account): string | RegExp => account.firstname || /User #\d+/;

/**
 * Registers through the screen, with a name unless the account says none (firstname ''); the new
 * user lands on their profile with the welcome message.
 */
export async function registerViaUi(
  page: Page,
  account: Account = { mail: uniqueMail(), password: strongPassword(), firstname: uniqueName() },
): Promise<Account> {
  await page.goto('/auth/register');
  await page.getByLabel('Email').fill(account.mail);
  if (account.firstname) await page.getByLabel('Your name (optional)').fill(account.firstname);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/auth\/profile$/);
  await expect(toasts(page)).toContainText(`Welcome, ${account.firstname || account.mail}!`);
  await closeMessages(page, { seen: true });
  return account;
}

export async function logoutViaUi(page: Page): Promise<void> {
  await openUserMenu(page);
  await page
    .getByRole('button', { name: 'Log out' })
    .or(page.getByRole('link', { name: 'Log out' }))
    .click();
  await expect(page).toHaveURL(/\/tale\/feed$/);
  await expect(toasts(page)).toContainText('You are logged out');
  await closeMessages(page, { seen: true });
  await expect(page.locator('#nav-user')).toContainText('Guest');
}

/**
 * Logs in through the screen. Where the app goes next depends on the tab's history (back one
 * step, or the profile), so this waits for the logged-in menu rather than for an address.
 */
export async function loginViaUi(page: Page, account: Account): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(account.mail);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page.locator('#nav-user')).toContainText(shownName(account));
  await expect(page).not.toHaveURL(/\/auth\/login$/);
}

/**
 * The admin account e2e/first-user.spec.ts saved (the `screens` project runs after it). For a run
 * without that spec (`--no-deps`), e2e/admin.spec.ts has a helper that registers one itself.
 */
export function savedAdminAccount(): Account {
  const file = path.join(dataDir(), 'admin-account.json');
  if (!fs.existsSync(file)) throw new Error(`No ${file}: e2e/first-user.spec.ts saves the admin account there; run it first`);
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Account | { error: string };
  if ('error' in saved) throw new Error(saved.error);
  return saved;
}

/** The open dropdown menu of a navbar toggle. */
export const dropdownMenu = (page: Page, toggleId: string): Locator => page.locator(`[aria-labelledby="${toggleId}"]`);

/** The newest reset code mailed to `mail`, read from the .eml files the server writes without SMTP. */
export async function readResetCode(mail: string): Promise<string> {
  const dir = path.join(dataDir(), 'mail');
  let code = '';
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return '';
        const files = fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => path.join(dir, f))
          .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs);
        for (const file of files.reverse()) {
          const eml = fs.readFileSync(file, 'utf8').replace(/=\r?\n/g, '');
          if (!new RegExp(`^To:.*${mail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(eml)) continue;
          const m = /reset code:\s*(\d{8})/i.exec(eml);
          if (m) {
            code = m[1];
            return code;
          }
        }
        return '';
      },
      { message: `a reset mail to ${mail}`, timeout: 10_000 },
    )
    .not.toBe('');
  return code;
}

/** A new page in `context`, registered through the screen, with a first and last name set. */
export async function newUserPage(context: BrowserContext, firstname: string, lastname: string): Promise<Page> {
  const page = await context.newPage();
  await registerViaUi(page);
  const res = await apiInPage(page, '/auth/profile', { id: await storedUserId(page), firstname, lastname });
  expect(res.body.meta.alina_response_success).toBe(1);
  return page;
}

/**
 * axe on a page, in its legacy mode: one `axe.run` in the page, same-origin frames included, and
 * not `runPartial` per frame then `finishRun` in a new blank page, which opened a page for every
 * scan and made a scan of a screen take 1.2–4 s instead of 0.7–1.9 s. Both modes report the same
 * violations (checked on a page with a missing alt, a faint text and a frame without a title, one
 * of them inside the frame); legacy mode leaves out only cross-origin frames, which no screen
 * tested here has.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/**
 * Switches the system's colour scheme under a loaded page and waits until the page shows it: the
 * root's data-bs-theme (web/src/lib/theme.ts follows the system) and the CSS transitions it sets
 * off (buttons, links) run to their end.
 */
export async function showScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', colorScheme);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}
