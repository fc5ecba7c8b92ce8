import type { APIRequestContext, CDPSession, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { FileRow } from '../common/schemas/file';
import { API_HEADERS } from './api';
import { type FilePayload, jpegImage, mp3, pdf, pngImage, text, wav } from './files-fixtures';
import { closeMessages, logoutViaUi, toasts, registerViaUi } from './helpers';
import { createTale, shotPath, switchLanguage } from './tales-helpers';

const panel = (page: Page) => page.getByTestId('files');
const picker = (page: Page) => panel(page).getByTestId('files-picker');

async function openPanel(page: Page): Promise<Locator> {
  const p = panel(page);
  await p.getByTestId('files-toggle').click();
  await expect(p.getByTestId('files-toggle')).toHaveAttribute('aria-expanded', 'true');
  await expect(p.getByRole('status')).toHaveCount(0);
  return p;
}

/** Chooses files in the panel's picker and waits for the server's 'Uploaded!'. */
async function upload(page: Page, files: FilePayload[]): Promise<void> {
  await picker(page).setInputFiles(files);
  await expect(toasts(page).locator('.alert-success')).toHaveText(/^(Uploaded!|Загружено!)$/);
  await closeMessages(page, { seen: true });
}

/** A registered user with a saved tale, on that tale's screen. */
async function ownerWithTale(page: Page, header = 'A tale with files'): Promise<number> {
  await registerViaUi(page);
  const tale = await createTale(page.request, { header });
  await page.goto(`/tale/upsert/${tale.id}`);
  await expect(page.getByTestId('tale-view')).toBeVisible();
  return tale.id;
}

/** POST /api/FileUpload as the browser context's user, several files in one request. */
async function uploadViaApi(request: APIRequestContext, taleId: number, files: FilePayload[]): Promise<FileRow[]> {
  const form = new FormData();
  form.append('entity_table', 'tale');
  form.append('entity_id', String(taleId));
  form.append('container', 'FILE');
  form.append('form_id', 'actionIndex');
  for (const f of files) form.append('userfile[]', new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  const res = await request.post('/api/FileUpload', { headers: API_HEADERS, multipart: form });
  const env = (await res.json()) as { data: FileRow[]; messages: { text: string }[] };
  expect(res.status(), JSON.stringify(env.messages)).toBe(200);
  return env.data;
}

/** The lightbox fades in; a screenshot waits until the page behind is covered. */
const lightboxFadedIn = (page: Page) =>
  expect.poll(() => page.locator('.yarl__portal').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');

const names = (list: Locator) => list.getByTestId('file-name').allTextContents();

test.describe.configure({ timeout: 90_000 });

test('three uploaded MP3s play as a playlist: one at a time, and each ended track starts the next', async ({ page }) => {
  await ownerWithTale(page, 'Songs of the road');
  const p = await openPanel(page);
  await expect(p.getByTestId('files-count')).toHaveText('0 attached files');
  await expect(p.getByTestId('files-empty')).toBeVisible();

  // the first is long (about 8 s) so that it is still playing when the second starts; the others end soon
  await upload(page, [mp3('1 Morning.mp3', 306), mp3('2 Noon.mp3', 40), mp3('3 Evening.mp3', 35)]);
  await expect(p.getByTestId('files-count')).toHaveText('3 attached files');
  const tracks = p.getByTestId('file-audio');
  await expect(tracks).toHaveCount(3);
  expect(await names(p.getByTestId('files-playlist'))).toEqual(['1 Morning.mp3', '2 Noon.mp3', '3 Evening.mp3']);
  for (const src of await p.locator('audio').evaluateAll((els) => els.map((e) => (e as HTMLAudioElement).getAttribute('src'))))
    expect(src).toMatch(/^\/files\//);

  // every play, pause and end, in the order they happen
  await p.locator('audio').evaluateAll((els) => {
    const w = window as unknown as { playlistEvents: string[] };
    w.playlistEvents = [];
    els.forEach((el, i) => {
      for (const type of ['play', 'pause', 'ended']) el.addEventListener(type, () => w.playlistEvents.push(`${type}:${i}`));
    });
  });
  const events = () => page.evaluate(() => (window as unknown as { playlistEvents: string[] }).playlistEvents);
  const audio = (i: number) => p.locator('audio').nth(i);

  // a click on the page is the user's gesture that lets the players start
  await tracks.nth(0).getByTestId('file-name').click();
  await audio(0).evaluate((a: HTMLAudioElement) => a.play());
  await expect.poll(events).toEqual(['play:0']);
  await expect.poll(() => audio(0).evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);

  // starting the second pauses and rewinds the first
  await audio(1).evaluate((a: HTMLAudioElement) => a.play());
  await expect.poll(events).toEqual(expect.arrayContaining(['play:1', 'pause:0']));
  expect(await audio(0).evaluate((a: HTMLAudioElement) => [a.paused, a.currentTime])).toEqual([true, 0]);

  // the second ends by itself, the third starts, ends, and nothing starts after the last
  await expect.poll(events, { timeout: 15_000 }).toContain('ended:2');
  await page.waitForTimeout(500);
  const played = (await events()).filter((e) => !e.startsWith('pause'));
  expect(played).toEqual(['play:0', 'play:1', 'ended:1', 'play:2', 'ended:2']);
  const all = await events();
  expect(all.indexOf('pause:0')).toBeGreaterThan(all.indexOf('play:1'));
  expect(all.indexOf('pause:0')).toBeLessThan(all.indexOf('ended:1'));
});

/**
 * Slows the page's uploads to `bytesPerSecond` and delays every answer by `latency` ms, through the
 * DevTools protocol. Set once per test: a second setting on the same page once failed to hold on a
 * loaded CI run (the next upload went out at full speed).
 */
/** The page's own DevTools session: conditions set through one session are lifted only through it. */
const devtools = new WeakMap<Page, CDPSession>();

async function throttle(page: Page, { bytesPerSecond = -1, latency = 0 }: { bytesPerSecond?: number; latency?: number }) {
  const cdp = devtools.get(page) ?? (await page.context().newCDPSession(page));
  devtools.set(page, cdp);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

/** The files of a tale as the server has them now, read apart from the page. */
async function storedFiles(request: APIRequestContext, taleId: number): Promise<FileRow[]> {
  const res = await request.get(`/api/FileUpload/getFiles/tale/${taleId}`, { headers: API_HEADERS });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: FileRow[] }).data;
}

const storedNames = async (request: APIRequestContext, taleId: number) => (await storedFiles(request, taleId)).map((f) => f.name_human);

test('upload progress is shown, and a cancelled upload ends silently and adds nothing', async ({ page }) => {
  const taleId = await ownerWithTale(page, 'Slow uploads');
  const p = await openPanel(page);
  // about 16 KB/s up: a 96 KB sound takes several seconds, and 1.4 MB over a minute and a half, so
  // the cancel lands long before its last byte even when a loaded machine shows the first progress late
  await throttle(page, { bytesPerSecond: 16 * 1024, latency: 20 });

  await picker(page).setInputFiles([wav('Long rain.wav', 6_000)]);
  const progress = p.getByTestId('file-upload-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText('Uploading Long rain.wav');
  const bar = progress.getByRole('progressbar');
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
  await page.screenshot({ path: shotPath('files-upload-progress-en.png') });
  await expect(progress).toHaveCount(0, { timeout: 30_000 });
  await expect(toasts(page).locator('.alert-success')).toHaveText('Uploaded!');
  await closeMessages(page, { seen: true });
  await expect(p.getByTestId('file-audio')).toHaveCount(1);

  // cancelled part way: no message, and the server keeps nothing of it
  await picker(page).setInputFiles([wav('Never mind.wav', 90_000)]);
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
  await progress.getByTestId('file-upload-cancel').click();
  await expect(progress).toHaveCount(0);
  await expect.poll(() => storedNames(page.request, taleId)).toEqual(['Long rain.wav']);
  await expect(toasts(page)).toBeHidden();
  await expect(p.getByTestId('files-count')).toHaveText('1 attached file');
  await page.reload();
  await expect(panel(page).getByTestId('files-count')).toHaveText('1 attached file');
  await openPanel(page);
  expect(await names(panel(page))).toEqual(['Long rain.wav']);
});

test('an upload cancelled after it has gone out, while the server stores it, is taken back without a word', async ({ page }) => {
  const taleId = await ownerWithTale(page, 'Second thoughts');
  const p = await openPanel(page);
  // the body goes out at full speed, but every answer comes 4 s late: the cancel is pressed while
  // the server has the whole file and is storing it
  await throttle(page, { latency: 4_000 });
  const deletes: string[] = [];
  page.on('requestfinished', (r) => {
    if (r.method() === 'DELETE') deletes.push(new URL(r.url()).pathname);
  });
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/FileUpload');
  // every message put on screen from here on, however briefly (a success toast goes by itself)
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const t of document.querySelectorAll('.tales-toast')) seen.push(t.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });

  await picker(page).setInputFiles([wav('Too late.wav', 2_000), text('Notes.txt')]);
  const progress = p.getByTestId('file-upload-progress');
  const bar = progress.getByRole('progressbar');
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await progress.getByTestId('file-upload-cancel').click();
  await expect(progress).toHaveCount(0);
  const reread = page.waitForResponse(
    (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/FileUpload/getFiles/tale/${taleId}`,
  );

  // the server did store both, and the page deletes them as soon as it learns their ids
  const stored = ((await (await answered).json()) as { data: FileRow[] }).data;
  expect(stored.map((f) => f.name_human)).toEqual(['Too late.wav', 'Notes.txt']);
  await expect.poll(() => deletes.sort(), { timeout: 15_000 }).toEqual(stored.map((f) => `/api/FileUpload/delete/${f.id}`).sort());
  await expect.poll(() => storedNames(page.request, taleId), { timeout: 15_000 }).toEqual([]);
  // the panel is read again once the deletes have answered; not a word on screen, neither
  // 'Uploaded!' nor the deletes' own 'Deleted'
  await reread;
  expect(await page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen)).toEqual([]);
  await expect(toasts(page)).toBeHidden();
  await expect(p.getByTestId('files-count')).toHaveText('0 attached files');
  // read again at full speed: under the 4 s answers a reload's chain of requests took 8 s
  await throttle(page, {});
  await page.reload();
  await expect(panel(page).getByTestId('files-count')).toHaveText('0 attached files');
});

test('a refused upload shows the server’s reason and adds nothing', async ({ page }) => {
  await ownerWithTale(page, 'Careful with programs');
  const p = await openPanel(page);
  await picker(page).setInputFiles([
    text('fine.txt'),
    { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00') },
  ]);
  const modal = toasts(page);
  await expect(modal.locator('.alert-danger').filter({ hasText: 'setup.exe' })).toBeVisible();
  await closeMessages(page);
  await expect(p.getByTestId('file-upload-progress')).toHaveCount(0);
  // all or nothing: the acceptable file of the same request was not kept either
  await expect(p.getByTestId('files-empty')).toBeVisible();
  await expect(p.getByTestId('files-count')).toHaveText('0 attached files');
});

test('images show as thumbnails and open full size in the lightbox, with a link to the original', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const taleId = await ownerWithTale(page, 'Pictures from the hills');
  const p = await openPanel(page);
  const big = await jpegImage('Big sunset.jpg');
  await upload(page, [
    await pngImage('Blue morning.png'),
    big,
    await pngImage('Green valley.png', 480, 640, ['#a8dadc', '#f1faee', '#457b9d']),
  ]);

  const thumbs = p.getByTestId('file-image');
  await expect(thumbs).toHaveCount(3);
  // thumbnails are small copies, loaded and drawn
  for (const img of await thumbs.locator('img').all()) {
    await expect(img).toHaveAttribute('src', /^\/files\//);
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  }

  const bigRow = (await storedFiles(page.request, taleId)).find((f) => f.name_human === 'Big sunset.jpg');
  expect(bigRow).toBeDefined();
  if (!bigRow) return;

  await p.getByRole('button', { name: 'Open Big sunset.jpg' }).click();
  const box = page.locator('.yarl__root');
  await expect(box).toBeVisible();
  const shown = box.locator('.yarl__slide_current img.yarl__slide_image');
  await expect(shown).toHaveAttribute('src', bigRow.display_url);
  await expect.poll(() => shown.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  // the scaled copy is what is shown; the original stays downloadable at full size
  const download = box.getByTestId('lightbox-download');
  await expect(download).toHaveAttribute('href', bigRow.url_path);
  await expect(download).toHaveAttribute('download', 'Big sunset.jpg');
  const original = await page.request.get(bigRow.url_path);
  expect(original.status()).toBe(200);
  expect(original.headers()['content-type']).toMatch(/^image\/jpeg/);
  await expect(box.locator('.yarl__slide_current .yarl__slide_title')).toHaveText('Big sunset.jpg');
  await lightboxFadedIn(page);
  await page.screenshot({ path: shotPath('files-lightbox-en.png') });

  // next image, then close with Escape
  await box.getByRole('button', { name: 'Next' }).click();
  const gallery = await names(p.getByTestId('files-gallery'));
  const after = gallery[(gallery.indexOf('Big sunset.jpg') + 1) % gallery.length];
  await expect(box.locator('.yarl__slide_current .yarl__slide_title')).toHaveText(after);
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);

  await switchLanguage(page, 'ru');
  await openPanel(page);
  await panel(page).getByRole('button', { name: 'Открыть Big sunset.jpg' }).click();
  await expect(page.locator('.yarl__root').getByTestId('lightbox-download')).toHaveAttribute('title', 'Скачать оригинал');
  await expect(page.locator('.yarl__slide_current img.yarl__slide_image')).toHaveJSProperty('complete', true);
  await lightboxFadedIn(page);
  await page.screenshot({ path: shotPath('files-lightbox-ru.png') });
});

test('the panel with every kind of file, in English and Russian', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const taleId = await ownerWithTale(page, 'A walk with sounds, pictures and papers');
  await uploadViaApi(page.request, taleId, [
    mp3('Birdsong.mp3'),
    wav('River.wav'),
    await pngImage('Meadow.png'),
    await jpegImage('Sunset.jpg', 1600, 1000),
    await pngImage('Hills.png', 500, 500, ['#bde0fe', '#ffafcc', '#6a994e']),
    pdf('Route map.pdf'),
    text('Packing list.txt'),
    { name: 'Weather.json', mimeType: 'application/json', buffer: Buffer.from('{"sky":"clear"}') },
  ]);
  await page.reload();
  await expect(panel(page).getByTestId('files-count')).toHaveText('8 attached files');
  const p = await openPanel(page);
  await expect(p.getByTestId('file-audio')).toHaveCount(2);
  await expect(p.getByTestId('file-image')).toHaveCount(3);
  await expect(p.getByTestId('file-document')).toHaveCount(3);
  for (const [name, type] of [
    ['Route map.pdf', 'pdf'],
    ['Packing list.txt', 'text'],
    ['Weather.json', 'text'],
  ]) {
    const row = p.getByTestId('file-document').filter({ hasText: name });
    await expect(row.locator('svg')).toHaveAttribute('data-display-type', type);
    await expect(row.getByRole('link', { name })).toHaveAttribute('download', name);
  }
  for (const img of await p.getByTestId('file-image').locator('img').all())
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  await p.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('files-panel-en.png'), fullPage: true });

  await p.getByTestId('files-edit').click();
  await expect(p.getByTestId('files-editor')).toBeVisible();
  await page.screenshot({ path: shotPath('files-edit-en.png'), fullPage: true });

  await switchLanguage(page, 'ru');
  await expect(panel(page).getByTestId('files-count')).toHaveText('8 прикреплённых файлов');
  const ru = await openPanel(page);
  await expect(ru.getByText('Прикрепить файлы')).toBeVisible();
  await expect(ru.getByRole('heading', { name: 'Изображения' })).toBeVisible();
  for (const img of await ru.getByTestId('file-image').locator('img').all())
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  await page.screenshot({ path: shotPath('files-panel-ru.png'), fullPage: true });
  await ru.getByTestId('files-edit').click();
  await expect(ru.getByTestId('files-save')).toHaveText('Сохранить');
  await page.screenshot({ path: shotPath('files-edit-ru.png'), fullPage: true });
});

test('renaming and reordering (buttons and drag) are saved at once and kept after a reload', async ({ page }) => {
  await ownerWithTale(page, 'Chapters');
  const p = await openPanel(page);
  await upload(page, [text('a.txt'), text('b.txt'), text('c.txt'), text('d.txt')]);
  const docs = p.getByTestId('file-document');
  await expect(docs).toHaveCount(4);
  expect(await names(p)).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt']);

  await p.getByTestId('files-edit').click();
  const rows = p.getByTestId('file-edit-row');
  await expect(p.getByTestId('files-save')).toBeDisabled();
  // rename b
  await rows.nth(1).getByTestId('file-name-input').fill('Second chapter.txt');
  await expect(p.getByTestId('files-unsaved')).toBeVisible();
  // c one up (a, c, b, d), then d to the top by its buttons (d, a, c, b)
  await p.getByRole('button', { name: 'Move c.txt up' }).click();
  for (let i = 0; i < 3; i++) await p.getByRole('button', { name: 'Move d.txt up' }).click();
  const inputs = () => rows.getByTestId('file-name-input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(await inputs()).toEqual(['d.txt', 'a.txt', 'c.txt', 'Second chapter.txt']);
  // drag a (second) onto the last row: d, c, b, a
  await rows.nth(1).getByTestId('file-drag-handle').dragTo(rows.nth(3));
  expect(await inputs()).toEqual(['d.txt', 'c.txt', 'Second chapter.txt', 'a.txt']);

  await p.getByTestId('files-save').click();
  await expect(toasts(page).locator('.alert-success')).toHaveText('Saved');
  await closeMessages(page, { seen: true });
  await expect(p.getByTestId('files-editor')).toHaveCount(0);
  expect(await names(p)).toEqual(['d.txt', 'c.txt', 'Second chapter.txt', 'a.txt']);
  // the download keeps the new name
  await expect(docs.nth(2).getByRole('link')).toHaveAttribute('download', 'Second chapter.txt');

  await page.reload();
  const again = await openPanel(page);
  expect(await names(again)).toEqual(['d.txt', 'c.txt', 'Second chapter.txt', 'a.txt']);

  // an empty name cannot be saved
  await again.getByTestId('files-edit').click();
  await again.getByTestId('file-name-input').first().fill('  ');
  await expect(again.getByTestId('files-save')).toBeDisabled();
});

test('deleting a file asks first, and the count follows', async ({ page }) => {
  await ownerWithTale(page, 'Too many files');
  const p = await openPanel(page);
  await upload(page, [text('keep.txt'), text('remove.txt')]);
  await expect(p.getByTestId('files-count')).toHaveText('2 attached files');

  await p.getByTestId('files-edit').click();
  await p.getByRole('button', { name: 'Delete remove.txt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the file' });
  await expect(dialog).toContainText('Are you sure?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(p.getByTestId('file-edit-row')).toHaveCount(2);

  await p.getByRole('button', { name: 'Delete remove.txt' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).locator('.alert-success')).toHaveText('Deleted');
  await closeMessages(page, { seen: true });
  await expect(p.getByTestId('file-edit-row')).toHaveCount(1);
  await expect(p.getByTestId('files-count')).toHaveText('1 attached file');

  // closed, the panel shows the tale's own count, which the server keeps exact
  await p.getByTestId('files-toggle').click();
  await expect(p.getByTestId('files-count')).toHaveText('1 attached file');
  await page.reload();
  await expect(panel(page).getByTestId('files-count')).toHaveText('1 attached file');
});

test('a visitor and another user see the files without any control', async ({ page, browser }) => {
  const taleId = await ownerWithTale(page, 'Open to all');
  await uploadViaApi(page.request, taleId, [mp3('Song.mp3'), await pngImage('Photo.png'), text('Read me.txt')]);
  await page.reload();
  // the owner has the controls
  const own = await openPanel(page);
  await expect(own.getByTestId('files-picker')).toBeVisible();
  await expect(own.getByTestId('files-edit')).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto(`/tale/upsert/${taleId}`);
  await expect(panel(visitor).getByTestId('files-count')).toHaveText('3 attached files');
  // closed until asked: the list is not loaded before
  await expect(panel(visitor).getByTestId('files-view')).toHaveCount(0);
  const seen = await openPanel(visitor);
  await expect(seen.getByTestId('file-audio')).toHaveCount(1);
  await expect(seen.getByTestId('file-image')).toHaveCount(1);
  await expect(seen.getByTestId('file-document')).toHaveCount(1);
  await expect(seen.getByTestId('files-picker')).toHaveCount(0);
  await expect(seen.getByTestId('files-edit')).toHaveCount(0);
  await expect(seen.locator('input')).toHaveCount(0);
  // closing clears the list; opening reads it again
  await seen.getByTestId('files-toggle').click();
  await expect(seen.getByTestId('files-view')).toHaveCount(0);
  await visitor.close();

  await logoutViaUi(page);
  await registerViaUi(page);
  await page.goto(`/tale/upsert/${taleId}`);
  const other = await openPanel(page);
  await expect(other.getByTestId('file-document')).toHaveCount(1);
  await expect(other.getByTestId('files-picker')).toHaveCount(0);
  await expect(other.getByTestId('files-edit')).toHaveCount(0);
});

test('an image uploaded from the tale editor is inserted, saved, and served from /files/', async ({ page }) => {
  await registerViaUi(page);
  await page.goto('/tale/upsert');
  await expect(page.getByRole('heading', { name: 'New tale' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Header' }).fill('A tale with a picture inside');
  const body = page.getByRole('textbox', { name: 'Text' });
  await body.click();
  await page.keyboard.type('Look at this: ');

  await page.getByTestId('editor-image').click();
  // a file that only pretends to be an image is refused, with the server's reason beside the button
  await page
    .getByTestId('editor-image-file')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  const panelError = page.getByTestId('editor-image-panel').getByRole('alert');
  await expect(panelError).toBeVisible();
  const shownReason = (await panelError.textContent())?.trim() ?? '';
  expect(shownReason).not.toBe('The image could not be uploaded.');
  expect(shownReason).toContain('fake.png');
  await closeMessages(page);

  await page.getByTestId('editor-image-file').setInputFiles(await pngImage('Inline picture.png', 400, 300));
  const inserted = body.locator('img');
  await expect(inserted).toHaveCount(1);
  await expect(inserted).toHaveAttribute('src', /^\/files\//);
  // the inserted image says it all: no message to click away
  await expect(toasts(page)).toBeHidden();
  await page.getByTestId('tale-submit').click();
  await expect(toasts(page).locator('.alert-success')).toHaveText('Saved');
  await closeMessages(page, { seen: true });

  const shown = page.getByTestId('tale-body').locator('img');
  await expect(shown).toHaveAttribute('src', /^\/files\//);
  await expect.poll(() => shown.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  const src = (await shown.getAttribute('src')) ?? '';
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\//);
  await page.reload();
  await expect(page.getByTestId('tale-body').locator('img')).toHaveAttribute('src', src);

  // the comment editor uploads the same way
  const form = page.getByTestId('comments').getByTestId('comment-form');
  // the composer shows its tools once it takes the cursor
  await form.getByRole('textbox', { name: 'New comment' }).click();
  await form.getByTestId('editor-image').click();
  await form.getByTestId('editor-image-file').setInputFiles(await pngImage('Comment picture.png', 320, 200));
  await expect(form.locator('.tales-editor-content img')).toHaveAttribute('src', /^\/files\//);
  await expect(toasts(page)).toBeHidden();
  await form.getByRole('button', { name: 'Add comment' }).click();
  const commentImage = page.getByTestId('comment-body').locator('img');
  await expect(commentImage).toHaveAttribute('src', /^\/files\//);
  await expect.poll(() => commentImage.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
});

test("a new emblem is the form's until Save, which shows it in the navbar; Cancel keeps the old one; English and Russian", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerViaUi(page);
  const navAvatar = page.locator('#nav-user img');
  await expect(navAvatar).toHaveAttribute('src', '/default-avatar.svg');
  await page.getByRole('button', { name: 'Edit' }).click();
  const field = page.getByTestId('emblem-field');
  await expect(field.getByText('Image', { exact: true })).toBeVisible();

  // a refused file: the server's reason shows under the picker, and nothing changes
  await field.getByLabel('Image').setInputFiles({ name: 'not-me.png', mimeType: 'image/png', buffer: Buffer.from('plain words') });
  await expect(field.getByTestId('emblem-error')).toContainText('not-me.png');
  await closeMessages(page);
  await expect(navAvatar).toHaveAttribute('src', '/default-avatar.svg');

  // an image: previewed in the form, the profile not saved yet
  const preview = field.getByTestId('emblem-preview');
  await field.getByLabel('Image').setInputFiles(await jpegImage('First.jpg', 600, 600, ['#8d99ae', '#2b2d42', '#edf2f4']));
  await expect(preview).toHaveAttribute('data-src', /^\/files\//);
  await expect(field.getByTestId('emblem-error')).toHaveCount(0);
  await expect(navAvatar).toHaveAttribute('src', '/default-avatar.svg');
  await expect(toasts(page)).toBeHidden();
  // Cancel: the profile keeps its image
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('profile-view')).toBeVisible();
  await page.reload();
  await expect(navAvatar).toHaveAttribute('src', '/default-avatar.svg');

  await page.getByRole('button', { name: 'Edit' }).click();
  await field.getByLabel('Image').setInputFiles(await jpegImage('Me.jpg', 900, 600, ['#cdb4db', '#ffc8dd', '#8d99ae']));
  await expect(preview).toHaveAttribute('data-src', /^\/files\//);
  const emblem = (await preview.getAttribute('data-src')) ?? '';
  await expect(navAvatar).toHaveAttribute('src', '/default-avatar.svg');
  await page.screenshot({ path: shotPath('profile-emblem-en.png'), fullPage: true });

  // Save: the image and the rest of the form, together
  await page.getByLabel('First name').fill('Emma');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page).locator('.alert-success').last()).toHaveText('Profile updated!');
  await closeMessages(page, { seen: true });
  await expect(page.getByTestId('profile-view')).toBeVisible();
  await expect(navAvatar).toHaveAttribute('src', emblem);
  await expect.poll(() => navAvatar.evaluate((i: HTMLImageElement) => [i.naturalWidth, i.naturalHeight])).toEqual([256, 256]);
  await page.reload();
  await expect(navAvatar).toHaveAttribute('src', emblem);

  await switchLanguage(page, 'ru');
  await page.getByRole('button', { name: 'Редактировать' }).click();
  await expect(page.getByTestId('emblem-field').getByText('Изображение', { exact: true })).toBeVisible();
  await page.screenshot({ path: shotPath('profile-emblem-ru.png'), fullPage: true });
});
