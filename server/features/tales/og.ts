import { GUEST } from '../../../common/schemas/user';
import { type Tale, excerpt } from '../../../common/schemas/tale';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { getTale } from './service';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

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
  const base = deps.config.PUBLIC_URL || origin;
  const abs = (u: string) => (/^https?:\/\//i.test(u) ? u : `${base.replace(/\/$/, '')}${u.startsWith('/') ? '' : '/'}${u}`);
  const url = abs(tale.router_alias ? `/${tale.router_alias}` : `/tale/upsert/${tale.id}`);
  const title = tale.header || excerpt(tale.body_txt, 60) || 'Tales';
  const description = tale.is_adult_denied ? '' : excerpt(tale.body_txt, 200);
  const image = tale.is_adult_denied ? null : (firstImage(tale.body) ?? (tale.owner_emblem || null));
  const author = [tale.owner_firstname, tale.owner_lastname].filter(Boolean).join(' ');
  const tags = [
    `<title>${escapeHtml(title)} · Tales</title>`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta name="description" content="${escapeHtml(description)}">`,
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
  // The app's own <title> gives way to the tale's.
  return indexHtml.replace(/<title>[^<]*<\/title>/i, '').replace(/<\/head>/i, `    ${tags}\n  </head>`);
}
