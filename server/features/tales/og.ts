import { GUEST } from '../../../common/schemas/user';
import { type Tale, excerpt } from '../../../common/schemas/tale';
import type { Config } from '../../config';
import type { Deps } from '../../deps';
import { escapeHtml } from '../../html/escape';
import { AppError } from '../../http/errors';
import { getTale } from './service';

/** Hosts a request may name for itself without PUBLIC_URL (a developer's machine). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The site's own address for absolute addresses in pages (canonical, og:url, og:image): PUBLIC_URL
 * when it is set. Without it the request's Host header would decide, and anyone can send any Host
 * (a cache or a link bot in front of the site would then keep and spread the sender's domain), so
 * a request's origin is used only when its host is one the configuration lists: a CORS_ORIGINS
 * entry (that entry itself is used), or localhost and the loopback addresses (development). Any
 * other host gets http://localhost:PORT, and the server warns at start that PUBLIC_URL should be
 * set (docs/decisions.md).
 */
export function siteBase(config: Pick<Config, 'PUBLIC_URL' | 'CORS_ORIGINS' | 'PORT'>, requestOrigin: string): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const fallback = `http://localhost:${config.PORT}`;
  let asked: URL;
  try {
    asked = new URL(requestOrigin);
  } catch {
    return fallback;
  }
  if (asked.protocol !== 'http:' && asked.protocol !== 'https:') return fallback;
  if (LOOPBACK_HOSTS.has(asked.hostname)) return `${asked.protocol}//${asked.host}`;
  for (const listed of config.CORS_ORIGINS) {
    try {
      const origin = new URL(listed);
      if (origin.host === asked.host) return origin.origin;
    } catch {
      // not an origin: never matches
    }
  }
  return fallback;
}

/** Page paths that show one tale: /tale/upsert/{id} and /{alias}. */
export function taleRefOfPage(pathname: string): string | null {
  const m = /^\/tale\/upsert\/([^/]+)\/?$/.exec(pathname) ?? /^\/([A-Za-z0-9_-]+)\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

function firstImage(html: string): string | null {
  return /<img[^>]+src="([^"]+)"/i.exec(html)?.[1] ?? null;
}

/**
 * The single-page app's index.html with the tale's title, description and image as Open Graph
 * and Twitter meta tags, so a shared address previews well in messengers and link bots.
 * Only what a visitor may see is described; anything else gets the page unchanged.
 */
export async function withTaleMeta(deps: Deps, indexHtml: string, pathname: string, origin: string): Promise<string> {
  const ref = taleRefOfPage(pathname);
  if (!ref) return indexHtml;
  let tale: Tale;
  try {
    tale = await getTale(deps, GUEST, ref);
  } catch (e) {
    if (e instanceof AppError) return indexHtml;
    throw e;
  }
  if (tale.type !== 'POST') return indexHtml;
  const base = siteBase(deps.config, origin);
  const abs = (u: string) => (/^https?:\/\//i.test(u) ? u : `${base.replace(/\/$/, '')}${u.startsWith('/') ? '' : '/'}${u}`);
  const url = abs(tale.router_alias ? `/${tale.router_alias}` : `/tale/upsert/${tale.id}`);
  const title = tale.header || excerpt(tale.body_txt, 60) || 'Tales';
  const description = tale.is_adult_denied ? '' : excerpt(tale.body_txt, 200);
  const image = tale.is_adult_denied ? null : (firstImage(tale.body) ?? (tale.owner_emblem || null));
  const author = [tale.owner_firstname, tale.owner_lastname].filter(Boolean).join(' ');
  const tags = [
    `<title>${escapeHtml(title)} · Tales</title>`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
    '<meta property="og:type" content="article">',
    '<meta property="og:site_name" content="Tales">',
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="article:published_time" content="${new Date(tale.publish_at * 1000).toISOString()}">`,
    author ? `<meta property="article:author" content="${escapeHtml(author)}">` : '',
    image ? `<meta property="og:image" content="${escapeHtml(abs(image))}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    tale.seo_index < 0.05 ? '<meta name="robots" content="noindex">' : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  // The app's own <title> gives way to the tale's. The tags hold the author's text: they go in by a
  // replacer function, as a replacement string would read `$&`, `$'`, `$\`` and `$1` in it as patterns.
  // The site's own description gives way to the tale's, when it has one: a page has one.
  const siteDescription = /\s*<meta\b[^>]*\bname=["']description["'][^>]*>/i;
  return indexHtml
    .replace(/<title>[^<]*<\/title>/i, () => '')
    .replace(siteDescription, (tag) => (description ? '' : tag))
    .replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
}
