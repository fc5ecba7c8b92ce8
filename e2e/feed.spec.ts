import { expect, test } from './fixtures';
import { registerViaUi, toasts } from './helpers';
import { createTale, registerAndGetId, shotPath, switchLanguage, taleCards, uniqueWord } from './tales-helpers';

test('pages through 25 tales with paginators at top and bottom, the page in the address', async ({ page, context }) => {
  await registerViaUi(page);
  const word = uniqueWord('pager');
  for (let i = 1; i <= 25; i++) await createTale(page.request, { header: `${word} number ${i}` });

  await page.goto(`/tale/feed?txt=${word}`);
  await expect(page.getByTestId('feed-found')).toHaveText('25 tales found');
  await expect(taleCards(page)).toHaveCount(10);
  // newest first
  await expect(taleCards(page).first().getByTestId('tale-card-header')).toHaveText(`${word} number 25`);
  const paginators = page.getByRole('navigation', { name: 'Pages' });
  await expect(paginators).toHaveCount(2);
  // two paginators, two names
  await expect(paginators.first()).toHaveAccessibleName('Pages, above the list');
  await expect(paginators.last()).toHaveAccessibleName('Pages, below the list');
  await expect(paginators.first().getByTestId('paginator-position')).toHaveText('page 1/3');

  // every page is a real link carrying the query: it opens in a new tab on that page
  const next = paginators.first().getByRole('link', { name: 'Next page' });
  await expect(next).toHaveAttribute('href', new RegExp(`^\\?txt=${word}&pageSize=10&pageCurrentNumber=2$`));
  const [tab] = await Promise.all([context.waitForEvent('page'), next.click({ modifiers: ['ControlOrMeta'] })]);
  await tab.waitForLoadState();
  await expect(tab.getByTestId('tale-card').first().getByTestId('tale-card-header')).toHaveText(`${word} number 15`);
  await tab.close();
  await expect(page).toHaveURL(/pageCurrentNumber=1|^(?!.*pageCurrentNumber)/);
  await expect(taleCards(page).first().getByTestId('tale-card-header')).toHaveText(`${word} number 25`);

  // the bottom paginator: the page changes and the feed start comes into view
  await paginators.last().getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/pageCurrentNumber=2/);
  await expect(page).toHaveURL(/pageSize=10/);
  await expect(taleCards(page).first().getByTestId('tale-card-header')).toHaveText(`${word} number 15`);
  await expect(paginators.first()).toBeInViewport();
  await expect(paginators.first().getByTestId('paginator-position')).toHaveText('page 2/3');

  await paginators.first().getByRole('link', { name: 'Last page' }).click();
  await expect(page).toHaveURL(/pageCurrentNumber=3/);
  await expect(taleCards(page)).toHaveCount(5);
  await expect(taleCards(page).last().getByTestId('tale-card-header')).toHaveText(`${word} number 1`);
  await expect(paginators.first().getByRole('link', { name: 'Next page' })).toHaveCount(0);

  await paginators.first().getByRole('link', { name: 'Page 1' }).click();
  await expect(page).toHaveURL(/pageCurrentNumber=1/);
  await expect(taleCards(page)).toHaveCount(10);

  // page size and page straight from the address; back and forward follow the address
  await page.goto(`/tale/feed?txt=${word}&pageSize=5&pageCurrentNumber=4`);
  await expect(paginators.first().getByTestId('paginator-position')).toHaveText('page 4/5');
  await expect(taleCards(page).first().getByTestId('tale-card-header')).toHaveText(`${word} number 10`);
  await expect(paginators.first().getByLabel(/^Page \d$/)).toHaveText(['2', '3', '4', '5']);
  await expect(paginators.first().getByLabel('Page 4')).toHaveAttribute('aria-current', 'page');
  await paginators.first().getByRole('link', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(/pageCurrentNumber=3/);
  await page.goBack();
  await expect(paginators.first().getByTestId('paginator-position')).toHaveText('page 4/5');

  // in Russian, everything a screen reader says of them is Russian too
  await switchLanguage(page, 'ru');
  const ru = page.getByRole('navigation', { name: /^Страницы, (над|под) списком$/ });
  await expect(ru).toHaveCount(2);
  for (const name of ['Первая страница', 'Предыдущая страница', 'Следующая страница', 'Последняя страница', 'Страница 3']) {
    await expect(ru.first().getByRole('link', { name, exact: true })).toBeVisible();
  }
  expect((await ru.first().locator('.visually-hidden').allTextContents()).join(' ')).not.toMatch(/First|Previous|Next|Last|current/);
});

