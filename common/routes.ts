import { HASHTAG_RE } from './models/tale';

/**
 * Addresses of pages. API paths and form ids are not here: they are the calls' own
 * (common/api/calls), and the web makes its requests from the calls (web/src/api/call.ts).
 */

/** The single-page app's own routes (spec section 2). */
export const appRoutes = {
  home: '/',
  feed: '/tale/feed',
  taleNew: '/tale/upsert',
  tale: (id: number | string) => `/tale/upsert/${id}`,
  /** A tale's own address: its alias when it has one. */
  taleOf: (t: { id: number; router_alias?: string | null }) =>
    t.router_alias ? `/${encodeURIComponent(t.router_alias)}` : `/tale/upsert/${t.id}`,
  login: '/auth/login',
  logout: '/auth/logout',
  register: '/auth/register',
  profile: '/auth/profile',
  profileOf: (id: number | string) => `/auth/profile/${id}`,
  changePassword: '/auth/change_password',
  resetRequest: '/auth/reset_password_request',
  resetWithCode: '/auth/reset_password_with_code',
  notifications: '/notification',
  urlParser: '/UrlParser',
  cliParser: '/CliParser',
  informer: '/Informer',
  restCall: '/RestCall',
  about: '/about',
  /** The map of tales; ?txt= filters it as the feed's search, ?lat=&lng=&z= is the view. */
  map: '/map',
  /** The feed page with a search (a #hashtag searches tags). */
  search: (txt: string) => `/?txt=${encodeURIComponent(txt)}`,
} as const;

/** Feeds for readers: RSS 2.0 (.xml) and Atom (.atom) of the site, of an author and of a hashtag; each takes ?txt= (a search within it). */
export type FeedFormat = 'rss' | 'atom';
export const feedFile = (format: FeedFormat) => (format === 'rss' ? 'feed.xml' : 'feed.atom');
export const feedRoutes: {
  site: (format: FeedFormat) => string;
  author: (id: number | string, format: FeedFormat) => string;
  tag: (tag: string, format: FeedFormat) => string;
  search: (txt: string, format: FeedFormat) => string;
  sitemap: string;
  sitemapPart: (n: number) => string;
} = {
  site: (format: FeedFormat) => `/${feedFile(format)}`,
  author: (id: number | string, format: FeedFormat) => `/author/${id}/${feedFile(format)}`,
  tag: (tag: string, format: FeedFormat) => `/tag/${encodeURIComponent(tag)}/${feedFile(format)}`,
  /** A search's feed: a hashtag's own when the search is one hashtag, else the site's narrowed by it. */
  search: (txt: string, format: FeedFormat) => {
    const tag = new RegExp(`^${HASHTAG_RE.source}$`, 'u').exec(txt.trim());
    return tag ? feedRoutes.tag(tag[1], format) : `/${feedFile(format)}?txt=${encodeURIComponent(txt.trim())}`;
  },
  sitemap: '/sitemap.xml',
  /** One part of the sitemap when it is an index (more tales than one sitemap file may list). */
  sitemapPart: (n: number) => `/sitemap/tales-${n}.xml`,
};

/** Server-rendered pages linked from the menus. */
export const serverPages = {
  serializedDataEditor: '/tools/SerializedDataEditor',
  jsonSearchReplace: '/tools/JsonSearchReplaceBeautify',
  baseCurlCalls: '/SendRestApiQueries/BaseCurlCalls',
  dbTablesColumnsInfo: '/AdminDbManager/DbTablesColumnsInfo',
  adminUsers: '/admin/users',
} as const;
