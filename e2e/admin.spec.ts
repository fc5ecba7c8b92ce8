import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LANGUAGE_STORAGE_KEY } from '../common/constants';
import { apiRequest } from './api';
import {
  type Account,
  closeMessages,
  dataDir,
  dropdownMenu,
  loginViaUi,
  toasts,
  registerViaUi,
  strongPassword,
  uniqueMail,
} from './helpers';

/**
 * The admin is the first account of the e2e server (e2e/first-user.spec.ts). That spec saves its
 * account in the data folder as admin-account.json; when it did not run (`--no-deps`), the first
 * spec to get here registers the first account itself, which the server makes admin.
 */
const ADMIN_FILE = () => path.join(dataDir(), 'admin-account.json');

async function adminAccount(request: APIRequestContext): Promise<Account> {
  const file = ADMIN_FILE();
  for (let attempt = 0; attempt < 150; attempt++) {
    if (fs.existsSync(file)) {
      const text = fs.readFileSync(file, 'utf8');
      if (text) {
        const saved = JSON.parse(text) as Account | { error: string };
        if ('error' in saved) throw new Error(saved.error);
        return saved;
      }
    }
    try {
      fs.writeFileSync(`${file}.lock`, String(process.pid), { flag: 'wx' });
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    const account = { mail: uniqueMail('admin'), password: strongPassword() };
    const { body: env } = await apiRequest(request, '/auth/register', {
      ...account,
      confirm_password: account.password,
      form_id: 'actionRegister',
    });
    if (!env.CurrentUser?.rbac_user_role?.some((r) => r.name === 'admin')) {
      const error = 'No admin account: e2e/first-user.spec.ts must save the first account to admin-account.json in the data folder';
      fs.writeFileSync(file, JSON.stringify({ error }));
      throw new Error(error);
    }
    fs.writeFileSync(file, JSON.stringify(account));
    return account;
  }
  throw new Error('Timed out waiting for the admin account');
}

/** A new plain user, registered through the API; returns the account and its id. */
async function newUser(request: APIRequestContext, prefix = 'user'): Promise<Account & { id: number }> {
  const account = { mail: uniqueMail(prefix), password: strongPassword() };
  const { body: env } = await apiRequest(request, '/auth/register', {
    ...account,
    confirm_password: account.password,
    form_id: 'actionRegister',
  });
  const id = env.CurrentUser?.id;
  if (typeof id !== 'number') throw new Error(`registration failed: ${JSON.stringify(env.messages)}`);
  await apiRequest(request, '/auth/logout', { form_id: 'actionLogout' });
  return { ...account, id };
}

/** A new moderator: registered, then given the role by the admin through the API. */
async function newModerator(request: APIRequestContext): Promise<Account & { id: number }> {
  const admin = await adminAccount(request);
  const user = await newUser(request, 'moderator');
  await apiRequest(request, '/auth/login', { ...admin, form_id: 'login' });
  const { body: env } = await apiRequest(request, `/admin/users/${user.id}/roles`, { role: 'moderator', on: 1 });
  expect(env.meta.alina_response_success).toBe(1);
  await apiRequest(request, '/auth/logout', { form_id: 'actionLogout' });
  return user;
}

/** Logs in through the screen and closes the welcome message. */
async function login(page: Page, account: Account): Promise<void> {
  await loginViaUi(page, account);
  await expect(toasts(page)).toBeVisible();
  await closeMessages(page);
}

async function loginAsAdmin(page: Page, request: APIRequestContext): Promise<Account> {
  const admin = await adminAccount(request);
  await login(page, admin);
  return admin;
}

async function switchLanguage(page: Page, lng: 'en' | 'ru'): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, lng] as const);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });

// Before anything else registers (matters only when run without the first-user project).
test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    await adminAccount(request);
  } finally {
    await request.dispose();
  }
});

const ADMIN_PAGES = [
  { path: '/RestCall', title: 'Request tester' },
  { path: '/about', title: 'UI tests' },
  { path: '/about/002', title: 'UI test 002' },
  { path: '/SendRestApiQueries/BaseCurlCalls', title: 'Server-side HTTP calls' },
  { path: '/admin/users', title: 'User management' },
];
const STAFF_PAGE = { path: '/AdminDbManager/DbTablesColumnsInfo', title: 'Database manager' };