test('searches by text and author, shows nothing found, and clears the search', async ({ page }) => {
  await registerViaUi(page);
  const word = uniqueWord('search');
  const tale = await createTale(page.request, { header: `Lighthouse ${word}`, body: `<p>The keeper of the ${word} light.</p>` });

  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'Search tales' });
  await search.fill(word.toUpperCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`txt=${word.toUpperCase()}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search: ${word.toUpperCase()}`);
  await expect(taleCards(page)).toHaveCount(1);
  await expect(taleCards(page).getByTestId('tale-card-header')).toHaveText(`Lighthouse ${word}`);
  await expect(taleCards(page).getByTestId('tale-card-header')).toHaveAttribute('href', `/tale/upsert/${tale.id}`);

  await search.fill(`${word}zzz`);
  await search.press('Enter');
  await expect(page.getByTestId('feed-empty')).toContainText('Nothing found');
  await expect(taleCards(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).not.toHaveURL(/txt=/);
  await expect(search).toHaveValue('');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tales');
  await expect(taleCards(page).first()).toBeVisible();
});

test('a hashtag in a tale links to the feed search for it', async ({ page }) => {
  await registerViaUi(page);
  const tag = uniqueWord('tag');
  const word = uniqueWord('hash');
  await createTale(page.request, {
    header: `First ${word}`,
    body: `<p>Walking in the park <strong>#${tag}</strong> today, see <code>#notatag</code>.</p>`,
  });
  await createTale(page.request, { header: `Second with the tag`, body: `<p>Another walk #${tag}</p>` });

  await page.goto(`/tale/feed?txt=${word}`);
  const card = taleCards(page).first();
  const link = card.getByRole('link', { name: `#${tag}` });
  await expect(link).toHaveAttribute('href', `/tale/feed?txt=%23${tag}`);
  // code stays code: no link inside it
  await expect(card.locator('code a')).toHaveCount(0);
  await expect(card.locator('strong a.tales-hashtag')).toHaveCount(1);
  await link.click();
  await expect(page).toHaveURL(`/tale/feed?txt=%23${tag}`);
  await expect(page.getByRole('searchbox', { name: 'Search tales' })).toHaveValue(`#${tag}`);
  await expect(taleCards(page)).toHaveCount(2);
});

test('a tale not for kids waits behind the warning until the reader is ready', async ({ page }) => {
  await registerViaUi(page);
  const word = uniqueWord('adult');
  await createTale(page.request, { header: `Dark ${word}`, body: '<p>Very scary content here.</p>', is_adult_denied: 1 });

  await page.goto(`/tale/feed?txt=${word}`);
  const card = taleCards(page).first();
  const gate = card.getByTestId('adult-gate');
  await expect(gate.getByRole('img', { name: 'Not for kids' })).toBeVisible();
  await expect(card.getByText('Very scary content here.')).toHaveCount(0);
  await gate.getByRole('button', { name: 'I am ready to watch dangerous content' }).click();
  await expect(card.getByText('Very scary content here.')).toBeVisible();
  await expect(gate).toHaveCount(0);

  await switchLanguage(page, 'ru');
  await expect(taleCards(page).first().getByRole('button', { name: 'Я готов смотреть опасный контент' })).toBeVisible();
  await page.screenshot({ path: shotPath('feed-adult-ru.png') });
});

test('a draft shows to its author, marked, and is hidden from another user', async ({ page, browser }) => {
  const authorId = await registerAndGetId(page);
  const word = uniqueWord('draft');
  const draft = await createTale(page.request, { header: `Unfinished ${word}`, is_draft: 1 });

  // the author sees it in their own feed, marked as a draft
  await page.goto(`/auth/profile/${authorId}`);
  const mine = page.getByTestId('profile-tales');
  const card = mine.getByTestId('tale-card').filter({ hasText: `Unfinished ${word}` });
  await expect(card).toHaveClass(/tales-card-draft/);
  await expect(card.getByTestId('badge-draft')).toHaveText('Draft');
  // the public feed leaves it out, also for the author
  await page.goto(`/tale/feed?txt=${word}`);
  await expect(page.getByTestId('feed-empty')).toContainText('Nothing found');

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerViaUi(otherPage);
  await otherPage.goto(`/tale/feed?txt=${word}`);
  await expect(otherPage.getByTestId('feed-empty')).toContainText('Nothing found');
  await otherPage.goto(`/auth/profile/${authorId}`);
  await expect(otherPage.getByTestId('profile-tales')).toContainText('No tales yet.');
  await otherPage.goto(`/tale/upsert/${draft.id}`);
  await expect(otherPage.getByTestId('tale-not-found')).toBeVisible();
  await expect(toasts(otherPage)).toBeHidden();
  await other.close();
});

