import { expect, test } from './fixtures';
import { registerViaUi } from './helpers';
import { createTale, switchLanguage, uniqueWord } from './tales-helpers';

test('dates say how long ago, with the exact date and time on hover, in English and Russian', async ({ page }) => {
  await registerViaUi(page);
  const word = uniqueWord('when');
  const now = Math.floor(Date.now() / 1000);
  const fresh = await createTale(page.request, { header: `Fresh ${word}` });
  const older = await createTale(page.request, { header: `Older ${word}`, publish_at: now - 3 * 86400 - 600 });

  await page.goto(`/tale/upsert/${fresh.id}`);
  const date = page.getByTestId('tale-date').locator('time');
  await expect(date).toHaveText('now');
  const exact = new Intl.DateTimeFormat('en', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(fresh.publish_at * 1000));
  await expect(date).toHaveAttribute('title', exact);
  await expect(date).toHaveAttribute('datetime', new Date(fresh.publish_at * 1000).toISOString());

  await page.goto(`/tale/upsert/${older.id}`);
  await expect(page.getByTestId('tale-date').locator('time')).toHaveText('3 days ago');
  await switchLanguage(page, 'ru');
  await expect(page.getByTestId('tale-date').locator('time')).toHaveText('3 дня назад');
  await expect(page.getByTestId('tale-date').locator('time')).toHaveAttribute('title', /\d{4}/);

  // the feed's cards say it the same way
  await page.goto(`/tale/feed?txt=${word}`);
  const cards = page.getByTestId('tale-card');
  await expect(cards.filter({ hasText: `Fresh ${word}` }).locator('time')).toHaveText('сейчас');
  await expect(cards.filter({ hasText: `Older ${word}` }).locator('time')).toHaveText('3 дня назад');
});

test('a publish date before 1970 is refused in the picker with the years it may have, and the tale keeps its date', async ({ page }) => {
  await registerViaUi(page);
  const tale = await createTale(page.request, { header: `Dated ${uniqueWord('year')}` });
  await page.goto(`/tale/upsert/${tale.id}`);
  await page.getByTestId('tale-edit').click();
  const year = page.locator('#tale-publish-at');
  await year.fill('1');
  await year.press('Tab');
  await expect(page.getByText('Year must be from 1970 to 9999.')).toBeVisible();
  await expect(page.getByText('Must be at least 0')).toHaveCount(0);
  await page.getByTestId('tale-submit').click();
  await expect(page.getByTestId('tale-view')).toBeVisible();
  await expect(page.getByTestId('tale-date').locator('time')).toHaveText('now');
  await expect(page.getByTestId('tale-date').locator('time')).toHaveAttribute('datetime', new Date(tale.publish_at * 1000).toISOString());
});
