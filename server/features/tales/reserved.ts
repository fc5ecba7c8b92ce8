/**
 * First path segments the site itself uses (app routes of spec section 2, the API prefix, server
 * pages, files); a tale alias may not take one, or `/{alias}` would shadow a page.
 */
const RESERVED = new Set(
  [
    'api',
    'tale',
    'auth',
    'notification',
    'notifications',
    'urlparser',
    'cliparser',
    'informer',
    'restcall',
    'about',
    'tools',
    'sendrestapiqueries',
    'admindbmanager',
    'admin',
    'admintests',
    'fileupload',
    'like',
    'files',
    'assets',
    'healthz',
    'index',
    'index.html',
    'favicon.ico',
    'favicon.svg',
    'robots.txt',
    'sitemap.xml',
    'sitemap',
    'author',
    'tag',
    'map',
    'feed',
    'rss',
    'login',
    'logout',
    'register',
    'profile',
    'static',
    'public',
    'upload',
    'uploads',
    'new',
    'edit',
    'search',
    'settings',
    'www',
  ].map((s) => s.toLowerCase()),
);

export function isReservedAlias(alias: string): boolean {
  return RESERVED.has(alias.toLowerCase()) || /^\d+$/.test(alias);
}
