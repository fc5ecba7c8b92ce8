import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerViaUi } from './helpers';
import { createTale, taleCards, uniqueWord } from './tales-helpers';

/**
 * A like lives in the query cache, not in the button: the count and state one screen shows after
 * a like are what every other screen showing the same tale shows, at once. The screens are left
 * and entered by client-side navigation (no reload), and while the checks run every read of the
 * feed or of a tale is held back, so what is seen can only come from the cache.
 */

/** Holds every GET of the feed and of tales until the returned function is called. */
async function holdTaleReads(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const pattern = /\/api\/tale\/(feed|upsert)\//;
  const handler = async (route: Route) => {
    if (route.request().method() === 'GET') await gate;
    await route.continue().catch(() => {});
  };
  await page.route(pattern, handler);
  return async () => {
    release();
    await page.unroute(pattern, handler);
  };
}

/** Marks the document; the mark is gone after a reload. */
const markDocument = (page: Page) => page.evaluate(() => document.documentElement.setAttribute('data-e2e-document', 'kept'));
const expectSameDocument = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-e2e-document', 'kept');

const cardOf = (page: Page, id: number) => page.locator(`[data-testid="tale-card"][data-tale-id="${id}"]`);
const likeOnTalePage = (page: Page, id: number) => page.getByTestId('tale-view').locator(`[data-testid="like"][data-tale-id="${id}"]`);

test('a like on the tale page shows on its feed card, and a like on the card shows on the tale page, without a refetch', async ({
  page,
}) => {
  await registerViaUi(page);
  const word = uniqueWord('liked');
  // one tale for each direction, so each check starts from a cache that still holds no like
  const onCard = await createTale(page.request, { header: `Liked on its card ${word}` });
  const onPage = await createTale(page.request, { header: `Liked on its page ${word}` });

  await page.goto(`/tale/feed?txt=${word}`);
  await markDocument(page);
  await expect(taleCards(page)).toHaveCount(2);
  for (const id of [onCard.id, onPage.id]) await expect(cardOf(page, id).getByTestId('like-count')).toHaveText('0');

  // tale page -> feed: liked on the tale page, the card shows it when the feed is back
  await cardOf(page, onPage.id).getByTestId('tale-card-header').click();
  const pageLike = likeOnTalePage(page, onPage.id);
  await expect(pageLike.getByTestId('like-count')).toHaveText('0');
  await pageLike.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(pageLike.getByTestId('like-count')).toHaveText('1');
  await expect(pageLike.getByRole('button', { name: 'Remove my like' })).toHaveAttribute('aria-pressed', 'true');
  let releaseReads = await holdTaleReads(page);
  await page.goBack();
  const card = cardOf(page, onPage.id).getByTestId('like');
  await expect(card.getByTestId('like-count')).toHaveText('1');
  await expect(card.getByRole('button', { name: 'Remove my like' })).toHaveAttribute('aria-pressed', 'true');
  await expectSameDocument(page);
  await releaseReads();

  // feed -> tale page: the tale page was seen before the like, liked on the card, the page shows it
  await cardOf(page, onCard.id).getByTestId('tale-card-header').click();
  await expect(likeOnTalePage(page, onCard.id).getByTestId('like-count')).toHaveText('0');
  await page.goBack();
  const cardLike = cardOf(page, onCard.id).getByTestId('like');
  await cardLike.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(cardLike.getByTestId('like-count')).toHaveText('1');
  releaseReads = await holdTaleReads(page);
  await page.goForward();
  const seen = likeOnTalePage(page, onCard.id);
  await expect(seen.getByTestId('like-count')).toHaveText('1');
  await expect(seen.getByRole('button', { name: 'Remove my like' })).toHaveAttribute('aria-pressed', 'true');
  await expectSameDocument(page);
  await releaseReads();
});
