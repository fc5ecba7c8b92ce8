import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerViaUi } from './helpers';
import { createTale, switchLanguage, uniqueWord } from './tales-helpers';

/**
 * Another site: a page of a small server of the test's own, on another port of this machine, so
 * another origin than the app's. (A page made up by a Playwright route would not do: Chromium
 * treats it as public, and a public page may not frame a loopback address.)
 */
let hostHtml = '';
let host: http.Server;
let hostUrl = '';
test.beforeAll(async () => {
  host = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>A blog</title></head><body><h1>A blog</h1>${hostHtml}<p>After the tale</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/post`;
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

async function hostPage(page: Page, html: string) {
  hostHtml = html;
  const app = new URL(page.url()).origin;
  await page.goto(hostUrl);
  expect(new URL(page.url()).origin).not.toBe(app);
}

/** The embedded tale's own height, read inside the frame. */
async function framedHeight(page: Page): Promise<number> {
  const frame = page.frames().find((f) => f !== page.mainFrame() && f.url().includes('/tale/'));
  if (!frame) throw new Error('the tale frame is not there');
  return frame.evaluate(() => document.body.scrollHeight);
}

const frameHeight = (page: Page) => page.locator('iframe').evaluate((f) => f.getBoundingClientRect().height);

async function snippetOf(page: Page, taleId: number): Promise<string> {
  await page.goto(`/tale/upsert/${taleId}`);
  await page.getByTestId('share-embed').click();
  await expect(page.getByTestId('share-embed')).toHaveAttribute('aria-expanded', 'true');
  return page.getByLabel('Code to paste into your page').inputValue();
}

test('the tale page offers its embed code, which sizes the frame to the tale on another site, long or short', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerViaUi(page);
  const paragraphs = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i + 1} of a long tale about the sea.</p>`).join('');
  const long = await createTale(page.request, { header: `A long "tale" & ${uniqueWord('embed')}`, body: paragraphs });
  const short = await createTale(page.request, { header: 'Short', body: '<p>One line.</p>' });

  const snippet = await snippetOf(page, long.id);
  expect(snippet).toContain(`<iframe src="${baseURL}/tale/upsert/${long.id}" title="A long &quot;tale&quot; &amp; embed`);
  expect(snippet).toContain(`<script src="${baseURL}/embed.js" async></script>`);
  await page.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

  // the frame starts at the snippet's 480px and grows to the whole tale, with nothing to scroll
  await hostPage(page, snippet);
  await expect(page.frameLocator('iframe').getByText('Paragraph 40 of a long tale')).toBeAttached();
  await expect.poll(() => frameHeight(page), { timeout: 10_000 }).toBeGreaterThan(1000);
  // the tale's height and the 100px the spec adds, and it stays so: no feedback from its own frame
  await page.waitForTimeout(1000);
  expect(await frameHeight(page)).toBe((await framedHeight(page)) + 100);
  const longHeight = await frameHeight(page);

  // a frame made taller than its tale shrinks to it
  await hostPage(page, (await snippetOf(page, short.id)).replace('height:480px', 'height:6000px'));
  await expect(page.frameLocator('iframe').getByText('One line.')).toBeVisible();
  await expect.poll(() => frameHeight(page), { timeout: 10_000 }).toBeLessThan(longHeight);
  await page.waitForTimeout(1000);
  expect(await frameHeight(page)).toBe((await framedHeight(page)) + 100);
  // the framed tale shows no menu or footer
  await expect(page.frameLocator('iframe').locator('nav')).toHaveCount(0);
  await expect(page.frameLocator('iframe').getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(page.frameLocator('iframe').getByRole('button', { name: 'Embed' })).toHaveCount(0);
});

test('without embed.js the frame keeps its height: the script is what sizes it', async ({ page, baseURL }) => {
  await registerViaUi(page);
  const paragraphs = Array.from({ length: 40 }, (_, i) => `<p>Line ${i + 1}.</p>`).join('');
  const tale = await createTale(page.request, { header: 'No script', body: paragraphs });
  await hostPage(page, `<iframe src="${baseURL}/tale/upsert/${tale.id}" title="t" style="width:100%;border:0;height:480px"></iframe>`);
  await expect(page.frameLocator('iframe').getByText('Line 40.')).toBeAttached();
  await page.waitForTimeout(1500);
  expect(await frameHeight(page)).toBe(480);
});

test('the embed code in Russian', async ({ page }) => {
  await registerViaUi(page);
  const tale = await createTale(page.request, { header: 'Русская история', body: '<p>Текст.</p>' });
  await page.goto(`/tale/upsert/${tale.id}`);
  await switchLanguage(page, 'ru');
  await page.getByRole('button', { name: 'Встроить' }).click();
  await expect(page.getByLabel('Код для вставки на вашу страницу')).toHaveValue(/title="Русская история"/);
  await expect(page.getByRole('button', { name: 'Копировать код' })).toBeVisible();
});
