/** What the API benchmarks ask for: a sample of tales to read and the search terms typed. */
import type { Tale } from '../common/schemas/tale';
import { call } from './lib';
import { EN, RU, TAGS_EN, TAGS_RU } from './words';

/**
 * Search terms a reader might type, from common to rare: the vocabulary is Zipf-distributed, so
 * rank r is in roughly 36 / (r ln N) of the tales (EN[10] in about a tenth, EN[400] in about 1%).
 */
export const SEARCH_WORDS = [EN[10], RU[12], EN[60], RU[80], EN[150], RU[200], EN[300], RU[350], EN[400], RU[450]];
export const SEARCH_TAGS = [...TAGS_EN.slice(0, 5), ...TAGS_RU.slice(0, 5), TAGS_EN[30], TAGS_RU[30]];

/**
 * Searches nobody has typed before (so no cache has them): two words, English or Russian, the
 * second cut to a prefix as a search box sends it while typing, every third with a hashtag
 * instead of the first word. Deterministic, all distinct.
 */
export function freshSearches(count: number): string[] {
  const out = new Set<string>();
  // mulberry32: a small generator whose low bits are as random as its high ones
  let x = 12345;
  const next = (n: number) => {
    x = (x + 0x6d2b79f5) | 0;
    let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
  while (out.size < count) {
    const list = next(2) ? EN : RU;
    const tags = list === EN ? TAGS_EN : TAGS_RU;
    const second = list[next(list.length)];
    const prefix = second.slice(0, Math.max(3, second.length - next(3)));
    const first = out.size % 3 === 2 ? `#${tags[next(tags.length)]}` : list[next(list.length)];
    out.add(`${first} ${prefix}`);
  }
  return [...out];
}

/**
 * Searches of one term: every word of the seed's lists whole and as each prefix down to three
 * letters, and every hashtag, shuffled (3,154). Fewer than a run asks, so with caches on
 * they come back and are kept; with `--no-cache` each one reaches the search itself.
 */
export function oneWordSearches(): string[] {
  const out = new Set<string>();
  for (const word of [...EN, ...RU]) for (let n = word.length; n >= Math.min(3, word.length); n--) out.add(word.slice(0, n));
  for (const tag of [...TAGS_EN, ...TAGS_RU]) out.add(`#${tag}`);
  return shuffled([...out], 7);
}

/** The items shuffled in place (Fisher-Yates), the same order for the same seed in every run. */
function shuffled<T>(items: T[], seed: number): T[] {
  let x = seed;
  for (let i = items.length - 1; i > 0; i--) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const j = x % (i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** Searches for words no tale has, each new. */
export const noMatchSearches = (count: number, from = 0) =>
  Array.from({ length: count - from }, (_, i) => `zq${(from + i).toString(36)}xv`);

/** The `count` authors with most listed posts (saved, not drafts), busiest first: a statement for PostgreSQL or PGlite. */
export const busiestAuthorsQuery = (count: number) =>
  `select owner_id as id from tales where type = 'POST' and is_submitted = 1 and is_draft = 0
   group by 1 order by count(*) desc, 1 limit ${Math.trunc(count)}`;

/**
 * Tales to read, comment on and like: a sample of what the feed shows, from many pages. `busiest`
 * are the authors with most posts where the caller can ask the database (bench/api.ts on
 * PostgreSQL); without them, the authors the sample shows most often, which at a million tales
 * are often authors of a few pages that the caches then hold (session 48).
 */
export async function sample(base: string, pages = 40, busiest?: readonly number[]) {
  const first = await call<{ tale: Tale[] }>(base, '/api/tale/feed/10/1');
  const pagination = first.meta.tale as { pagesTotal: number };
  const found = new Map<number, Tale>();
  for (let k = 0; k < pages; k++) {
    const page = 1 + Math.floor(((k * 7919) % 1000) * (pagination.pagesTotal / 1000));
    const r = await call<{ tale: Tale[] }>(base, `/api/tale/feed/10/${page}`);
    for (const t of r.data.tale) found.set(t.id, t);
  }
  const tales = [...found.values()];
  // The authors who wrote most (the sample shows them most often) and the commonest hashtags:
  // the longest lists after the feed, read at any page.
  const often = new Map<number, number>();
  for (const t of tales) often.set(t.owner_id, (often.get(t.owner_id) ?? 0) + 1);
  const authors = busiest?.length
    ? busiest.slice(0, 3)
    : [...often.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([id]) => id);
  const lists: { path: string; pagesTotal: number }[] = [];
  for (const q of [...authors.map((id) => `owner=${id}`), ...[TAGS_EN[0], TAGS_RU[0]].map((t) => `txt=${encodeURIComponent(`#${t}`)}`)]) {
    const r = await call<{ tale: Tale[] }>(base, `/api/tale/feed/10/1?${q}`);
    lists.push({ path: q, pagesTotal: (r.meta.tale as { pagesTotal: number }).pagesTotal });
  }
  const byComments = [...tales].sort((a, b) => b.count_answer_to_tale_id - a.count_answer_to_tale_id);
  const byLikes = [...tales].sort((a, b) => b.count_like - a.count_like);
  return {
    pagesTotal: pagination.pagesTotal,
    lists,
    taleIds: tales.map((t) => t.id),
    commented: byComments.filter((t) => t.count_answer_to_tale_id > 0).slice(0, 50),
    liked: byLikes.filter((t) => t.count_like > 0).slice(0, 50),
    open: tales.filter((t) => t.is_comment_denied === 0 && t.is_comment_for_owner === 0).map((t) => t.id),
  };
}

/** `count` pages spread over 1..pagesTotal in a shuffled order, the last among them: a reader jumping anywhere. */
export function anyPages(pagesTotal: number, count = 5_000): number[] {
  const n = Math.min(count, pagesTotal);
  const pages = Array.from({ length: n }, (_, i) => 1 + Math.floor((i * pagesTotal) / n));
  pages[n - 1] = pagesTotal;
  return shuffled(pages, 99);
}

/**
 * What readers read. `searches` picks which fresh searches: a second run (the logged-in readers
 * after the visitors) takes others, so its searches are new to the server too.
 */
export function readScenarios(base: string, s: Awaited<ReturnType<typeof sample>>, searches: 'first' | 'second' = 'first') {
  const enc = encodeURIComponent;
  const fresh = freshSearches(60_000);
  const ours = searches === 'first' ? fresh.slice(0, 30_000) : fresh.slice(30_000);
  return [
    { name: 'feed page 1', requests: ['/api/tale/feed/10/1'] },
    { name: `feed page ${s.pagesTotal} (deepest)`, requests: [`/api/tale/feed/10/${s.pagesTotal}`] },
    { name: 'feed, any page', fresh: true, requests: anyPages(s.pagesTotal).map((p) => `/api/tale/feed/10/${p}`) },
    {
      name: "busiest authors' tales, any page",
      fresh: true,
      requests: s.lists
        .filter((l) => l.path.startsWith('owner'))
        .flatMap((l) => anyPages(l.pagesTotal).map((p) => `/api/tale/feed/10/${p}?${l.path}`)),
    },
    {
      name: 'commonest hashtags, any page',
      fresh: true,
      requests: s.lists
        .filter((l) => l.path.startsWith('txt'))
        .flatMap((l) => anyPages(l.pagesTotal).map((p) => `/api/tale/feed/10/${p}?${l.path}`)),
    },
    { name: 'search by word', requests: SEARCH_WORDS.map((w) => `/api/tale/feed/10/1?txt=${enc(w)}`) },
    { name: 'search by hashtag', requests: SEARCH_TAGS.map((t) => `/api/tale/feed/10/1?txt=${enc(`#${t}`)}`) },
    { name: 'fresh search, two words', fresh: true, requests: ours.map((q) => `/api/tale/feed/10/1?txt=${enc(q)}`) },
    {
      name: 'one-word search (any word, prefix or hashtag)',
      fresh: true,
      requests: oneWordSearches().map((q) => `/api/tale/feed/10/1?txt=${enc(q)}`),
    },
    {
      name: 'fresh search, no match',
      fresh: true,
      requests: noMatchSearches(60_000, searches === 'first' ? 0 : 30_000).map((q) => `/api/tale/feed/10/1?txt=${enc(q)}`),
    },
    { name: 'one tale', requests: s.taleIds.map((id) => `/api/tale/upsert/${id}`) },
    { name: 'comment list', requests: s.commented.map((t) => `/api/tale/feed/10/1/${t.id}`) },
    { name: 'likers', requests: s.liked.map((t) => `/api/like/selectlist/10/1/tale/${t.id}`) },
    // the heaviest lists of people: the most-liked tales of the sample, at their last page
    { name: 'likers, last page', requests: s.liked.slice(0, 10).map((t) => `/api/like/selectlist/10/last/tale/${t.id}`) },
  ].map((x) => ({ ...x, url: base }));
}

/** What thousands of signed-in readers read, each request from another reader. */
export function manyReaderScenarios(base: string, s: Awaited<ReturnType<typeof sample>>) {
  return [
    { name: 'feed page 1', requests: ['/api/tale/feed/10/1'] },
    { name: 'one tale', requests: s.taleIds.map((id) => `/api/tale/upsert/${id}`) },
    { name: 'likers', requests: s.liked.map((t) => `/api/like/selectlist/10/1/tale/${t.id}`) },
    { name: 'likers, last page', requests: s.liked.slice(0, 10).map((t) => `/api/like/selectlist/10/last/tale/${t.id}`) },
    { name: 'notification count', requests: ['/api/notification/count'] },
  ].map((x) => ({ ...x, url: base }));
}