test('cards: a tall short tale collapses, a long one is a teaser with Read more, an image makes the cover; reading time; jumps', async ({
  page,
}) => {
  await registerViaUi(page);
  const word = uniqueWord('long');
  const lines = Array.from({ length: 40 }, (_, i) => `<p>Line ${i + 1}.</p>`).join('');
  const story = Array.from({ length: 60 }, (_, i) => `Sentence ${i + 1} of a long story with #${word}tag in it.`).join(' ');
  // an image from the site itself, by its full address (a relative one must be a stored file)
  const picture = `${new URL(page.url()).origin}/default-avatar.svg`;
  await createTale(page.request, { header: `Pictured ${word}`, body: `<p>A view.</p><p><img src="${picture}" alt="A hill"></p>` });
  await createTale(page.request, { header: `Tall ${word}`, body: lines });
  const longId = (await createTale(page.request, { header: `Long ${word}`, body: `<p>${story}</p>` })).id;

  await page.setViewportSize({ width: 1200, height: 700 });
  await page.goto(`/tale/feed?txt=${word}`);
  const long = taleCards(page).first();
  await expect(long.getByTestId('tale-card-header')).toHaveText(`Long ${word}`);
  // the long one: the start of its text, its hashtag a link, Read more to its page, its reading time
  const teaser = long.getByTestId('tale-card-excerpt');
  await expect(teaser).toHaveText(/^Sentence 1 of a long story with #\w+ in it\. Sentence 2 .*…$/);
  await expect(teaser.getByRole('link', { name: `#${word}tag` }).first()).toHaveAttribute('href', /\/tale\/feed\?txt=/);
  await expect(long.getByText('Sentence 60 of a long story')).toHaveCount(0);
  await expect(long.getByTestId('tale-reading-time')).toHaveText('3 min read');
  await expect(long.getByTestId('tale-card-cover')).toHaveCount(0);
  const readMore = long.getByRole('link', { name: `Read more: Long ${word}` });
  await expect(readMore).toHaveText('Read more');
  await expect(readMore).toHaveAttribute('href', `/tale/upsert/${longId}`);
  // the tall one with little text: whole, cut to a height, Show more opens it
  const tall = taleCards(page).nth(1);
  await expect(tall.getByTestId('tale-reading-time')).toHaveText('1 min read');
  const body = tall.locator('.tales-collapsible');
  await expect(body).toHaveAttribute('data-collapsed', '1');
  await expect(tall.getByText('Line 40.')).not.toBeInViewport();
  await tall.getByRole('button', { name: 'Show more' }).click();
  await expect(body).toHaveAttribute('data-collapsed', '0');
  await tall.getByRole('button', { name: 'Show less' }).click();
  await expect(body).toHaveAttribute('data-collapsed', '1');
  // an image: the first one is the cover, above the text, and the card is a teaser
  const pictured = taleCards(page).nth(2);
  await expect(pictured.getByTestId('tale-card-cover')).toHaveAttribute('src', picture);
  await expect(pictured.getByTestId('tale-card-excerpt')).toHaveText('A view.');
  await expect(pictured.getByTestId('tale-card-body')).toHaveCount(0);
  await expect(pictured.getByRole('link', { name: `Read more: Pictured ${word}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/feed-cards-en.png', fullPage: true });

  await readMore.click();
  await expect(page).toHaveURL(new RegExp(`/tale/upsert/${longId}$`));
  await expect(page.getByTestId('tale-body')).toContainText('Sentence 60 of a long story');
  await expect(page.getByTestId('tale-view').getByTestId('tale-reading-time')).toHaveText('3 min read');
  // the reading column: lines of a readable length, in a text face
  const column = await page.getByTestId('tale-body').evaluate((el) => ({
    width: el.getBoundingClientRect().width,
    font: getComputedStyle(el).fontSize,
  }));
  expect(column.width).toBeLessThanOrEqual(720);
  expect(Number.parseFloat(column.font)).toBeGreaterThanOrEqual(18);
  await page.goBack();

  await expect(long.getByTestId('tale-card-header')).toHaveText(`Long ${word}`);
  await long.getByRole('button', { name: 'To the next tale' }).click();
  await expect(taleCards(page).nth(1)).toBeInViewport();
  await expect(long.getByRole('button', { name: 'To the previous tale' })).toBeDisabled();
  await taleCards(page).nth(1).getByRole('button', { name: 'To the top of the page' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await long.getByRole('button', { name: 'To the bottom of the page' }).click();
  await expect.poll(() => page.evaluate(() => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2)).toBe(true);
});

test('feed screenshots in English and Russian', async ({ page }) => {
  await registerViaUi(page);
  const word = uniqueWord('shot');
  await createTale(page.request, {
    header: `A walk by the river ${word}`,
    body: `<p>The river was <strong>quiet</strong> this morning. #river #утро</p><ul><li>ducks</li><li>fog</li></ul>`,
  });
  await createTale(page.request, { header: `Not for kids ${word}`, is_adult_denied: 1 });
  await createTale(page.request, { header: `Draft ${word}`, is_draft: 1 });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/tale/feed?txt=${word}`);
  await expect(taleCards(page)).toHaveCount(2);
  await page.screenshot({ path: shotPath('feed-en.png'), fullPage: true });
  await page.goto('/');
  await expect(page.getByTestId('feed-intro')).toContainText('Good to see you');
  await page.screenshot({ path: shotPath('feed-home-en.png') });
  await page.goBack();
  await switchLanguage(page, 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Поиск: ${word}`);
  await page.screenshot({ path: shotPath('feed-ru.png'), fullPage: true });
  await page.goto('/auth/profile');
  await expect(page.getByTestId('profile-tales').getByTestId('tale-card')).toHaveCount(3);
  await page.screenshot({ path: shotPath('profile-tales-ru.png'), fullPage: true });
});

test('More puts the next page under this one; All reads on to the end as the reader scrolls', async ({ page }) => {
  await registerViaUi(page);
  const word = uniqueWord('more');
  for (let i = 1; i <= 25; i++) await createTale(page.request, { header: `${word} number ${i}` });
  await page.goto(`/tale/feed?txt=${word}`);
  await expect(taleCards(page)).toHaveCount(10);
  const bottom = page.getByRole('navigation', { name: 'Pages, below the list' });
  await bottom.getByRole('button', { name: 'Show 10 more' }).click();
  await expect(taleCards(page)).toHaveCount(20);
  await expect(taleCards(page).nth(10).getByTestId('tale-card-header')).toHaveText(`${word} number 15`);
  await expect(bottom.getByTestId('paginator-position')).toHaveText('page 2/3');
  await bottom.getByRole('button', { name: 'Show 5 more' }).click();
  await expect(taleCards(page)).toHaveCount(25);
  await expect(taleCards(page).last().getByTestId('tale-card-header')).toHaveText(`${word} number 1`);
  await expect(bottom.getByRole('button', { name: /more$/ })).toHaveCount(0);
  // each tale once
  const headers = await taleCards(page).getByTestId('tale-card-header').allTextContents();
  expect(new Set(headers).size).toBe(25);

  // All: five pages of five, read by scrolling
  await page.goto(`/tale/feed?txt=${word}&pageSize=5&pageCurrentNumber=1`);
  await expect(taleCards(page)).toHaveCount(5);
  await page.getByRole('navigation', { name: 'Pages, below the list' }).getByRole('button', { name: 'Show all 25' }).click();
  await expect(async () => {
    await page.mouse.wheel(0, 5000);
    await expect(taleCards(page)).toHaveCount(25, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('feed-read-on')).toHaveCount(0);
  await expect(taleCards(page).last().getByTestId('tale-card-header')).toHaveText(`${word} number 1`);
});

test('on a phone the search box shows its whole placeholder, in English and Russian', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const search = page.getByRole('searchbox');
  const fits = () =>
    search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    });
  expect(await fits()).toBe(true);
  // Clear comes with something to clear
  await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0);
  await search.fill('river');
  await expect(page.getByRole('button', { name: 'Clear' })).toBeVisible();
  await search.fill('');
  await switchLanguage(page, 'ru');
  expect(await fits()).toBe(true);
});
