import { Readable } from 'node:stream';
import { SitemapIndexStream, SitemapStream } from 'sitemap';
import { lastChangeOf } from '../../../common/models/tale';
import { appRoutes, feedRoutes } from '../../../common/routes';
import type { Deps } from '../../deps';
import { highestTaleId, indexableTales } from '../tales/service';
import type { IndexableRow } from '../tales/queries';

/** Rows read from the database at a time while a sitemap is written. */
const BATCH = 2_000;

/** A sitemap's entry for a tale: priority is its seo_index (0 to 1), lastmod its last change a reader sees. */
function entryOf(row: IndexableRow) {
  return {
    url: appRoutes.taleOf(row),
    lastmod: new Date(lastChangeOf(row) * 1000).toISOString(),
    priority: Math.min(1, Math.max(0, Math.round(row.seo_index * 10) / 10)),
  };
}

/**
 * The entries of the indexable tales with ids in (after, before), read a batch at a time. Read
 * whole before the answer starts (a file holds at most SITEMAP_URLS_PER_FILE), so a failing
 * database is answered as such, not by a cut-off file.
 */
async function talesBetween(deps: Deps, after: number, before: number) {
  const entries: ReturnType<typeof entryOf>[] = [];
  let from = after;
  for (;;) {
    const rows = await indexableTales(deps, { after: from, before, limit: BATCH });
    entries.push(...rows.map(entryOf));
    if (rows.length < BATCH) return entries;
    from = rows[rows.length - 1].id;
  }
}

/** A urlset of these entries (sitemap's own writer checks and escapes them). */
function urlset(base: string, entries: { url: string; priority?: number; lastmod?: string }[]): Readable {
  return Readable.from(entries).pipe(new SitemapStream({ hostname: `${base}/` }));
}

/**
 * The sitemap's plan: one file while every tale id fits in one (`perFile` addresses, the home page
 * among them), else an index of files each covering `perFile` ids (so none can list more than the
 * protocol's 50,000), naming only the ranges that hold an indexable tale. Ranges by id keep every
 * file a walk of the primary key, whatever the site's size.
 */
export async function sitemapParts(deps: Deps, perFile: number): Promise<number[] | 'single'> {
  const last = await highestTaleId(deps);
  if (last < perFile) return 'single';
  // part 0 holds the home page whatever else it has
  const parts: number[] = [0];
  for (let n = 1; n * perFile <= last; n++) {
    const [any] = await indexableTales(deps, { after: n * perFile - 1, before: (n + 1) * perFile, limit: 1 });
    if (any) parts.push(n);
  }
  return parts;
}

/** Whether the index lists part `n` (what sitemapParts says of it, asked of that range alone). */
export async function sitemapHasPart(deps: Deps, perFile: number, n: number): Promise<boolean> {
  const last = await highestTaleId(deps);
  if (last < perFile || n * perFile > last) return false;
  if (n === 0) return true;
  const [any] = await indexableTales(deps, { after: n * perFile - 1, before: (n + 1) * perFile, limit: 1 });
  return any !== undefined;
}

/** The whole sitemap of a small site: the home page and every indexable tale. */
export async function singleSitemap(deps: Deps, base: string, perFile: number): Promise<Readable> {
  return urlset(base, [{ url: appRoutes.home, priority: 1 }, ...(await talesBetween(deps, 0, perFile))]);
}

/** The index of a large site's sitemap: the home page's file (part 0 names it) and each range's. */
export function sitemapIndex(base: string, parts: number[]): Readable {
  return Readable.from(parts.map((n) => ({ url: `${base}${feedRoutes.sitemapPart(n)}` }))).pipe(new SitemapIndexStream());
}

/** One part of a large site's sitemap: the tales with ids in its range (part 0 also has the home page). */
export async function sitemapPart(deps: Deps, base: string, n: number, perFile: number): Promise<Readable> {
  const tales = await talesBetween(deps, n * perFile - 1, (n + 1) * perFile);
  return urlset(base, n === 0 ? [{ url: appRoutes.home, priority: 1 }, ...tales] : tales);
}
