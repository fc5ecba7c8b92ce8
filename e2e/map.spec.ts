import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Tale } from '../common/schemas/tale';
import { apiRequest } from './api';
import { closeMessages, toasts, registerViaUi } from './helpers';
import { createTale, shotPath } from './tales-helpers';

// locate-me needs a position: the browser is given one (no network is involved)
test.use({ geolocation: { latitude: 59.9386, longitude: 30.3141 }, permissions: ['geolocation'] });

const field = (page: Page, name: string) => page.getByTestId('map-fields').getByRole('textbox', { name, exact: true });

test('edit mode: show the map, pick a point by clicking, type a "lat, long" pair; view shows the marker', async ({ page }) => {
  await registerViaUi(page);
  const tale = await createTale(page.request, { header: 'Where the bridge is' });
  await page.goto(`/tale/upsert/${tale.id}`);
  await expect(page.getByTestId('tale-map')).toHaveCount(0);
  await page.getByTestId('tale-edit').click();

  // no point yet: blank pair, no map until it is switched on
  await expect(field(page, 'Latitude, longitude')).toHaveValue('');
  await expect(page.getByTestId('map-picker')).toHaveCount(0);
  await page.getByLabel('Show a map with the tale').check();
  const picker = page.getByTestId('map-picker');
  await expect(picker.locator('.leaflet-container')).toBeVisible();
  await expect(picker.locator('.leaflet-marker-icon')).toHaveCount(0);

  // 95% wide, 500px tall
  const box = await picker.locator('.leaflet-container').boundingBox();
  const parent = await picker.boundingBox();
  expect(box?.height).toBe(500);
  expect(Math.round(((box?.width ?? 0) / (parent?.width ?? 1)) * 100)).toBe(95);

  // a click in the middle picks the widget's default centre (about 55.798, 37.619)
  await picker.locator('.leaflet-container').click({ position: { x: (box?.width ?? 0) / 2, y: (box?.height ?? 0) / 2 } });
  await expect(picker.locator('.leaflet-marker-icon')).toHaveCount(1);
  const lat = Number(await field(page, 'Latitude').inputValue());
  const lng = Number(await field(page, 'Longitude').inputValue());
  expect(Math.abs(lat - 55.798)).toBeLessThan(0.01);
  expect(Math.abs(lng - 37.619)).toBeLessThan(0.01);
  await expect(field(page, 'Latitude, longitude')).toHaveValue(`${lat}, ${lng}`);

  // a click elsewhere moves the point
  await picker.locator('.leaflet-container').click({ position: { x: (box?.width ?? 0) / 2 + 120, y: (box?.height ?? 0) / 2 - 80 } });
  await expect.poll(async () => Number(await field(page, 'Longitude').inputValue())).toBeGreaterThan(lng);
  expect(Number(await field(page, 'Latitude').inputValue())).toBeGreaterThan(lat);

  // the pair: non-numeric counts as 0
  const pair = field(page, 'Latitude, longitude');
  await pair.fill('abc, 37.5');
  await expect(field(page, 'Latitude')).toHaveValue('0');
  await expect(field(page, 'Longitude')).toHaveValue('37.5');
  await pair.fill('');
  await pair.blur();
  await expect(field(page, 'Latitude')).toHaveValue('0');
  await expect(field(page, 'Longitude')).toHaveValue('0');
  await expect(pair).toHaveValue('');
  await pair.fill('59.9398, 30.3146');
  await expect(field(page, 'Latitude')).toHaveValue('59.9398');
  await expect(field(page, 'Longitude')).toHaveValue('30.3146');

  await page.getByRole('spinbutton', { name: 'Zoom' }).fill('12');
  await page.getByTestId('map-fields').getByRole('combobox', { name: 'Map type' }).first().selectOption({ label: 'Hybrid' });
  await expect(picker.getByTestId('map-type-control')).toHaveValue('hybrid');
  await page.screenshot({ path: shotPath('map-edit-en.png'), fullPage: true });

  await page.getByTestId('tale-submit').click();
  await expect(toasts(page).locator('.alert-success')).toHaveText('Saved');
  await closeMessages(page, { seen: true });

  const saved = (await apiRequest<Tale>(page.request, `/tale/upsert/${tale.id}`)).body.data;
  expect(saved).toMatchObject({ geo_is_map_shown: 1, geo_latitude: 59.9398, geo_longitude: 30.3146, geo_zoom: 12, geo_map_type: 'hybrid' });

  // view: the map with the marker, its popup the header, and the controls
  const map = page.getByTestId('tale-map');
  await expect(map.locator('.leaflet-marker-icon')).toBeVisible();
  await map.locator('.leaflet-marker-icon').click();
  await expect(map.locator('.leaflet-popup-content')).toHaveText('Where the bridge is');
  await expect(map.getByTestId('map-type-control')).toHaveValue('hybrid');
  await map.getByTestId('map-type-control').selectOption('satellite');
  await expect(map.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  await expect(map.getByRole('button', { name: 'Zoom out' })).toBeVisible();

  await map.getByRole('button', { name: 'Full screen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.classList.contains('leaflet-container') ?? false)).toBe(true);
  await page.getByRole('button', { name: 'Exit full screen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

  await map.getByRole('button', { name: 'Show my location' }).click();
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);
  await page.screenshot({ path: shotPath('map-view-en.png'), fullPage: true });
});

test('a tale that hides its map shows none', async ({ page }) => {
  await registerViaUi(page);
  const tale = await createTale(page.request, { header: 'Mapless', geo_is_map_shown: 0, geo_latitude: 10, geo_longitude: 10 });
  await page.goto(`/tale/upsert/${tale.id}`);
  await expect(page.getByTestId('tale-view')).toBeVisible();
  await expect(page.getByTestId('tale-map')).toHaveCount(0);
});