test.describe('access to the admin pages', () => {
  test('a visitor is told to log in on every admin and staff page', async ({ page }) => {
    for (const p of [...ADMIN_PAGES, STAFF_PAGE]) {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { name: p.title, level: 1 })).toBeVisible();
      await expect(page.getByTestId('access-401')).toContainText('Log in first');
      await expect(page.getByTestId('access-401').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
    }
    await expect(page.locator('#nav-admin')).toHaveCount(0);
    await shot(page, 'admin-visitor-401-en');
    await switchLanguage(page, 'ru');
    await expect(page.getByTestId('access-401')).toContainText('Сначала войдите');
    await shot(page, 'admin-visitor-401-ru');
  });

  test('a plain user gets 403 on every admin and staff page and sees no admin menu', async ({ page }) => {
    await registerViaUi(page);
    await expect(page.locator('#nav-admin')).toHaveCount(0);
    for (const p of [...ADMIN_PAGES, STAFF_PAGE]) {
      await page.goto(p.path);
      await expect(page.getByTestId('access-403')).toContainText('You may not use this page');
    }
    await shot(page, 'admin-user-403-en');
    await switchLanguage(page, 'ru');
    await expect(page.getByTestId('access-403')).toContainText('Вам нельзя пользоваться этой страницей');
    await shot(page, 'admin-user-403-ru');
  });

  test('a moderator sees only the DB manager in the admin menu, uses it, and gets 403 on the admin pages', async ({ page, request }) => {
    const moderator = await newModerator(request);
    await login(page, moderator);
    await page.locator('#nav-admin').click();
    const menu = dropdownMenu(page, 'nav-admin');
    await expect(menu.getByRole('link')).toHaveText(['Database manager']);
    await menu.getByRole('link', { name: 'Database manager' }).click();
    await expect(page).toHaveURL(/\/AdminDbManager\/DbTablesColumnsInfo$/);
    await expect(page.getByTestId('db-tables')).toContainText('users');
    for (const p of ADMIN_PAGES) {
      await page.goto(p.path);
      await expect(page.getByTestId('access-403')).toBeVisible();
    }
  });

  test('the admin sees every entry of the admin menu, each an in-app link', async ({ page, request }) => {
    await loginAsAdmin(page, request);
    await page.locator('#nav-admin').click();
    const menu = dropdownMenu(page, 'nav-admin');
    await expect(menu.getByRole('link')).toHaveText([
      'Request tester',
      'Server-side HTTP calls',
      'Database manager',
      'User management',
      'UI tests',
      'UI test 001',
      'UI test 002',
      'UI test 003',
    ]);
    await menu.getByRole('link', { name: 'UI test 003' }).click();
    await expect(page.getByRole('heading', { name: 'UI test 003', level: 1 })).toBeVisible();
    await expect(page.getByTestId('about-param')).toContainText('003');
  });
});

