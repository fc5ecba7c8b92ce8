import { expect, test } from './fixtures';
import { closeMessages, loginViaUi, savedAdminAccount } from './helpers';
import { createTale, uniqueWord } from './tales-helpers';

/**
 * The Content-Security-Policy the whole suite runs under (server/http/security-headers.ts), and
 * what it must keep working. Every spec's test fails on a violation (e2e/fixtures.ts).
 */

test('the app is served with its Content-Security-Policy, so the suite runs under it', async ({ page }) => {
  const res = await page.goto('/tale/feed');
  const policy = res?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain('frame-ancestors *');
  expect(res?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.getByRole('heading', { name: 'Tales', exact: true })).toBeVisible();
});

test('a page that breaks the policy fails its test: the guard of e2e/fixtures.ts works', async ({ page }) => {
  // Expected to fail, and only the guard can fail it: the body below passes either way. Were the
  // guard (or the policy) gone, this test would pass, and Playwright reports that as a failure.
  test.fail(true, 'the CSP guard must fail a test whose page broke the policy');
  await page.goto('/auth/login');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        document.addEventListener('securitypolicyviolation', () => resolve(), { once: true });
        setTimeout(resolve, 3_000);
        const script = document.createElement('script');
        script.textContent = 'window.inlineScriptRan = true;';
        document.head.append(script);
      }),
  );
});

test("an admin's free code runs in its sandboxed frame, without the site's origin", async ({ page }) => {
  const admin = savedAdminAccount();
  await loginViaUi(page, admin);
  await closeMessages(page);
  // Inline script, as admins write it: the app's policy forbids that, the free-code page's allows it.
  const code = `<p id="out">not run</p><script>
    var storage; try { storage = String(localStorage.length); } catch (e) { storage = 'no storage'; }
    document.getElementById('out').textContent = 'ran in ' + window.origin + ', ' + storage;
  </script>`;
  const tale = await createTale(page.request, { header: `Free code ${uniqueWord()}`, body_free: code });
  await page.goto(`/tale/upsert/${tale.id}`);
  const frame = page.getByTestId('tale-free-code');
  await frame.scrollIntoViewIfNeeded();
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  // An opaque origin: neither this site's storage nor its session.
  await expect(page.frameLocator('[data-testid="tale-free-code"]').locator('#out')).toHaveText('ran in null, no storage');
});

test("a tale's frame shows a page of another origin", async ({ page, baseURL }) => {
  const admin = savedAdminAccount();
  await loginViaUi(page, admin);
  await closeMessages(page);
  const other = `${(baseURL ?? '').replace('127.0.0.1', 'localhost')}/healthz`;
  const tale = await createTale(page.request, { header: `Framed ${uniqueWord()}`, iframe: other });
  await page.goto(`/tale/upsert/${tale.id}`);
  await page.getByTestId('tale-iframe').scrollIntoViewIfNeeded();
  await expect(page.frameLocator('[data-testid="tale-iframe"]').locator('body')).toContainText('"status":"ok"');
});

test('a page of another origin can frame the app', async ({ page, baseURL }) => {
  const app = baseURL ?? '';
  await page.goto(`${app.replace('127.0.0.1', 'localhost')}/tale/feed`);
  await page.evaluate((src) => {
    document.body.innerHTML = `<iframe id="embed" src="${src}/auth/login" style="width:800px;height:400px;border:0"></iframe>`;
  }, app);
  await expect(page.frameLocator('#embed').getByRole('heading', { name: 'Log in' })).toBeVisible();
});
