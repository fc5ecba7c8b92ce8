import { expect, test } from './fixtures';
import { excerpt } from '../common/schemas/tale';
import { registerViaUi } from './helpers';
import { createTale, uniqueWord } from './tales-helpers';

const LONG_TEXT =
  'The old lighthouse keeper climbed the spiral stairs every evening, counting one hundred and twelve steps, and lit the lamp for ships he would never see.';

test('share links carry the tale address (alias), header and a 100-character excerpt; copy link works', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerViaUi(page);
  const alias = uniqueWord('share');
  await createTale(page.request, { header: 'The lighthouse & the sea', router_alias: alias, body: `<p>${LONG_TEXT}</p>` });
  const url = `${baseURL}/${alias}`;
  const text = excerpt(LONG_TEXT, 100);
  expect(text.length).toBeLessThanOrEqual(101);

  await page.goto(`/${alias}`);
  const share = page.getByTestId('share');
  const href = async (network: string) => new URL((await share.locator(`a[data-network="${network}"]`).getAttribute('href')) ?? '');

  const vk = await href('vk');
  expect(`${vk.origin}${vk.pathname}`).toBe('https://vk.com/share.php');
  expect(vk.searchParams.get('url')).toBe(url);
  expect(vk.searchParams.get('title')).toBe('The lighthouse & the sea');
  expect(vk.searchParams.get('description')).toBe(text);

  const fb = await href('facebook');
  expect(`${fb.origin}${fb.pathname}`).toBe('https://www.facebook.com/sharer/sharer.php');
  expect(fb.searchParams.get('u')).toBe(url);

  const tg = await href('telegram');
  expect(`${tg.origin}${tg.pathname}`).toBe('https://t.me/share/url');
  expect(tg.searchParams.get('url')).toBe(url);
  expect(tg.searchParams.get('text')).toBe(`The lighthouse & the sea\n${text}`);

  const wa = await href('whatsapp');
  expect(`${wa.origin}${wa.pathname}`).toBe('https://wa.me/');
  expect(wa.searchParams.get('text')).toBe(`The lighthouse & the sea\n${text}\n${url}`);

  const viber = (await share.locator('a[data-network="viber"]').getAttribute('href')) ?? '';
  expect(viber.startsWith('viber://forward?')).toBe(true);
  expect(new URLSearchParams(viber.split('?')[1]).get('text')).toBe(`The lighthouse & the sea\n${text}\n${url}`);

  const li = await href('linkedin');
  expect(`${li.origin}${li.pathname}`).toBe('https://www.linkedin.com/sharing/share-offsite/');
  expect(li.searchParams.get('url')).toBe(url);

  // six networks, no Skype; each opens in a new tab without an opener
  await expect(share.locator('a[data-network]')).toHaveCount(6);
  await expect(share.getByText('Skype')).toHaveCount(0);
  for (const a of await share.locator('a[data-network]').all()) {
    await expect(a).toHaveAttribute('target', '_blank');
    await expect(a).toHaveAttribute('rel', /noopener/);
  }

  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(share.getByTestId('share-copy')).toHaveText('✓ Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(share.getByTestId('share-copy')).toHaveText('Copy link', { timeout: 5000 });

  // the system share sheet is offered only where the browser has one
  const hasShare = await page.evaluate(() => typeof navigator.share === 'function');
  await expect(share.getByTestId('share-system')).toHaveCount(hasShare ? 1 : 0);
});

test('the system share button appears when the browser can share, and shares the tale', async ({ page }) => {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.defineProperty(window, '__shared', { value: shared });
    const share = (data: ShareData) => {
      shared.push(data);
      return Promise.resolve();
    };
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  });
  await registerViaUi(page);
  const tale = await createTale(page.request, { header: 'Shared by the system', body: '<p>Short text.</p>' });
  await page.goto(`/tale/upsert/${tale.id}`);
  await page.getByTestId('share-system').click();
  const shared = await page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);
  expect(shared).toEqual([
    { url: expect.stringMatching(new RegExp(`/tale/upsert/${tale.id}$`)), title: 'Shared by the system', text: 'Short text.' },
  ]);
});

test('a tale that hides sharing shows no share buttons', async ({ page }) => {
  await registerViaUi(page);
  const tale = await createTale(page.request, { header: 'Private-ish', is_social_sharing_hidden: 1 });
  await page.goto(`/tale/upsert/${tale.id}`);
  await expect(page.getByTestId('tale-view')).toBeVisible();
  await expect(page.getByTestId('share')).toHaveCount(0);
});

test('a shared address answers with Open Graph tags rendered by the server', async ({ page, request, baseURL }) => {
  await registerViaUi(page);
  const alias = uniqueWord('og');
  const tale = await createTale(page.request, {
    header: 'Open Graph "title" & more',
    router_alias: alias,
    body: `<p>${LONG_TEXT}</p><img src="https://example.com/og.png">`,
  });
  for (const path of [`/${alias}`, `/tale/upsert/${tale.id}`]) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta property="og:title" content="Open Graph &quot;title&quot; &amp; more">');
    expect(html).toContain(`<meta property="og:url" content="${baseURL}/${alias}">`);
    expect(html).toMatch(/<meta property="og:description" content="The old lighthouse keeper[^"]*">/);
    expect(html).toContain('<meta property="og:image" content="https://example.com/og.png">');
    // and it is still the app: the page renders the tale
    await page.goto(path);
    await expect(page.getByTestId('tale-header')).toHaveText('Open Graph "title" & more');
  }
});
