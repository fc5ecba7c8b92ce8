import { parseFeed } from '@rowanmanning/feed-parser';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerViaUi } from './helpers';
import { storedUserId } from './api';
import { createTale, switchLanguage, uniqueWord } from './tales-helpers';

/** Follows a feed link as a feed reader would (its address, fetched), and parses what comes. */
async function followFeed(page: Page, testId: string) {
  const href = await page.getByTestId(testId).getAttribute('href');
  expect(href).toBeTruthy();
  const res = await page.request.get(href as string);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/rss+xml');
  return { href: href as string, feed: parseFeed(await res.text()) };
}

test('a reader finds the feeds: the site in the footer, an author on their profile, a search beside its results; in Russian the feeds speak Russian', async ({
  page,
}) => {
  const account = await registerViaUi(page);
  const authorId = await storedUserId(page);
  const word = uniqueWord('rss');
  const tag = uniqueWord('tag');
  await createTale(page.request, { header: `Lantern ${word}`, body: `<p>The lantern ${word} by the river #${tag}</p>` });
  const draftWord = uniqueWord('draft');
  await createTale(page.request, { header: `Hidden ${draftWord}`, body: `<p>${draftWord} #${tag}</p>`, is_draft: 1 });

  // the site's feed, from the footer of any page
  await page.goto('/');
  const site = await followFeed(page, 'site-feed-link');
  expect(site.href).toBe('/feed.xml');
  expect(site.feed.title).toBe('Tales');
  expect(site.feed.items.map((i) => i.title)).toContain(`Lantern ${word}`);

  // a search's feed, beside its results: a single hashtag is the hashtag's own feed
  await page.goto(`/?txt=${encodeURIComponent(`#${tag}`)}`);
  await expect(page.getByTestId('feed-found')).toHaveText('1 tale found');
  const byTag = await followFeed(page, 'search-feed-link');
  expect(byTag.href).toBe(`/tag/${tag}/feed.xml`);
  expect(byTag.feed.items.map((i) => i.title)).toEqual([`Lantern ${word}`]);
  await page.goto(`/?txt=${word}`);
  const bySearch = await followFeed(page, 'search-feed-link');
  expect(bySearch.href).toBe(`/feed.xml?txt=${word}`);
  expect(bySearch.feed.items.map((i) => i.title)).toEqual([`Lantern ${word}`]);

  // an author's feed, on their profile, seen by another reader
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await registerViaUi(page);
  await page.goto(`/auth/profile/${authorId}`);
  await expect(page.getByTestId('profile-tales')).toContainText(`Lantern ${word}`);
  const author = await followFeed(page, 'author-feed-link');
  expect(author.href).toBe(`/author/${authorId}/feed.xml`);
  expect(author.feed.items.map((i) => i.title)).toEqual([`Lantern ${word}`]);
  expect(author.feed.items[0].content).toContain(`The lantern ${word} by the river`);

  // in Russian: the links say so, and the feeds they lead to have Russian titles
  await switchLanguage(page, 'ru');
  await expect(page.getByTestId('author-feed-link')).toHaveText('RSS-лента этих историй');
  const ru = await followFeed(page, 'author-feed-link');
  expect(ru.href).toBe(`/author/${authorId}/feed.xml?lang=ru`);
  expect(ru.feed.title).toBe(`Истории: ${account.firstname}`);
  expect(ru.feed.items[0].authors[0]?.name).toBe(account.firstname);
  await expect(page.getByTestId('site-feed-link')).toHaveText('RSS-лента');
  await page.goto(`/?txt=${word}`);
  await expect(page.getByTestId('search-feed-link')).toHaveText('RSS-лента этого поиска');
});

test('the pages name their feeds for feed readers, and a tale page carries its JSON-LD article, before any script runs', async ({
  page,
  baseURL,
}) => {
  await registerViaUi(page);
  const word = uniqueWord('ld');
  const tale = await createTale(page.request, { header: `Harbour ${word}`, body: `<p>Boats in the harbour ${word}.</p>` });
  // the first HTML, as a crawler without JavaScript gets it
  const html = await (await page.request.get(`/tale/upsert/${tale.id}`)).text();
  expect(html).toContain('<link rel="alternate" type="application/rss+xml" title="Tales (RSS)" href="/feed.xml">');
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
  expect(ld['@type']).toBe('Article');
  expect(ld.headline).toBe(`Harbour ${word}`);
  expect(ld.url).toBe(`${baseURL}/tale/upsert/${tale.id}`);
  const robots = await (await page.request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${baseURL}/tale/upsert/${tale.id}</loc>`);
});
