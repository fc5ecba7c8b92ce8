import { GUEST } from '../../../common/schemas/user';
import { appRoutes } from '../../../common/routes';
import { fullName, nameOrFallback } from '../../../common/models/user';
import { type Tale, excerpt } from '../../../common/schemas/tale';
import { SEO_NOINDEX_BELOW, lastChangeOf } from '../../../common/models/tale';
import type { Deps } from '../../deps';
import { escapeHtml } from '../../html/escape';
import { AppError } from '../../http/errors';
import { siteBase } from '../../http/site-base';
import { getTale } from './service';

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
  const url = abs(appRoutes.taleOf(tale));
  const title = tale.header || excerpt(tale.body_txt, 60) || 'Tales';
  const description = tale.is_adult_denied ? '' : excerpt(tale.body_txt, 200);
  const image = tale.is_adult_denied ? null : (firstImage(tale.body) ?? (tale.owner_emblem || null));
  const author = fullName({ firstname: tale.owner_firstname, lastname: tale.owner_lastname });
  // What search engines read of the article (schema.org), in the first HTML so they need no
  // JavaScript. `<` is written as \u003c so no text of the author's can close the script.
  const article = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: title.length > 110 ? excerpt(title, 110) : title,
    ...(description ? { description } : {}),
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: new Date(tale.publish_at * 1000).toISOString(),
    dateModified: new Date(lastChangeOf(tale) * 1000).toISOString(),
    author: { '@type': 'Person', name: author || nameOrFallback({}, tale.owner_id), url: abs(appRoutes.profileOf(tale.owner_id)) },
    ...(image ? { image: [abs(image)] } : {}),
    publisher: { '@type': 'Organization', name: 'Tales', logo: { '@type': 'ImageObject', url: abs('/favicon.svg') } },
    ...(tale.lang ? { inLanguage: tale.lang } : {}),
    ...(tale.is_adult_denied ? { isFamilyFriendly: false } : {}),
  };
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
    tale.seo_index < SEO_NOINDEX_BELOW ? '<meta name="robots" content="noindex">' : '',
    `<script type="application/ld+json">${JSON.stringify(article).replace(/</g, '\\u003c')}</script>`,
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
