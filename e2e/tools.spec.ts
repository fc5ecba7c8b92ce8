import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LANGUAGE_STORAGE_KEY } from '../common/constants';
import { dropdownMenu, toasts, registerViaUi } from './helpers';

/** Opens a page in the given language (remembered choice in localStorage, set before the app starts). */
async function openIn(page: Page, path: string, lng: 'en' | 'ru'): Promise<void> {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, lng] as const);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });

test.describe('tools for everyone', () => {
  test('the tools menu shows all five tools to a visitor, as in-app links; no admin menu', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#nav-admin')).toHaveCount(0);
    await page.locator('#nav-tools').click();
    const menu = dropdownMenu(page, 'nav-tools');
    for (const [name, href] of [
      ['URL parser', '/UrlParser'],
      ['Command-line splitter', '/CliParser'],
      ['Clock', '/Informer'],
      ['Serialized data editor', '/tools/SerializedDataEditor'],
      ['JSON search, replace and beautify', '/tools/JsonSearchReplaceBeautify'],
    ]) {
      await expect(menu.getByText(name, { exact: true })).toHaveAttribute('href', href);
    }
    await menu.getByText('JSON search, replace and beautify', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'JSON search, replace and beautify' })).toBeVisible();
    await expect(page).toHaveURL(/\/tools\/JsonSearchReplaceBeautify$/);
  });

  test('URL parser: parts, repeated decoded parameters, editing, reordering and building back', async ({ page }) => {
    await openIn(page, '/UrlParser', 'en');
    await expect(page.getByRole('heading', { name: 'URL parser' })).toBeVisible();
    const input = page.getByLabel('Address', { exact: true });
    await input.fill('https://ann:p%40ss@example.com:8443/docs/a%20b?tag=news&tag=sport%26more&q=hello+world#part%202');
    await expect(page.getByLabel('Protocol')).toHaveValue('https:');
    await expect(page.getByLabel('User')).toHaveValue('ann');
    await expect(page.getByLabel('Password')).toHaveValue('p@ss');
    await expect(page.getByLabel('Host')).toHaveValue('example.com');
    await expect(page.getByLabel('Port')).toHaveValue('8443');
    await expect(page.getByLabel('Path')).toHaveValue('/docs/a b');
    await expect(page.getByLabel('Fragment (after #)')).toHaveValue('part 2');
    await expect(page.getByRole('heading', { name: 'Query parameters (3)' })).toBeVisible();
    await expect(page.getByLabel('Key of parameter 1')).toHaveValue('tag');
    await expect(page.getByLabel('Value of parameter 1')).toHaveValue('news');
    await expect(page.getByLabel('Key of parameter 2')).toHaveValue('tag');
    await expect(page.getByLabel('Value of parameter 2')).toHaveValue('sport&more');
    await expect(page.getByLabel('Value of parameter 3')).toHaveValue('hello world');

    const built = page.getByTestId('built-url');
    await expect(built).toHaveText('https://ann:p%40ss@example.com:8443/docs/a%20b?tag=news&tag=sport%26more&q=hello+world#part%202');

    // edit, reorder, remove and add
    await page.getByLabel('Host').fill('tales.example.org');
    await page.getByLabel('Port').fill('');
    await page.getByLabel('Value of parameter 3').fill('a&b=c');
    await page.getByRole('button', { name: 'Move row 3 up' }).click();
    await page.getByRole('button', { name: 'Remove row 1' }).click();
    await page.getByRole('button', { name: 'Add parameter' }).click();
    await page.getByLabel('Key of parameter 3').fill('page');
    await page.getByLabel('Value of parameter 3').fill('2');
    await expect(built).toHaveText('https://ann:p%40ss@tales.example.org/docs/a%20b?q=a%26b%3Dc&tag=sport%26more&page=2#part%202');
    await shot(page, 'tools-url-parser-en');

    // a bad port while building is explained, not thrown
    await page.getByLabel('Port').fill('99999');
    await expect(page.getByTestId('built-url-problem')).toHaveText('The port must be a number from 0 to 65535.');
    await page.getByLabel('Port').fill('');

    // the built address can be parsed again
    await page.getByRole('button', { name: 'Parse this address' }).click();
    await expect(input).toHaveValue('https://ann:p%40ss@tales.example.org/docs/a%20b?q=a%26b%3Dc&tag=sport%26more&page=2#part%202');

    // invalid input explained
    await input.fill('example.com/path');
    await expect(page.getByRole('alert')).toHaveText(/no scheme/);
    await input.fill('http://example.com:99999/');
    await expect(page.getByRole('alert')).toHaveText('The port must be a number from 0 to 65535.');
    await shot(page, 'tools-url-parser-invalid-en');
  });

  test('URL parser in Russian', async ({ page }) => {
    await openIn(page, '/UrlParser', 'ru');
    await expect(page.getByRole('heading', { name: 'Разбор URL' })).toBeVisible();
    await expect(page.getByLabel('Хост')).toHaveValue('example.com');
    await page.getByLabel('Адрес', { exact: true }).fill('example.com');
    await expect(page.getByRole('alert')).toContainText('В адресе нет схемы');
    await shot(page, 'tools-url-parser-ru');
  });

  test('command-line splitter: quotes, escapes, variables as text, operators, JSON, unclosed quote', async ({ page }) => {
    await openIn(page, '/CliParser', 'en');
    await expect(page.getByRole('heading', { name: 'Command-line splitter' })).toBeVisible();
    const line = page.getByLabel('Command line');
    await line.fill(`cp -r "My Files" 'it''s' a\\ b $HOME/x "$USER dir" | grep -v tmp && echo ok`);
    const items = page.getByTestId('cli-tokens').locator('li');
    await expect(items).toHaveCount(14);
    await expect(page.getByRole('heading', { name: 'Split into 14 parts' })).toBeVisible();
    await expect(items.nth(2)).toHaveText('My Files');
    await expect(items.nth(3)).toHaveText('its');
    await expect(items.nth(4)).toHaveText('a b');
    await expect(items.nth(5)).toHaveText('$HOME/x');
    await expect(items.nth(6)).toHaveText('$USER dir');
    await expect(items.nth(7)).toContainText('|');
    await expect(items.nth(7)).toContainText('operator');
    await expect(items.nth(11)).toContainText('&&');
    const json: unknown = JSON.parse((await page.getByTestId('cli-json').textContent()) ?? '');
    expect(json).toEqual([
      'cp',
      '-r',
      'My Files',
      'its',
      'a b',
      '$HOME/x',
      '$USER dir',
      { op: '|' },
      'grep',
      '-v',
      'tmp',
      { op: '&&' },
      'echo',
      'ok',
    ]);
    await shot(page, 'tools-cli-en');

    await line.fill('echo "hello world');
    await expect(page.getByTestId('cli-problem')).toContainText('The quote " opened at position 6 is never closed.');
    await expect(page.getByTestId('cli-tokens')).toHaveCount(0);
    await shot(page, 'tools-cli-unclosed-en');
  });

  test('command-line splitter in Russian', async ({ page }) => {
    await openIn(page, '/CliParser', 'ru');
    await expect(page.getByRole('heading', { name: 'Разбор командной строки' })).toBeVisible();
    await page.getByLabel('Командная строка').fill(`ls 'a`);
    await expect(page.getByTestId('cli-problem')).toContainText("Кавычка ', открытая в позиции 4, не закрыта.");
    await shot(page, 'tools-cli-unclosed-ru');
    await page.getByLabel('Командная строка').fill('ls -la /tmp');
    await expect(page.getByRole('heading', { name: 'Разбито на 3 части' })).toBeVisible();
    await shot(page, 'tools-cli-ru');
  });

  test('clock: date, weekday, time, quarter, ISO week and day of year, ticking, in the chosen language', async ({ page }) => {
    await page.clock.install({ time: new Date(2024, 11, 30, 9, 15, 0) });
    await openIn(page, '/Informer', 'en');
    // The page is a lazy chunk: pause only once it ticks, then move time by whole seconds.
    await expect(page.getByRole('heading', { name: 'Clock' })).toBeVisible();
    await page.clock.pauseAt(new Date(2024, 11, 30, 9, 15, 57, 500));
    await page.clock.runFor(500);
    await expect(page.getByTestId('clock-date')).toHaveText('December 30, 2024');
    await expect(page.getByTestId('clock-weekday')).toHaveText('Monday');
    await expect(page.getByTestId('clock-quarter')).toHaveText('4');
    await expect(page.getByTestId('clock-week')).toHaveText('1 (2025)');
    await expect(page.getByTestId('clock-day-of-year')).toHaveText('365 of 366');
    const time = page.getByTestId('clock-time');
    await expect(time).toHaveText(/09:15:58/);
    await page.clock.runFor(1000);
    await expect(time).toHaveText(/09:15:59/);
    await page.clock.runFor(2000);
    await expect(time).toHaveText(/09:16:01/);
    await shot(page, 'tools-clock-en');
  });

  test('clock in Russian', async ({ page }) => {
    await page.clock.install({ time: new Date(2025, 2, 5, 17, 59, 0) });
    await openIn(page, '/Informer', 'ru');
    await expect(page.getByRole('heading', { name: 'Часы' })).toBeVisible();
    await page.clock.pauseAt(new Date(2025, 2, 5, 17, 59, 59, 500));
    await page.clock.runFor(500);
    await expect(page.getByTestId('clock-time')).toHaveText('18:00:00');
    await expect(page.getByTestId('clock-date')).toHaveText('5 марта 2025 г.');
    await expect(page.getByTestId('clock-weekday')).toHaveText('среда');
    await expect(page.getByTestId('clock-quarter')).toHaveText('1');
    await expect(page.getByTestId('clock-week')).toHaveText('10');
    await expect(page.getByTestId('clock-day-of-year')).toHaveText('64 из 365');
    await shot(page, 'tools-clock-ru');
  });

  test('JSON tool: replaces in keys and/or values, counts, pretty-prints, and explains errors with line and column', async ({ page }) => {
    await openIn(page, '/tools/JsonSearchReplaceBeautify', 'en');
    const input = page.getByLabel('JSON', { exact: true });
    await input.fill('{"Name":"name","tags":["a name","NAME"],"n":1}');
    await page.getByLabel('Search').fill('name');
    await page.getByLabel('Replace with').fill('title');
    await page.getByRole('button', { name: 'Replace and beautify' }).click();
    await expect(page.getByTestId('json-count')).toHaveText('4 replacements');
    await expect(page.getByTestId('json-output')).toHaveText(
      '{\n  "title": "title",\n  "tags": [\n    "a title",\n    "title"\n  ],\n  "n": 1\n}',
    );
    await shot(page, 'tools-json-en');

    await page.getByLabel('Case-sensitive').check();
    await page.getByLabel('In values (strings)').uncheck();
    await page.getByRole('button', { name: 'Replace and beautify' }).click();
    await expect(page.getByTestId('json-count')).toHaveText('0 replacements');
    await page.getByLabel('In values (strings)').check();
    await page.getByLabel('In keys').uncheck();
    await page.getByRole('button', { name: 'Replace and beautify' }).click();
    await expect(page.getByTestId('json-count')).toHaveText('2 replacements');
    await expect(page.getByTestId('json-output')).toContainText('"Name": "title"');

    await input.fill('{\n  "a": 1,\n  "b": }');
    await page.getByRole('button', { name: 'Replace and beautify' }).click();
    await expect(page.getByTestId('json-problem')).toContainText('Unexpected character “}” at line 3, column 8.');
    await shot(page, 'tools-json-invalid-en');
  });

  test('JSON tool in Russian', async ({ page }) => {
    await openIn(page, '/tools/JsonSearchReplaceBeautify', 'ru');
    await expect(page.getByRole('heading', { name: 'JSON: поиск, замена и форматирование' })).toBeVisible();
    await page.getByRole('button', { name: 'Заменить и отформатировать' }).click();
    await expect(page.getByTestId('json-count')).toHaveText('3 замены');
    await shot(page, 'tools-json-ru');
    await page.getByLabel('JSON', { exact: true }).fill('[1, 2');
    await page.getByRole('button', { name: 'Заменить и отформатировать' }).click();
    await expect(page.getByTestId('json-problem')).toContainText('строка 1, столбец 6');
    await shot(page, 'tools-json-invalid-ru');
  });

  test('serialized data editor: tree, replacement in nested serialized and JSON strings with lengths fixed, parse errors', async ({
    page,
  }) => {
    await openIn(page, '/tools/SerializedDataEditor', 'en');
    await expect(page.getByRole('heading', { name: 'Serialized data editor' })).toBeVisible();
    await page.getByLabel('Search').fill('world');
    await page.getByLabel('Replace with').fill('мир');
    await page.getByRole('button', { name: 'Parse and replace' }).click();
    await expect(page.getByTestId('ser-count')).toHaveText('3 replacements');
    const result = page.getByTestId('ser-result');
    await expect(result).toContainText('s:12:"Hello мир"');
    await expect(result).toContainText('s:5:"color";s:6:"мир";');
    await expect(result).toContainText('{"greet":"мир"}');
    const tree = page.getByTestId('serialized-tree');
    await expect(tree).toContainText('array(3)');
    await expect(tree).toContainText('string → serialized');
    await expect(tree).toContainText('string(18) · JSON');
    await expect(tree).toContainText('"Hello мир"');
    await shot(page, 'tools-serialized-en');

    // collapse the root
    await tree.getByRole('button', { name: 'Collapse' }).first().click();
    await expect(tree).not.toContainText('Hello');

    await page.getByLabel('Serialized data').fill('a:1:{s:3:"abc";s:10:"short";}');
    await page.getByRole('button', { name: 'Parse and replace' }).click();
    await expect(page.getByLabel('Serialized data')).toHaveClass(/is-invalid/);
    await expect(toasts(page)).toBeHidden();
    await shot(page, 'tools-serialized-invalid-en');
  });

  test('serialized data editor in Russian, for a logged-in user too', async ({ page }) => {
    await registerViaUi(page);
    await page.evaluate((k) => localStorage.setItem(k, 'ru'), LANGUAGE_STORAGE_KEY);
    await page.goto('/tools/SerializedDataEditor');
    await expect(page.getByRole('heading', { name: 'Редактор сериализованных данных' })).toBeVisible();
    await page.getByRole('button', { name: 'Разобрать и заменить' }).click();
    await expect(page.getByTestId('ser-count')).toHaveText('0 замен');
    await expect(page.getByTestId('serialized-tree')).toContainText('array(3)');
    await shot(page, 'tools-serialized-ru');
  });
});
