import { Feed, type Item } from 'feed';
import { nameOrFallback } from '../../../common/models/user';
import { excerpt, hashtagsOf, lastChangeOf } from '../../../common/models/tale';
import { type FeedFormat, appRoutes, feedRoutes } from '../../../common/routes';
import type { Tale } from '../../../common/schemas/tale';
import { escapeHtml } from '../../html/escape';
import { feedHtml } from '../../html/sanitize';
import type { TaleAudio } from '../files/service';

export type FeedLang = 'en' | 'ru';
export const FEED_LANGS: FeedLang[] = ['en', 'ru'];

/** Whose tales a feed follows. A search (`txt`) may narrow any of them. */
export type FeedScope = { kind: 'site' } | { kind: 'author'; id: number; name: string } | { kind: 'tag'; tag: string };

/** The feed's own words; the tales are in their authors' words. */
const WORDS: Record<
  FeedLang,
  {
    site: string;
    about: string;
    author: (name: string) => string;
    tag: (tag: string) => string;
    search: (txt: string, of: string) => string;
  }
> = {
  en: {
    site: 'Tales',
    about: 'New tales on Tales',
    author: (name) => `Tales by ${name}`,
    tag: (tag) => `#${tag} on Tales`,
    search: (txt, of) => `“${txt}” in ${of}`,
  },
  ru: {
    site: 'Tales',
    about: 'Новые истории на Tales',
    author: (name) => `Истории: ${name}`,
    tag: (tag) => `#${tag} на Tales`,
    search: (txt, of) => `«${txt}» в ленте «${of}»`,
  },
};

export function feedTitle(scope: FeedScope, lang: FeedLang, txt: string): string {
  const w = WORDS[lang];
  const title = scope.kind === 'author' ? w.author(scope.name) : scope.kind === 'tag' ? w.tag(scope.tag) : w.site;
  return txt ? w.search(txt, title) : title;
}

/** The page of the site that shows what the feed follows. */
export function scopePage(scope: FeedScope, txt: string): string {
  if (scope.kind === 'author') return appRoutes.profileOf(scope.id);
  if (scope.kind === 'tag') return appRoutes.search([`#${scope.tag}`, txt].filter(Boolean).join(' '));
  return txt ? appRoutes.search(txt) : appRoutes.home;
}

export interface FeedInput {
  format: FeedFormat;
  lang: FeedLang;
  /** The site's address, without a trailing slash. */
  base: string;
  scope: FeedScope;
  txt: string;
  /** The feed's own address (path and query) in this format and in the other. */
  self: Record<FeedFormat, string>;
  tales: Tale[];
  audio: Map<number, TaleAudio>;
}

export interface FeedDocument {
  xml: string;
}

const dateOf = (seconds: number) => new Date(seconds * 1000);

/**
 * Text as XML 1.0 may hold it: without the control characters and lone surrogates it forbids
 * (the API refuses only NUL), so no tale can make a feed unreadable.
 */
export function xmlText(s: string): string {
  return s.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids are what this takes out
    /[\u0001-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '',
  );
}

/**
 * Plain text where the writer puts it in CDATA as plain text (an RSS title). The writer (xml-js)
 * splits only the first "]]>" of a CDATA section; a second would end it, so none is left whole.
 */
function cdataText(s: string): string {
  return xmlText(s).replace(/]]>/g, ']] >');
}

/** Plain text where the writer puts it as HTML (Atom's type="html", RSS's description): escaped, so it stays text, and "]]>" cannot occur. */
function htmlText(s: string): string {
  return escapeHtml(xmlText(s));
}

/**
 * An RSS 2.0 or Atom 1.0 document of these tales (feed, jpmonette/feed). The content is the tale's
 * sanitised HTML with absolute addresses; its first audio file is the enclosure. Nothing in it
 * depends on the time of the request, so the same tales give the same bytes (and ETag).
 */
