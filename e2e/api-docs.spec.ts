import { expect, test } from './fixtures';

/**
 * The API's reference page (/api/docs) as a person reads it: in the browser, under the site's
 * Content-Security-Policy (a violation fails the test), offline (nothing fetched from elsewhere),
 * linking to the OpenAPI document it is made from.
 */
test('the API reference reads in the browser under the policy, fetching nothing from elsewhere', async ({ page, baseURL }) => {
  const elsewhere: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL ?? '')) elsewhere.push(r.url());
  });
  const res = await page.goto('/api/docs');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /Tales API/ })).toBeVisible();

  // the contents link to each endpoint's section
  await page
    .locator('nav')
    .getByRole('link', { name: /\/auth\/login/ })
    .click();
  const login = page.locator('[id="auth.login"]');
  await expect(login).toBeInViewport();
  await expect(login.getByText('Log in with mail and password')).toBeVisible();
  await expect(login.getByText('form_id: login.')).toBeVisible();

  // a named schema is a link to its own section
  await page.locator('[id="tales.tale"]').getByRole('link', { name: 'Tale', exact: true }).first().click();
  await expect(page.locator('#schema-Tale')).toBeInViewport();

  // and the document the page is made from is one click away
  const [doc] = await Promise.all([
    page.waitForResponse(/\/api\/openapi\.json$/),
    page.getByRole('link', { name: '/api/openapi.json' }).click(),
  ]);
  expect(doc.status()).toBe(200);
  expect(((await doc.json()) as { openapi: string }).openapi).toBe('3.1.0');
  expect(elsewhere).toEqual([]);
});
