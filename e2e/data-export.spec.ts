import fs from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures';
import { axe, loginViaUi, registerViaUi, savedAdminAccount } from './helpers';
import { createTale, registerAndGetId, shotPath, switchLanguage, uniqueWord } from './tales-helpers';

test('a user prepares an archive of their data from their profile, by keyboard, watches it come and downloads it', async ({ page }) => {
  await registerViaUi(page);
  const word = uniqueWord('home');
  await createTale(page.request, { header: `Harbour ${word}`, body: `<p>Boats in the ${word} harbour</p>` });
  await createTale(page.request, { header: `Draft ${word}`, is_draft: 1 });
  await page.goto('/auth/profile');
  const panel = page.getByTestId('data-export');
  await expect(panel.getByRole('heading')).toHaveText('Your data');
  const prepare = panel.getByRole('button', { name: 'Prepare the archive' });
  await prepare.focus();
  await page.keyboard.press('Enter');
  // it is made in the background; the panel follows it to the end
  const downloadLink = panel.getByTestId('export-download');
  await expect(downloadLink).toBeVisible({ timeout: 20_000 });
  await expect(downloadLink).toHaveText(/^Download \(\d+(\.\d)? KB\)$/);
  await expect(panel.getByTestId('export-ready')).toContainText('kept until');
  expect(await axe(page).include('[data-testid="data-export"]').withTags(['wcag2a', 'wcag2aa']).analyze()).toMatchObject({
    violations: [],
  });
  await page.screenshot({ path: shotPath('data-export-desktop-en.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^tales-data-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(await fs.readFile(await download.path())));
  expect(Object.keys(zip)).toEqual(
    expect.arrayContaining(['index.html', 'profile.json', 'tales.json', 'comments.json', 'likes.json', 'files.json']),
  );
  const tales = JSON.parse(strFromU8(zip['tales.json'])) as { header: string; is_draft: boolean }[];
  expect(tales.map((t) => [t.header, t.is_draft])).toEqual([
    [`Harbour ${word}`, false],
    [`Draft ${word}`, true],
  ]);
  expect(strFromU8(zip['index.html'])).toContain(`Boats in the ${word} harbour`);

  // the readable page opens in the browser on its own, offline
  const pageFile = test.info().outputPath('index.html');
  await fs.writeFile(pageFile, zip['index.html']);
  await page.goto(`file://${pageFile}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('everything on Tales');
  await expect(page.getByRole('heading', { name: `Harbour ${word}` })).toBeVisible();
});

test('nobody else sees it: a visitor and another user get no such section; an admin prepares one for a user', async ({ page, browser }) => {
  const id = await registerAndGetId(page);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/auth/profile/${id}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByTestId('data-export')).toHaveCount(0);
  const other = await (await browser.newContext()).newPage();
  await registerViaUi(other);
  await other.goto(`/auth/profile/${id}`);
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(other.getByTestId('data-export')).toHaveCount(0);

  const admin = await (await browser.newContext()).newPage();
  await loginViaUi(admin, savedAdminAccount());
  await admin.goto(`/auth/profile/${id}`);
  const panel = admin.getByTestId('data-export');
  await expect(panel.getByRole('heading')).toHaveText("This user's data");
  await panel.getByRole('button', { name: 'Prepare the archive' }).click();
  await expect(panel.getByTestId('export-download')).toBeVisible({ timeout: 20_000 });
  // the user sees the archive the admin asked for, where the mail's link leads
  await page.goto('/');
  await page.goto('/auth/profile#data');
  await expect(page.getByTestId('data-export').getByTestId('export-download')).toBeVisible();
  for (const p of [visitor, other, admin]) await p.context().close();
});

test('in Russian and on a phone', async ({ page }) => {
  await registerViaUi(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/auth/profile');
  await switchLanguage(page, 'ru');
  const panel = page.getByTestId('data-export');
  await expect(panel.getByRole('heading')).toHaveText('Ваши данные');
  await panel.getByRole('button', { name: 'Подготовить архив' }).click();
  await expect(panel.getByTestId('export-download')).toHaveText(/^Скачать \(\d+(,\d)? КБ\)$/, { timeout: 20_000 });
  await expect(panel.getByRole('button', { name: 'Подготовить новый' })).toBeVisible();
  const box = await panel.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('data-export-phone-ru.png') });
});