test.describe('admin pages as the admin', () => {
  test('request tester: JSON post with the answer shown, and the plain-fetch alerts', async ({ page, request }) => {
    await loginAsAdmin(page, request);
    await page.goto('/RestCall');
    await expect(page.getByRole('heading', { name: 'Request tester', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Send' }).click();
    const response = page.getByTestId('rest-response');
    await expect(page.getByTestId('rest-status')).toHaveText(/^200/);
    await expect(response).toContainText('content-type');
    await expect(page.getByTestId('rest-body')).toContainText('"received": {');
    await expect(page.getByTestId('rest-body')).toContainText('"hello": "world"');
    await shot(page, 'admin-rest-call-en');

    // a raw JSON body, and a field of our own
    await page.getByLabel('Raw text', { exact: true }).first().check();
    await page.getByRole('textbox', { name: 'Raw text' }).fill('{"form_id":"TestPost","hello":"мир & co"}');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('rest-body')).toContainText('"hello": "мир & co"');

    // a non-OK answer: the alert of spec section 8, and the answer still shown
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await page.getByLabel('Method').selectOption('GET');
    await page.getByLabel('Address').fill('/api/no/such/thing');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => alerts).toEqual(['Server answered with status 404']);
    await expect(page.getByTestId('rest-status')).toHaveText(/^404/);

    // a network failure
    await page.getByLabel('Address').fill('http://127.0.0.1:9/');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => alerts).toEqual(['Server answered with status 404', 'Network error. Check internet connection.']);

    await switchLanguage(page, 'ru');
    await expect(page.getByRole('heading', { name: 'Тестер запросов', level: 1 })).toBeVisible();
    await page.getByLabel('Метод', { exact: true }).selectOption('GET');
    await page.getByLabel('Адрес').fill('/api/no/such/thing');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(() => alerts.at(-1)).toBe('Сервер ответил со статусом 404');
    await shot(page, 'admin-rest-call-ru');
  });

  test('UI test pages: server round trips succeed; messages, spinner and confirmations', async ({ page, request }) => {
    await loginAsAdmin(page, request);
    await page.goto('/about/001');
    await expect(page.getByRole('heading', { name: 'UI test 001', level: 1 })).toBeVisible();

    const errorsTest = page.getByTestId('ui-test-errors');
    await errorsTest.getByRole('button', { name: 'Run' }).click();
    await expect(toasts(page)).toBeVisible();
    await closeMessages(page);
    await expect(errorsTest).toContainText('SUCCESS');

    const echoTest = page.getByTestId('ui-test-echo');
    await echoTest.getByRole('button', { name: 'Run' }).click();
    await expect(echoTest).toContainText('SUCCESS');
    await expect(toasts(page)).toContainText('SUCCESS');
    await closeMessages(page, { seen: true });

    await page.getByRole('button', { name: 'All four at once' }).click();
    await expect(toasts(page)).toContainText('Saved');
    await expect(toasts(page)).toContainText('Something bad happened');
    await shot(page, 'admin-about-messages-en');
    await closeMessages(page);

    await page.getByRole('button', { name: 'Show the spinner for 2 seconds' }).click();
    await expect(page.getByTestId('spinner-overlay')).toBeVisible();
    await expect(page.getByTestId('spinner-overlay')).toBeHidden({ timeout: 4000 });

    await page.getByRole('button', { name: 'Ask twice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(dialog).toContainText('Are you sure?');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog).toContainText('Are you REALLY sure???');
    await shot(page, 'admin-about-confirm-en');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByTestId('confirm-answer')).toHaveText('Confirmed.');

    await page.getByRole('button', { name: 'Ask once' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('confirm-answer')).toHaveText('Cancelled.');
    await shot(page, 'admin-about-en');

    await switchLanguage(page, 'ru');
    await expect(page.getByRole('heading', { name: 'Тест интерфейса 001', level: 1 })).toBeVisible();
    await page.getByTestId('ui-test-echo').getByRole('button', { name: 'Запустить' }).click();
    await expect(page.getByTestId('ui-test-echo')).toContainText(/SUCCESS|УСПЕХ|Успех/i);
    await shot(page, 'admin-about-ru');
  });

  test('server-side HTTP calls: a loopback address is refused with the server message; an answer is shown in full', async ({
    page,
    request,
  }) => {
    await loginAsAdmin(page, request);
    await page.goto('/SendRestApiQueries/BaseCurlCalls');
    await expect(page.getByRole('heading', { name: 'Server-side HTTP calls', level: 1 })).toBeVisible();
    await page.getByLabel('Address').fill('http://127.0.0.1:9/secret');
    await page.getByRole('button', { name: 'Call from the server' }).click();
    await expect(toasts(page)).toBeVisible();
    await closeMessages(page);
    await expect(page.getByTestId('curl-refusal')).toBeVisible();
    await expect(page.getByTestId('curl-refusal').locator('li')).not.toHaveCount(0);
    await shot(page, 'admin-curl-refused-en');

    // the e2e server may reach no outside host, so the answer of a successful call is stood in for
    await page.route('**/api/SendRestApiQueries/BaseCurlCalls**', async (route) => {
      const sent = route.request().postDataJSON() as { url: string; method: string; bodyType: string; query: unknown[] };
      expect(sent).toMatchObject({ method: 'POST', url: 'https://example.com/api', bodyType: 'json', query: [{ key: 'q', value: '1' }] });
      await route.fulfill({
        json: {
          meta: { alina_response_success: 1 },
          data: {
            status: 201,
            statusText: 'Created',
            headers: [
              ['content-type', 'application/json'],
              ['set-cookie', 'a=1'],
              ['set-cookie', 'b=2'],
            ],
            body: '{"id":7,"name":"Ann"}',
            truncated: false,
            timeMs: 123,
            finalUrl: 'https://example.com/api?q=1',
            redirects: ['https://example.com/old'],
          },
          messages: [],
          CurrentUser: await page.evaluate(() => JSON.parse(localStorage.getItem('CurrentUser') ?? 'null')),
        },
      });
    });
    await page.getByLabel('Method').selectOption('POST');
    await page.getByLabel('Address').fill('https://example.com/api');
    await page.locator('fieldset', { hasText: 'Query parameters' }).getByRole('button', { name: 'Add row' }).click();
    await page.getByLabel('Parameter 1 name').fill('q');
    await page.getByLabel('Parameter 1 value').fill('1');
    await page.getByLabel('JSON', { exact: true }).check();
    await page.getByRole('button', { name: 'Call from the server' }).click();
    await expect(page.getByTestId('curl-status')).toHaveText('201 Created');
    await expect(page.getByTestId('curl-time')).toHaveText('123 ms');
    await expect(page.getByTestId('curl-body')).toHaveText('{\n  "id": 7,\n  "name": "Ann"\n}');
    await expect(page.getByTestId('curl-response')).toContainText('Followed 1 redirect');
    await shot(page, 'admin-curl-en');
    await switchLanguage(page, 'ru');
    await expect(page.getByRole('heading', { name: 'HTTP-запросы с сервера', level: 1 })).toBeVisible();
    await shot(page, 'admin-curl-ru');
  });

  test('DB manager: tables with row counts, columns, keys, indexes and statements with copy buttons', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginAsAdmin(page, request);
    await page.goto('/AdminDbManager/DbTablesColumnsInfo');
    const tables = page.getByTestId('db-tables');
    await expect(tables).toContainText('users');
    await expect(page.getByText('Choose a table to see its structure.')).toBeVisible();
    await tables.getByRole('button', { name: /^users/ }).click();
    const details = page.getByTestId('db-table-details');
    await expect(details.getByRole('heading', { level: 2 })).toContainText('users');
    await expect(details).toContainText('PK');
    await expect(details).toContainText('mail');
    const select = page.getByTestId('db-statement-select');
    await expect(select).toContainText(/SELECT/i);
    await select.getByRole('button', { name: 'Copy the SELECT statement' }).click();
    await expect(select.getByRole('button', { name: 'Copy the SELECT statement' })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^SELECT/i);
    await shot(page, 'admin-db-en');
    await switchLanguage(page, 'ru');
    await page
      .getByTestId('db-tables')
      .getByRole('button', { name: /^users/ })
      .click();
    await expect(page.getByTestId('db-table-details')).toContainText('Запросы');
    await shot(page, 'admin-db-ru');
  });

  test('user management: search, roles, ban until a date, lift, delete with two confirmations', async ({ page, request }) => {
    const target = await newUser(request, 'managed');
    await loginAsAdmin(page, request);
    await page.goto('/admin/users');
    await expect(page.getByTestId('users-table')).toBeVisible();
    await page.getByLabel('Search', { exact: true }).fill(target.mail);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/txt=managed/);
    const row = page.getByTestId(`user-row-${target.id}`);
    await expect(page.getByTestId('users-table').locator('tbody tr')).toHaveCount(1);
    await expect(row).toContainText(target.mail);
    await expect(row.getByTestId('ban-state')).toHaveText('Active');

    // roles
    const moderatorSwitch = row.getByRole('checkbox', { name: `moderator role of ${target.mail}` });
    await expect(moderatorSwitch).not.toBeChecked();
    await moderatorSwitch.click();
    await closeMessages(page);
    await expect(moderatorSwitch).toBeChecked();
    await page.reload();
    await expect(moderatorSwitch).toBeChecked();
    await moderatorSwitch.click();
    await closeMessages(page);
    await expect(moderatorSwitch).not.toBeChecked();

    // ban for 30 days, then lift
    await row.getByRole('button', { name: `Ban ${target.mail}` }).click();
    const banDialog = page.getByRole('dialog', { name: `Ban ${target.mail}` });
    await banDialog.getByRole('button', { name: '30 days' }).click();
    await shot(page, 'admin-users-ban-en');
    await banDialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await closeMessages(page);
    await expect(row.getByTestId('ban-state')).toContainText('Banned till');
    await shot(page, 'admin-users-en');
    await row.getByRole('button', { name: `Lift the ban of ${target.mail}` }).click();
    await closeMessages(page);
    await expect(row.getByTestId('ban-state')).toHaveText('Active');

    await switchLanguage(page, 'ru');
    await expect(page.getByRole('heading', { name: 'Управление пользователями', level: 1 })).toBeVisible();
    await shot(page, 'admin-users-ru');
    await switchLanguage(page, 'en');

    // delete: 'Are you sure?', then 'Are you REALLY sure???'
    await row.getByRole('button', { name: `Delete ${target.mail}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${target.mail}` });
    await expect(confirm).toContainText('Are you sure?');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toContainText('Are you REALLY sure???');
    await confirm.getByRole('button', { name: 'Delete for ever' }).click();
    await expect(toasts(page)).toContainText('Deleted');
    await closeMessages(page, { seen: true });
    await expect(row).toHaveCount(0);
    await expect(page.getByText(`No users match “${target.mail}”.`)).toBeVisible();
  });

  test('user management is paginated with the Paginator and keeps its place in the address', async ({ page, request }) => {
    for (let i = 0; i < 3; i++) await newUser(request, 'pagetest');
    await loginAsAdmin(page, request);
    await page.goto('/admin/users?pageSize=2&pageCurrentNumber=1&txt=pagetest');
    await expect(page.getByTestId('users-table').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('users-total')).toHaveText(/users$/);
    await page.getByRole('navigation', { name: 'Pages' }).first().getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/pageCurrentNumber=2/);
    await expect(page.getByTestId('users-table').locator('tbody tr').first()).toBeVisible();
  });
});
