import { expect, test } from './fixtures';

test('Ctrl+Alt+F toggles full-screen mode, hiding the navbar and the footer', async ({ page }) => {
  await page.goto('/');
  const navbar = page.getByTestId('main-navbar');
  const footer = page.getByTestId('app-footer');
  await expect(navbar).toBeVisible();
  await expect(footer).toBeVisible();

  await page.keyboard.press('Control+Alt+KeyF');
  await expect(navbar).toBeHidden();
  await expect(footer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Tales', exact: true })).toBeVisible();

  await page.keyboard.press('Control+Alt+KeyF');
  await expect(navbar).toBeVisible();
  await expect(footer).toBeVisible();
});

test('an unknown address shows "Page not found" inside the app', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { name: 'Tales', exact: true })).toBeVisible();
});

test('inside an iframe the menu and footer are hidden and the frame grows to the page', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    document.body.innerHTML = '<iframe id="embed" src="/auth/register" style="width:800px;height:50px;border:0"></iframe>';
  });
  const frame = page.frameLocator('#embed');
  await expect(frame.getByRole('heading', { name: 'Registration' })).toBeVisible();
  await expect(frame.getByTestId('main-navbar')).toHaveCount(0);
  await expect(frame.getByTestId('app-footer')).toHaveCount(0);
  await expect.poll(async () => page.locator('#embed').evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(300);
});

test('the spinner covers the page while a request is under way', async ({ page }) => {
  await page.route('**/api/auth/login**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('slow@example.com');
  await page.getByLabel('Password').fill('whatever-123');
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByTestId('spinner-overlay')).toBeVisible();
  await expect(page.getByTestId('spinner-overlay')).toBeHidden();
});