export function writeFeed(input: FeedInput): FeedDocument {
  const { base, lang, scope, txt, tales } = input;
  const abs = (p: string) => `${base}${p}`;
  const newest = tales.length ? Math.max(...tales.map(lastChangeOf)) : 0;
  const feed = new Feed({
    id: abs(input.self[input.format]),
    title: xmlText(feedTitle(scope, lang, txt)),
    description: WORDS[lang].about,
    link: abs(scopePage(scope, txt)),
    language: lang,
    // an empty feed has no news: the epoch keeps its bytes, and its ETag, the same
    updated: dateOf(newest),
    generator: 'Tales',
    favicon: abs('/favicon.svg'),
    copyright: `© ${WORDS[lang].site}`,
    feedLinks: { rss: abs(input.self.rss), atom: abs(input.self.atom) },
  });
  for (const t of tales) {
    const link = abs(appRoutes.taleOf(t));
    const author = xmlText(nameOrFallback({ firstname: t.owner_firstname, lastname: t.owner_lastname }, t.owner_id, lang));
    const audio = input.audio.get(t.id);
    const title = t.header.trim() || excerpt(t.body_txt, 60) || `#${t.id}`;
    const item: Item = {
      // RSS says a title is plain text; Atom's writer marks it as HTML
      title: input.format === 'rss' ? cdataText(title) : htmlText(title),
      id: link,
      guid: link,
      link,
      // RSS has one date, the publication; Atom says when it changed and when it came out
      date: dateOf(input.format === 'rss' ? t.publish_at : lastChangeOf(t)),
      published: dateOf(t.publish_at),
      description: htmlText(excerpt(t.body_txt, 300)),
      // sanitised HTML: its text has < > & escaped, so it holds no "]]>"
      content: xmlText(feedHtml(t.body, base)),
      author: [{ name: author, link: abs(appRoutes.profileOf(t.owner_id)) }],
      category: hashtagsOf(t.body_txt).map((tag) => ({ name: tag, term: tag, domain: abs(appRoutes.search(`#${tag}`)) })),
    };
    // no title: the writer leaves an attribute's & unescaped, and a file's name may hold one
    if (audio) item.audio = { url: abs(audio.url), type: audio.mime, length: audio.size };
    feed.addItem(item);
  }
  const xml = input.format === 'rss' ? feed.rss2() : atomOf(feed, lang, input.audio);
  return { xml };
}

/**
 * The Atom document, with two things its writer (feed 6) gets wrong put right: the language, which
 * Atom says in xml:lang and the writer leaves out, and an enclosure's type, which the writer makes
 * from the file's extension ("audio/mp3") whatever type it is given. The address was made from the
 * stored file's name, so its extension tells the type the file was stored as.
 */
function atomOf(feed: Feed, lang: FeedLang, audio: Map<number, TaleAudio>): string {
  const types = new Map([...audio.values()].map((a) => [a.url.slice(a.url.lastIndexOf('.') + 1), a.mime]));
  return feed
    .atom1()
    .replace(/<feed\b/, () => `<feed xml:lang="${lang}"`)
    .replace(/(<link rel="enclosure"[^>]*? type=")audio\/([a-z0-9]+)"/g, (all, start: string, ext: string) =>
      types.has(ext) ? `${start}${types.get(ext)}"` : all,
    );
}

/** Autodiscovery: the feeds a page offers, as <link rel="alternate"> tags for feed readers and browsers. */
export function feedLinksOf(url: string): { title: string; href: string; type: string }[] {
  const [pathname, query = ''] = url.split('?', 2);
  const both = (title: string, of: (f: FeedFormat) => string) => [
    { title: `${title} (RSS)`, href: of('rss'), type: 'application/rss+xml' },
    { title: `${title} (Atom)`, href: of('atom'), type: 'application/atom+xml' },
  ];
  const links = both('Tales', (f) => feedRoutes.site(f));
  const author = /^\/auth\/profile\/([1-9]\d{0,9})\/?$/.exec(pathname);
  if (author) links.push(...both(`Tales by #${author[1]}`, (f) => feedRoutes.author(author[1], f)));
  if (pathname === appRoutes.home || pathname === appRoutes.feed) {
    const txt = (new URLSearchParams(query).get('txt') ?? '').trim().slice(0, 200);
    if (txt) links.push(...both(`“${txt}”`, (f) => feedRoutes.search(txt, f)));
  }
  return links;
}

/** The page with its feeds' autodiscovery links in its head. */
export function withFeedLinks(page: string, url: string): string {
  const tags = feedLinksOf(url)
    .map((l) => `<link rel="alternate" type="${l.type}" title="${escapeHtml(l.title)}" href="${escapeHtml(l.href)}">`)
    .join('\n    ');
  return page.replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
}
