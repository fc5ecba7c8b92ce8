import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerViaUi } from './helpers';
import { createTale, uniqueWord } from './tales-helpers';

/** Every WCAG 2.x A and AA rule axe has, on the whole page; any violation of any impact fails. */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
  }));
}

for (const lang of ['en', 'ru'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`no accessibility violations on the main screens, ${lang}, ${scheme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: scheme });
      const word = uniqueWord('axe');
      await registerViaUi(page);
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      const tale = await createTale(page.request, {
        header: `Accessible ${word}`,
        body: '<p>A tale with <code>inline code</code>, a <a href="https://example.com">link</a> and a list:</p><ul data-type="taskList"><li data-type="taskItem" data-checked="false"><p>to do</p></li></ul>',
      });
      // enough tales for the search to have paginators
      for (let i = 0; i < 11; i++) await createTale(page.request, { header: `Page filler ${i} ${word}` });
      const found: Record<string, unknown> = {};
      const check = async (name: string) => {
        await page.waitForLoadState('networkidle');
        const v = await violations(page);
        if (v.length) found[name] = v;
      };
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
}
