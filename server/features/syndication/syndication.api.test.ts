import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRow } from '../../../common/schemas/file';
import type { Tale } from '../../../common/schemas/tale';
import { silentMp3, upload } from '../files/fixtures';
import { type Client, type TestApp, registered, startApp, writeTale } from '../../test/harness';

const SITE = 'https://tales.example.org';
let app: TestApp;
let webDir: string;
let admin: Client & { id: number };
let author: Client & { id: number };
let other: Client & { id: number };
/** The author's tales by what they are. */
const t: Record<string, Tale> = {};

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tales-web-'));
  await fs.writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>Tales</title></head><body><div id="root"></div></body></html>',
  );
  app = await startApp({ WEB_DIR: webDir, PUBLIC_URL: SITE });
  admin = await registered(app); // the first user is the admin
  author = await registered(app);
  other = await registered(app);
  await author.post('/auth/profile', { id: author.id, firstname: 'Анна', lastname: 'Reed', form_id: 'profile' });
  const hour = 3600;
  const now = Math.floor(Date.now() / 1000);
  t.open = await writeTale(author, {
    header: 'River & morning',
    body: '<p>Туман над #река and <b>bold</b> words <img src="/files/0123456789abcdef01234567.png" alt="fog"> <a href="/tale/feed">home</a></p>',
    publish_at: now - 2 * hour,
  });
  t.second = await writeTale(author, { header: 'Lamp', body: '<p>A lamp in the window</p>', publish_at: now - hour });
  t.draft = await writeTale(author, { header: 'Draft secret', body: '<p>draftword #река</p>', is_draft: 1 });
  t.scheduled = await writeTale(author, { header: 'Scheduled secret', body: '<p>laterword #река</p>', publish_at: now + 24 * hour });
  t.members = await writeTale(author, { header: 'Members secret', body: '<p>memberword #река</p>', is_for_registered: 1 });
  t.adult = await writeTale(author, { header: 'Adult secret', body: '<p>adultword #река</p>', is_adult_denied: 1 });
  t.noindex = await writeTale(author, { header: 'Quiet tale', body: '<p>quietword</p>', seo_index: 0 });
  t.others = await writeTale(other, { header: 'Other author', body: '<p>elsewhere #лес</p>', seo_index: 0.8 });
  t.comment = (await author.post<Tale>('/tale/upsert', { answer_to_tale_id: t.open.id, body: '<p>commentword</p>' })).body.data;
});
afterAll(async () => {
  await app?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

async function get(p: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}${p}`, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** A feed as a reader's parser sees it, after checking the XML is well formed. */
async function feedAt(p: string, headers: Record<string, string> = {}) {
  const r = await get(p, headers);
  expect(r.status, r.text).toBe(200);
  expect(XMLValidator.validate(r.text)).toBe(true);
  return { ...r, feed: parseFeed(r.text) };
}
const titles = (f: ReturnType<typeof parseFeed>) => f.items.map((i) => i.title);
const SECRETS = [
  'Draft secret',
  'Scheduled secret',
  'Members secret',
  'Adult secret',
  'commentword',
  'draftword',
  'laterword',
  'memberword',
  'adultword',
];

describe('feeds', () => {
  it('the site feed as RSS 2.0 and Atom: published tales newest first, full sanitised content with absolute addresses', async () => {
    for (const [p, type, kind] of [
      ['/feed.xml', 'application/rss+xml', 'rss'],
      ['/feed.atom', 'application/atom+xml', 'atom'],
    ] as const) {
      const { feed, headers, text } = await feedAt(p);
      expect(headers.get('content-type')).toContain(type);
      expect(feed.meta.type).toBe(kind);
      expect(feed.title).toBe('Tales');
      expect(feed.url).toBe(`${SITE}/`);
      expect(feed.self).toBe(`${SITE}${p}`);
      expect(titles(feed)).toEqual(['Other author', 'Quiet tale', 'Lamp', 'River & morning']);
      const river = feed.items[3];
      expect(river.url).toBe(`${SITE}/tale/upsert/${t.open.id}`);
      expect(river.content).toContain('<b>bold</b>');
      expect(river.content).toContain(`src="${SITE}/files/0123456789abcdef01234567.png"`);
      expect(river.content).toContain(`href="${SITE}/tale/feed"`);
      expect(river.authors[0]?.name).toBe('Анна Reed');
      expect(river.categories.map((c) => c.term)).toEqual(['река']);
      expect(river.published?.getTime()).toBe(t.open.publish_at * 1000);
      for (const secret of SECRETS) expect(text).not.toContain(secret);
    }
  });

  it('keeps the visitor view whoever asks: the author, another user and staff get no draft, scheduled, members-only or adult tale', async () => {
    for (const who of [author, other, admin]) {
      const headers = { token: who.token ?? '', uid: String(who.uid) };
      for (const p of ['/feed.xml', `/author/${author.id}/feed.atom`, '/tag/%D1%80%D0%B5%D0%BA%D0%B0/feed.xml']) {
        const { text } = await feedAt(p, headers);
        for (const secret of SECRETS) expect(text).not.toContain(secret);
      }
    }
  });

  it("an author's feed, a hashtag's feed and a search: only what they hold", async () => {
    const mine = await feedAt(`/author/${author.id}/feed.xml`);
    expect(mine.feed.title).toBe('Tales by Анна Reed');
    expect(mine.feed.url).toBe(`${SITE}/auth/profile/${author.id}`);
    expect(titles(mine.feed)).toEqual(['Quiet tale', 'Lamp', 'River & morning']);
    // an id may be spelled with leading zeros, as the API takes it; the feed names it plainly
    const zeros = await feedAt(`/author/00${author.id}/feed.atom`);
    expect(zeros.feed.self).toBe(`${SITE}/author/${author.id}/feed.atom`);
    expect(titles(zeros.feed)).toEqual(['Quiet tale', 'Lamp', 'River & morning']);

    const tag = await feedAt(`/tag/${encodeURIComponent('река')}/feed.atom`);
    expect(tag.feed.title).toBe('#река on Tales');
    expect(titles(tag.feed)).toEqual(['River & morning']);
    expect(titles((await feedAt(`/tag/${encodeURIComponent('лес')}/feed.xml`)).feed)).toEqual(['Other author']);

    const search = await feedAt(`/feed.xml?txt=${encodeURIComponent('lamp')}`);
    expect(search.feed.title).toBe('“lamp” in Tales');
    expect(search.feed.url).toBe(`${SITE}/?txt=lamp`);
    expect(titles(search.feed)).toEqual(['Lamp']);
    expect(titles((await feedAt(`/author/${other.id}/feed.xml?txt=lamp`)).feed)).toEqual([]);
    expect(titles((await feedAt(`/feed.atom?txt=${encodeURIComponent('#река туман')}`)).feed)).toEqual(['River & morning']);
  });

  it('says what is wrong with an address or a query, and never fails on one', async () => {
    for (const p of [
      '/author/0/feed.xml',
      '/author/-1/feed.xml',
      '/author/abc/feed.xml',
      '/author/1e3/feed.xml',
      '/author/99999999999/feed.xml',
      '/author/999999/feed.xml',
      '/tag/%23/feed.xml',
      '/tag/a%20b/feed.xml',
      '/tag/1abc/feed.atom',
    ]) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
    }
    const long = await get(`/feed.xml?txt=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.text).toMatch(/^txt: /);
    const lang = await get('/feed.atom?lang=de');
    expect(lang.status).toBe(400);
    expect(lang.text).toMatch(/^lang: /);
  });

  it('speaks Russian to a Russian reader: ?lang=ru or Accept-Language', async () => {
    const byHeader = await feedAt(`/author/${author.id}/feed.atom`, { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' });
    expect(byHeader.feed.title).toBe('Истории: Анна Reed');
    expect(byHeader.feed.language).toBe('ru');
    expect(byHeader.headers.get('vary')).toContain('Accept-Language');
    const byQuery = await feedAt('/feed.xml?lang=ru&txt=lamp');
    expect(byQuery.feed.title).toBe('«lamp» в ленте «Tales»');
    expect(byQuery.feed.self).toBe(`${SITE}/feed.xml?txt=lamp&lang=ru`);
    const nameless = await registered(app);
    await writeTale(nameless, { header: 'Nameless' });
    const ru = await feedAt(`/author/${nameless.id}/feed.xml?lang=ru`);
    expect(ru.feed.title).toBe(`Истории: Пользователь №${nameless.id}`);
    expect(ru.feed.items[0].authors[0]?.name).toBe(`Пользователь №${nameless.id}`);
    expect((await feedAt(`/author/${nameless.id}/feed.xml`)).feed.items[0].authors[0]?.name).toBe(`User #${nameless.id}`);
  });

  it("carries a tale's first audio file as its enclosure", async () => {
    const mp3 = silentMp3();
    const up = await upload(author, t.second.id, [
      { name: 'b-second.mp3', data: mp3 },
      { name: 'a-first.mp3', data: mp3 },
    ]);
    expect(up.status).toBe(200);
    // the playlist's first, as the tale's file list shows it
    const first = (await author.get<FileRow[]>(`/FileUpload/getFiles/tale/${t.second.id}`)).body.data[0];
    expect(up.body.data.map((f) => f.name_human)).toContain(first.name_human);
    const rss = await feedAt(`/author/${author.id}/feed.xml`);
    const lamp = rss.feed.items.find((i) => i.title === 'Lamp');
    expect(lamp?.media).toEqual([
      expect.objectContaining({ url: `${SITE}${first?.url_path}`, mimeType: 'audio/mpeg', length: mp3.length }),
    ]);
    // RSS has one enclosure per item, as the format allows
    const raw = new XMLParser({ ignoreAttributes: false }).parse(rss.text);
    const item = [raw.rss.channel.item].flat().find((i: { title: string }) => i.title === 'Lamp');
    expect(item.enclosure['@_type']).toBe('audio/mpeg');
    const atom = await feedAt(`/author/${author.id}/feed.atom`);
    expect(atom.feed.items.find((i) => i.title === 'Lamp')?.media[0]).toMatchObject({
      url: `${SITE}${first?.url_path}`,
      mimeType: 'audio/mpeg',
    });
    expect(atom.feed.items.find((i) => i.title === 'River & morning')?.media).toEqual([]);
  });

  it('answers a reader that has the feed already 304 by its ETag, and 200 once a tale comes or goes', async () => {
    const p = `/author/${other.id}/feed.xml`;
    const first = await get(p);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    // no Last-Modified: a date that moves back when the newest tale goes would hide that change
    expect(first.headers.get('last-modified')).toBeNull();
    expect((await get(p)).headers.get('etag')).toBe(etag);
    const byTag = await get(p, { 'if-none-match': etag });
    expect(byTag.status).toBe(304);
    expect(byTag.text).toBe('');
    expect((await get(p, { 'if-none-match': `"other", ${etag}` })).status).toBe(304);
    expect((await get(p, { 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await get(p, { 'if-none-match': '"stale"' })).status).toBe(200);
    expect((await get(p, { 'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString() })).status).toBe(200);
    const fresh = await writeTale(other, { header: 'Fresh one' });
    const after = await get(p, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(titles(parseFeed(after.text))[0]).toBe('Fresh one');
    // the newest tale going makes the feed older again, and the reader is told
    expect((await other.post(`/tale/delete/${fresh.id}`, { form_id: 'actionDelete' })).status).toBe(200);
    const gone = await get(p, { 'if-none-match': after.headers.get('etag') as string });
    expect(gone.status).toBe(200);
    expect(titles(parseFeed(gone.text))).not.toContain('Fresh one');
  });

  it('stays well-formed whatever authors write: CDATA ends, control characters, markup as text, an & in a file name', async () => {
    const u = await registered(app);
    const nasty = 'Evil ]]>]]></title><item><title>Injected</title></item><![CDATA[ \u0007bell';
    const t = await writeTale(u, {
      header: `Head ]]>]]> & \u0001 "q"`,
      body: `<p>${nasty.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')} &lt;img src=x onerror=alert(1)&gt;</p>`,
    });
    expect(t.body_txt).toContain('<img src=x onerror=alert(1)>');
    const up = await upload(u, t.id, [{ name: 'Tom & Jerry <live>.mp3', data: silentMp3() }]);
    expect(up.status).toBe(200);
    for (const format of ['xml', 'atom']) {
      const { feed, text } = await feedAt(`/author/${u.id}/feed.${format}`);
      expect(feed.items).toHaveLength(1);
      expect(text).not.toContain('\u0007');
      expect(text).not.toContain('\u0001');
      const item = feed.items[0];
      expect(item.title).toContain('Head');
      expect(feed.items.map((i) => i.title)).not.toContain('Injected');
      // what the author wrote as text stays text: escaped in the HTML a reader renders, never an element
      expect(text).not.toMatch(/<img src="?x/i);
      expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(item.description).toContain('<img src=x onerror=alert(1)>');
      expect(item.media[0]?.mimeType).toBe('audio/mpeg');
    }
  });

  it('offers its feeds in the first HTML of the pages (autodiscovery)', async () => {
    const alternates = async (p: string) => {
      const html = (await get(p)).text;
      return [...html.matchAll(/<link rel="alternate" type="([^"]+)" title="[^"]*" href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);
    };
    const site = ['application/rss+xml /feed.xml', 'application/atom+xml /feed.atom'];
    expect(await alternates('/')).toEqual(site);
    expect(await alternates(`/tale/upsert/${t.open.id}`)).toEqual(site);
    expect(await alternates(`/auth/profile/${author.id}`)).toEqual([
      ...site,
      `application/rss+xml /author/${author.id}/feed.xml`,
      `application/atom+xml /author/${author.id}/feed.atom`,
    ]);
    expect(await alternates(`/?txt=${encodeURIComponent('#река')}`)).toEqual([
      ...site,
      'application/rss+xml /tag/%D1%80%D0%B5%D0%BA%D0%B0/feed.xml',
      'application/atom+xml /tag/%D1%80%D0%B5%D0%BA%D0%B0/feed.atom',
    ]);
    expect(await alternates('/?txt=a%22b%3Cc')).toEqual([
      ...site,
      'application/rss+xml /feed.xml?txt=a%22b%3Cc',
      'application/atom+xml /feed.atom?txt=a%22b%3Cc',
    ]);
  });
});

/** The addresses a sitemap (a urlset) lists, checked against the protocol's shape. */
function urlsOf(xml: string): { loc: string; lastmod?: string; priority?: number }[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false }).parse(xml);
  expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return [doc.urlset.url].flat().filter(Boolean);
}

describe('sitemap', () => {
  it('lists the home page and every tale a visitor may read and search engines may keep, with lastmod and priority from seo_index', async () => {
    const r = await get('/sitemap.xml');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/xml');
    const urls = urlsOf(r.text);
    const locs = urls.map((u) => u.loc);
    expect(locs[0]).toBe(`${SITE}/`);
    expect(locs).toContain(`${SITE}/tale/upsert/${t.open.id}`);
    expect(locs).toContain(`${SITE}/tale/upsert/${t.second.id}`);
    for (const hidden of [t.draft, t.scheduled, t.members, t.adult, t.noindex, t.comment]) {
      expect(locs).not.toContain(`${SITE}/tale/upsert/${hidden.id}`);
    }
    const others = urls.find((u) => u.loc === `${SITE}/tale/upsert/${t.others.id}`);
    expect(others?.priority).toBe(0.8);
    expect(others?.lastmod).toBe(new Date(Math.max(t.others.updated_at, t.others.publish_at) * 1000).toISOString());
    expect(urls.find((u) => u.loc.endsWith(`/${t.open.id}`))?.priority).toBe(0.1);
  });

  it('names a tale by its alias when it has one', async () => {
    const aliased = await writeTale(other, { header: 'Aliased', router_alias: 'river-song' });
    const locs = urlsOf((await get('/sitemap.xml')).text).map((u) => u.loc);
    expect(locs).toContain(`${SITE}/river-song`);
    expect(locs).not.toContain(`${SITE}/tale/upsert/${aliased.id}`);
  });
});

describe('sitemap of a large site', () => {
  let big: TestApp;
  beforeAll(async () => {
    big = await startApp({ PUBLIC_URL: SITE, SITEMAP_URLS_PER_FILE: '4' });
  });
  afterAll(async () => big?.close());

  it('becomes an index of files, none over the limit, together listing every indexable tale once', async () => {
    const u = await registered(big);
    const shown: number[] = [];
    for (let i = 0; i < 9; i++) shown.push((await writeTale(u, { header: `Tale ${i}` })).id);
    await writeTale(u, { header: 'Hidden', is_draft: 1 });
    const index = await fetch(`${big.url}/sitemap.xml`).then((r) => r.text());
    expect(XMLValidator.validate(index)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(index);
    expect(doc.sitemapindex['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const parts: string[] = [doc.sitemapindex.sitemap].flat().map((s: { loc: string }) => s.loc);
    expect(parts[0]).toBe(`${SITE}/sitemap/tales-0.xml`);
    const listed: string[] = [];
    for (const part of parts) {
      const res = await fetch(`${big.url}${new URL(part).pathname}`);
      expect(res.status).toBe(200);
      const urls = urlsOf(await res.text());
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(4);
      listed.push(...urls.map((x) => x.loc));
    }
    expect(listed.sort()).toEqual([`${SITE}/`, ...shown.map((id) => `${SITE}/tale/upsert/${id}`)].sort());
    for (const p of [
      '/sitemap/tales-99.xml',
      '/sitemap/tales-01.xml',
      '/sitemap/tales--1.xml',
      '/sitemap/other.xml',
      '/sitemap/tales-1e2.xml',
    ]) {
      expect((await fetch(`${big.url}${p}`)).status, p).toBe(404);
    }
  });
});
