import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiInPage } from './api';
import { axe, loginViaUi, newUserPage, registerViaUi, savedAdminAccount, showScheme } from './helpers';
import { commentOn, createTale, uniqueWord } from './tales-helpers';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * The rules whose outcome depends on colours. The colour scheme changes nothing else: the page
 * follows it by one attribute on the root (web/src/lib/theme.ts), and no component renders
 * differently for it, so every rule runs on the light page and these again on the dark one.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function violations(page: Page, rules?: string[]) {
  const scan = rules ? axe(page).withRules(rules) : axe(page).withTags(WCAG);
  const result = await scan.analyze();
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
  }));
}

/**
 * Every WCAG 2.x A and AA rule axe has on the whole page in the light scheme, then the colour rules
 * in the dark one; any violation of any impact is kept under the screen's name.
 */
function checker(page: Page) {
  const found: Record<string, unknown> = {};
  const check = async (name: string) => {
    await page.waitForLoadState('networkidle');
    await showScheme(page, 'light');
    const light = await violations(page);
    if (light.length) found[`${name}, light`] = light;
    await showScheme(page, 'dark');
    const dark = await violations(page, COLOUR_RULES);
    if (dark.length) found[`${name}, dark`] = dark;
    await showScheme(page, 'light');
  };
  return { found, check };
}

for (const lang of ['en', 'ru'] as const) {
  test(`no accessibility violations on the main screens, ${lang}, light and dark`, async ({ page }) => {
    test.setTimeout(240_000);
    const word = uniqueWord('axe');
    await registerViaUi(page);
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    const tale = await createTale(page.request, {
      header: `Accessible ${word}`,
      body: '<p>A tale with <code>inline code</code>, a <a href="https://example.com">link</a> and a list:</p><ul data-type="taskList"><li data-type="taskItem" data-checked="false"><p>to do</p></li></ul>',
    });
    // enough tales for the search to have paginators
    for (let i = 0; i < 11; i++) await createTale(page.request, { header: `Page filler ${i} ${word}` });
    const { found, check } = checker(page);
    const screens: [string, string][] = [
      ['feed', `/tale/feed?txt=${word}`],
      ['home', '/'],
      ['tale', `/tale/upsert/${tale.id}`],
      ['new tale (the editor)', '/tale/upsert'],
      ['profile', '/auth/profile'],
      ['notifications', '/notification'],
      ['change password', '/auth/change_password'],
      ['url parser', '/UrlParser'],
      ['command line parser', '/CliParser'],
      ['informer', '/Informer'],
      ['serialized data editor', '/tools/SerializedDataEditor'],
      ['json tool', '/tools/JsonSearchReplaceBeautify'],
    ];
    for (const [name, path] of screens) {
      await page.goto(path);
      await check(name);
    }
    // the profile in edit mode, and the likers of a liked tale
    await page.goto('/auth/profile');
    await page.getByTestId('profile-view').getByRole('button').last().click();
    await check('profile editor');
    await page.goto(`/tale/upsert/${tale.id}`);
    await page.getByTestId('tale-view').getByTestId('like').getByRole('button').first().click();
    await expect(page.getByTestId('tale-view').getByTestId('like-count')).toHaveText('1');
    await page.getByTestId('tale-view').getByTestId('like-count').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('likers');

    // what a visitor sees
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.removeItem('CurrentUser'));
    for (const [name, path] of [
      ['visitor: feed', '/'],
      ['visitor: tale', `/tale/upsert/${tale.id}`],
      ['visitor: log in', '/auth/login'],
      ['visitor: register', '/auth/register'],
      ['visitor: reset request', '/auth/reset_password_request'],
      ['visitor: reset with code', '/auth/reset_password_with_code'],
      ['visitor: no such page', '/no/such/page'],
    ] as const) {
      await page.goto(path);
      await check(name);
    }
    expect(found).toEqual({});
  });
}

for (const lang of ['en', 'ru'] as const) {
  test(`no accessibility violations on the admin's screens, a map, a comment thread and notifications, ${lang}, light and dark`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await loginViaUi(page, savedAdminAccount());
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    const word = uniqueWord('axe');
    const tale = await createTale(page.request, {
      header: `Mapped ${word}`,
      body: '<p>Where it happened.</p>',
      geo_is_map_shown: 1,
      geo_latitude: 55.751,
      geo_longitude: 37.617,
      geo_zoom: 13,
    });
    // another member comments, the admin and they reply under it, and they like: a thread, and notifications
    const other = await browser.newContext();
    try {
      const guest = await newUserPage(other, 'Guest', word);
      const first = await commentOn(guest, tale.id, 'Is this the square?');
      await commentOn(page, first, 'Yes, in the morning.');
      await commentOn(guest, first, 'Thank you!');
      await commentOn(guest, tale.id, 'Lovely place.');
      await apiInPage(guest, '/like/process', { ref_table: 'tale', ref_id: tale.id, val: 1 });
    } finally {
      await other.close();
    }
    const { found, check } = checker(page);
    await page.goto(`/tale/upsert/${tale.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // the map is a lazy chunk, and this test runs beside the other worker's axe scans, which keep
    // both of a small machine's cores busy: its marker came after 7 s once (it was there at 8)
    await expect(page.getByTestId('tale-map').locator('.leaflet-marker-icon')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('comment').first()).toBeVisible();
    // the thread open two levels down
    const toggles = page.getByTestId('comments').getByTestId('replies').getByTestId('comments-toggle');
    if ((await toggles.first().getAttribute('aria-expanded')) !== 'true') await toggles.first().click();
    await expect(page.getByTestId('reply-list').first()).toBeVisible();
    await check('tale with a map and a comment thread');
    await page.goto('/notification');
    await expect(page.getByTestId('notification').first()).toBeVisible();
    await check('notifications with rows');
    for (const [name, path] of [
      ['admin: users', '/admin/users'],
      ['admin: database tables', '/AdminDbManager/DbTablesColumnsInfo'],
      ['admin: HTTP calls', '/SendRestApiQueries/BaseCurlCalls'],
      ['REST call tool', '/RestCall'],
      ['about', '/about'],
    ] as const) {
      await page.goto(path);
      await check(name);
    }
    expect(found).toEqual({});
  });
}
