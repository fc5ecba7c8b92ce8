import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axe, registerViaUi } from './helpers';
import { createTale, shotPath, switchLanguage, uniqueWord } from './tales-helpers';

/*
 * The map of tales (/map) and "nearby tales" on a tale's page. The tales of each test are pinned
 * in the middle of the South Pacific, far from every other test's, each test at its own spot.
 */
const pin = (lat: number, lng: number) => ({ geo_is_map_shown: 1, geo_latitude: lat, geo_longitude: lng, geo_zoom: 13 });
const mapAt = (lat: number, lng: number, z: number, extra = '') => `/map?lat=${lat}&lng=${lng}&z=${z}${extra}`;

async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('a visitor sees the pinned tales the feed shows them, clustered, with a popup that leads to the tale; drafts and members-only ones never', async ({
  page,
  browser,
}) => {
  await registerViaUi(page);
  const word = uniqueWord('isle');
  const [lat, lng] = [-44.0, -140.0];
  const pier = await createTale(page.request, {
    header: `Pier ${word}`,
    body: `<p>The old pier of ${word} creaks at night #прибой</p>`,
    ...pin(lat, lng),
  });
  await createTale(page.request, {
    header: `Lighthouse ${word}`,
    body: `<p>A light over ${word}</p>`,
    ...pin(lat + 0.004, lng + 0.006),
  });
  await createTale(page.request, { header: `Draft ${word}`, is_draft: 1, ...pin(lat + 0.001, lng) });
  await createTale(page.request, { header: `Members ${word}`, is_for_registered: 1, ...pin(lat - 0.002, lng) });
  await createTale(page.request, { header: `Hidden map ${word}`, ...pin(lat, lng + 0.001), geo_is_map_shown: 0 });

  const visitor = await visitorPage(browser);
  // from the navbar
  await visitor.goto('/');
  await visitor.getByTestId('nav-map').click();
  await expect(visitor).toHaveURL(/\/map/);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Map of tales');

  // far out, the two are one cluster saying 2
  await visitor.goto(mapAt(lat, lng, 10));
  const map = visitor.getByTestId('tales-map');
  await expect(visitor.getByTestId('map-status')).toHaveText('2 tales in view');
  await expect(map.locator('.marker-cluster [aria-hidden="true"]')).toHaveText('2');
  await expect(visitor.getByTestId('map-list').getByRole('link')).toHaveText([`Pier ${word}`, `Lighthouse ${word}`]);

  // the cluster is a button that says what it holds; Enter on it zooms in to two markers named by their headers
  const cluster = map.getByRole('button', { name: '2 tales here, zoom in' });
  await cluster.focus();
  await visitor.keyboard.press('Enter');
  await expect(map.getByRole('button', { name: `Pier ${word}` })).toBeVisible();
  await expect(map.getByRole('button', { name: `Lighthouse ${word}` })).toBeVisible();
  // the view the reader moved to is kept in the address
  await expect(visitor).not.toHaveURL(/z=10/);
  await expect(visitor).toHaveURL(/z=1[1-9]/);

  // a marker by keyboard: focus, Enter, the popup with header, excerpt, author and a link
  await map.getByRole('button', { name: `Pier ${word}` }).focus();
  await visitor.keyboard.press('Enter');
  const popup = visitor.getByTestId('map-popup');
  await expect(popup.getByRole('heading')).toHaveText(`Pier ${word}`);
  // the popup takes the focus, so a screen reader says what opened
  await expect(popup.getByRole('heading')).toBeFocused();
  await expect(popup).toContainText(`The old pier of ${word} creaks at night #прибой`);
  expect(await axe(visitor).include('[data-testid="tales-map-page"]').withTags(['wcag2a', 'wcag2aa']).analyze()).toMatchObject({
    violations: [],
  });
  await visitor.screenshot({ path: shotPath('tales-map-desktop-en.png') });
  await popup.getByRole('link', { name: 'Read the tale' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/tale/upsert/${pier.id}$`));
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`Pier ${word}`);

  // the author (signed in) sees the members-only tale too, never the draft
  await page.goto(mapAt(lat, lng, 12));
  await expect(page.getByTestId('map-status')).toHaveText('3 tales in view');
  await expect(page.getByTestId('map-list')).toContainText(`Members ${word}`);
  await expect(page.getByTestId('map-list')).not.toContainText(`Draft ${word}`);
  await expect(page.getByTestId('map-list')).not.toContainText(`Hidden map ${word}`);
  await visitor.context().close();
});

test('the map is searched as the feed is, from the search box or a search of the feed; nothing found says so', async ({ page }) => {
  await registerViaUi(page);
  const word = uniqueWord('reef');
  const [lat, lng] = [-46.0, -130.0];
  await createTale(page.request, { header: `Coral ${word}`, body: `<p>Under water ${word} #риф${word}</p>`, ...pin(lat, lng) });
  await createTale(page.request, { header: `Sand ${word}`, body: `<p>On the beach ${word}</p>`, ...pin(lat + 0.003, lng) });

  // from a search of the feed to the same search on the map
  await page.goto(`/?txt=${encodeURIComponent(`#риф${word}`)}`);
  await page.getByTestId('search-map-link').click();
  await expect(page).toHaveURL(new RegExp(`/map\\?txt=${encodeURIComponent(`#риф${word}`)}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Map: #риф${word}`);
  // the world view: the search finds the one tale wherever it is
  await page.goto(`/map?txt=${encodeURIComponent(`#риф${word}`)}&lat=${lat}&lng=${lng}&z=3`);
  await expect(page.getByTestId('map-status')).toHaveText('1 tale in view');
  await expect(page.getByTestId('map-list').getByRole('link')).toHaveText([`Coral ${word}`]);

  // the search box: a word, Enter
  const box = page.getByTestId('feed-search');
  await box.fill(`sand ${word}`);
  await box.press('Enter');
  await expect(page).toHaveURL(/txt=sand/);
  await expect(page.getByTestId('map-list').getByRole('link')).toHaveText([`Sand ${word}`]);
  await box.fill(`nothing${word}`);
  await box.press('Enter');
  await expect(page.getByTestId('map-status')).toHaveText(`No tale here matches “nothing${word}”. Move the map or zoom out.`);
  await expect(page.getByTestId('map-list')).toHaveCount(0);
  // back to the list: the same search in the feed
  await page.getByTestId('map-as-list').click();
  await expect(page).toHaveURL(new RegExp(`\\?txt=nothing${word}`));
});

test('a tale lists the tales pinned nearest it with their distance, and opens the map around it with its popup', async ({ page }) => {
  await registerViaUi(page);
  const word = uniqueWord('cove');
  const [lat, lng] = [-48.0, -120.0];
  const here = await createTale(page.request, { header: `Cove ${word}`, ...pin(lat, lng) });
  await createTale(page.request, { header: `Cliff ${word}`, ...pin(lat + 0.009, lng) });
  await createTale(page.request, { header: `Cave ${word}`, ...pin(lat - 0.02, lng) });
  await page.goto(`/tale/upsert/${here.id}`);
  const nearby = page.getByTestId('nearby-tales');
  await expect(nearby.getByRole('heading')).toHaveText('Nearby tales');
  // nearest first: the cliff 1 km north, then the cave 2.2 km south
  await expect(nearby.getByRole('listitem').nth(0)).toHaveText(`Cliff ${word} · 1 km`);
  await expect(nearby.getByRole('listitem').nth(1)).toHaveText(`Cave ${word} · 2.2 km`);
  await expect(nearby).not.toContainText(`Cove ${word}`);
  await page.screenshot({ path: shotPath('nearby-desktop-en.png'), fullPage: true });

  await nearby.getByTestId('nearby-map-link').click();
  await expect(page).toHaveURL(new RegExp(`/map\\?lat=-48&lng=-120&z=13&open=${here.id}`));
  await expect(page.getByTestId('map-popup').getByRole('heading')).toHaveText(`Cove ${word}`);

  // a tale with no place has no such list
  const nowhere = await createTale(page.request, { header: `Nowhere ${word}` });
  await page.goto(`/tale/upsert/${nowhere.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Nowhere ${word}`);
  await expect(page.getByTestId('nearby-tales')).toHaveCount(0);
});

test('in Russian and on a phone: the map fills the screen, its words and distances are Russian', async ({ page }) => {
  await registerViaUi(page);
  const word = uniqueWord('bay');
  const [lat, lng] = [-50.0, -110.0];
  const one = await createTale(page.request, { header: `Бухта ${word}`, body: '<p>Тихая вода</p>', ...pin(lat, lng) });
  await createTale(page.request, { header: `Мыс ${word}`, ...pin(lat + 0.0135, lng) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(mapAt(lat, lng, 13));
  await switchLanguage(page, 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Карта историй');
  await expect(page.getByTestId('map-status')).toHaveText('Здесь 2 истории');
  const map = await page.getByTestId('tales-map').locator('.leaflet-container').boundingBox();
  expect(map?.width).toBeGreaterThan(340);
  expect(map?.height).toBeGreaterThanOrEqual(320);
  await page.getByRole('button', { name: `Показать «Бухта ${word}» на карте` }).click();
  await expect(page.getByTestId('map-popup')).toContainText('Тихая вода');
  await expect(page.getByTestId('map-popup').getByRole('link')).toHaveText('Читать историю');
  await page.screenshot({ path: shotPath('tales-map-phone-ru.png') });
  await page.goto(`/tale/upsert/${one.id}`);
  await expect(page.getByTestId('nearby-tales').getByRole('heading')).toHaveText('Истории рядом');
  await expect(page.getByTestId('nearby-tales').getByRole('listitem').first()).toHaveText(`Мыс ${word} · 1,5 км`);
  await page.screenshot({ path: shotPath('nearby-phone-ru.png'), fullPage: true });
});

test.describe('in the dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('the popup and the list read well (axe, contrast included)', async ({ page }) => {
    await registerViaUi(page);
    const word = uniqueWord('night');
    const [lat, lng] = [-52.0, -100.0];
    await createTale(page.request, { header: `Night pier ${word}`, body: '<p>Dark water under the boards</p>', ...pin(lat, lng) });
    await page.goto(mapAt(lat, lng, 12));
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    await page.getByRole('button', { name: `Show “Night pier ${word}” on the map` }).click();
    const popup = page.getByTestId('map-popup');
    await expect(popup).toContainText('Dark water under the boards');
    // the popup has faded in before its colours are judged
    await expect(page.locator('.leaflet-popup')).toHaveCSS('opacity', '1');
    expect(await axe(page).include('[data-testid="tales-map-page"]').withTags(['wcag2a', 'wcag2aa']).analyze()).toMatchObject({
      violations: [],
    });
    await page.screenshot({ path: shotPath('tales-map-desktop-dark-en.png') });
  });
});
