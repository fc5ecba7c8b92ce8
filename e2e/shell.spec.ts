import { expect, test } from './fixtures';
import { registerViaUi } from './helpers';
import { createTale, switchLanguage, taleCards, uniqueWord } from './tales-helpers';

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

test('the first Tab stop skips the menu: Enter on it and the next Tab is the first tale', async ({ page }) => {
  await registerViaUi(page);
  const word = uniqueWord('skip');
  await createTale(page.request, { header: `Skip ${word}` });
  await page.goto(`/tale/feed?txt=${word}`);
  await expect(taleCards(page)).toHaveCount(1);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`txt=${word}$`));
  // past the search box, its two buttons and the search's map and feed links: the first tale, six
  // stops on (fifteen without the skip link, the navbar's map link among them)
  const firstLink = taleCards(page).first().getByRole('link').first();
  let stops = 0;
  while (stops < 15 && !(await firstLink.evaluate((a) => a === document.activeElement))) {
    await page.keyboard.press('Tab');
    stops += 1;
  }
  await expect(firstLink).toBeFocused();
  expect(stops).toBeLessThanOrEqual(6);
  await switchLanguage(page, 'ru');
  // the page shown again, as before the first Tab above (a Tab pressed before the page is there goes nowhere)
  await expect(taleCards(page)).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Перейти к содержимому' })).toBeFocused();
});
