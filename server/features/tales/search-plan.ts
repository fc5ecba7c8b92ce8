import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { SearchTerms } from './search';
import { lowerBound } from './word-index';

/**
 * How a search is run, chosen per query from how many tales its words are likely in.
 *
 * A search must list its matches in feed order. Two ways exist, and each is fast where the other
 * is slow (measured at 1M tales, docs/decisions.md, "Search at a million tales"):
 * - **sparse**: take every match from the text index (GIN), then order those few. Cost grows with
 *   the number of matches: instant for a rare word or one nobody wrote, slow for "the".
 * - **dense**: walk the feed in order and keep the tales that match, until the page is full. Cost
 *   grows with how far apart matches are: instant for "the", a walk of the whole feed for a word
 *   nobody wrote (that was the 4.8 s no-match search).
 * PostgreSQL's planner chooses between them on its own estimate, and for a word it has no
 * statistics on (or a combination of words) it often walks the feed. Here the estimate comes from
 * the same statistics (pg_stats' most common elements of `search_vector` and `tags`, which ANALYZE
 * keeps), multiplied over the words, and the query is written so only the chosen way is possible.
 */
export type SearchPlan = { kind: 'sparse' } | { kind: 'dense' };

/** Expected matches at or below which the text index is used (where the two ways cost alike at 1M tales). */
export const SPARSE_EXPECTED = 3_000;
/** Matches a sparse search reads at most: past it the estimate was wrong and the search walks the feed. */
export const SPARSE_MAX = 10_000;
/**
 * The total a dense search reports: counting "the" exactly would read most of the table, and a
 * search expected to match 3,000 or more surely has this many. Fewer pages than that are reached
 * by a more precise search; a page that comes up short gives the exact total.
 */
export const DENSE_TOTAL = 1_000;

interface Frequencies {
  rows: number;
  /** Share of tales holding each of the most common lexemes (words) and hashtags. */
  words: Map<string, number>;
  /** The listed words in code-unit order, with the running sum of their shares (for prefixes). */
  sorted: { lexemes: string[]; sums: number[] };
  tags: Map<string, number>;
  at: number;
}

const STATS_TTL_MS = 10 * 60_000;
const cached = new WeakMap<Db, Promise<Frequencies>>();

/** pg_stats keeps the most common elements of array-like columns and, after them, their min, max and null share. */
async function readFrequencies(db: Db): Promise<Frequencies> {
  const rows = await queryRows<{ attname: string; elems: string[] | null; freqs: number[] | null }>(
    db,
    sql`select attname::text as attname, most_common_elems::text::text[] as elems, most_common_elem_freqs::real[] as freqs
        from pg_stats where schemaname = current_schema() and tablename = 'tales' and attname in ('search_vector', 'tags')`,
  );
  const [size] = await queryRows<{ n: number }>(
    db,
    sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'tales'::regclass`,
  );
  const read = (name: string) => {
    const r = rows.find((x) => x.attname === name);
    const map = new Map<string, number>();
    if (!r?.elems || !r.freqs) return map;
    for (const [i, e] of r.elems.entries()) map.set(e, Number(r.freqs[i] ?? 0));
    return map;
  };
  const words = read('search_vector');
  return { rows: Number(size?.n ?? 0), words, sorted: sortedShares(words), tags: read('tags'), at: Date.now() };
}

function frequencies(db: Db): Promise<Frequencies> {
  const hit = cached.get(db);
  if (hit) {
    void hit.then((f) => {
      if (Date.now() - f.at > STATS_TTL_MS && cached.get(db) === hit) cached.delete(db);
    });
    return hit;
  }
  const loading = readFrequencies(db).catch(() => ({
    rows: 0,
    words: new Map<string, number>(),
    sorted: sortedShares(new Map()),
    tags: new Map<string, number>(),
    at: 0,
  }));
  cached.set(db, loading);
  return loading;
}

/**
 * The share of tales a word is in; the last word of a search is a prefix and counts every word it
 * begins. A word the statistics do not list is rarer than every listed one, and most such words are
 * in no tale at all: it counts as none, so the search asks the text index (which answers a word
 * nobody wrote at once, and gives up past SPARSE_MAX for one that was merely unlisted).
 */
export function wordShare(f: Pick<Frequencies, 'words' | 'sorted'>, word: string, prefix: boolean): number {
  if (!prefix) return f.words.get(word) ?? 0;
  // The words a prefix begins are one run of the sorted list: two binary searches, not a walk of
  // the whole list on every search.
  const { lexemes, sums } = f.sorted;
  const from = lowerBound(lexemes, word);
  const to = lowerBound(lexemes, `${word}\uffff`);
  return Math.min(1, sums[to] - sums[from]);
}

/** The words sorted (code-unit order, as `<` compares), and sums[i] = the shares of the first i. */
export function sortedShares(words: Map<string, number>): { lexemes: string[]; sums: number[] } {
  const lexemes = [...words.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const sums = [0];
  for (const lexeme of lexemes) sums.push(sums[sums.length - 1] + (words.get(lexeme) ?? 0));
  return { lexemes, sums };
}

/** Expected matches of a search: its terms' shares multiplied (as PostgreSQL's own estimate does). */
export async function expectedMatches(db: Db, terms: SearchTerms): Promise<number> {
  const f = await frequencies(db);
  // without statistics (a new site, or PGlite before its first ANALYZE) every search starts sparse
  if (!f.rows || (!f.words.size && !f.tags.size)) return 0;
  let share = 1;
  const words = terms.words;
  words.forEach((w, i) => {
    share *= wordShare(f, w, i === words.length - 1);
  });
  for (const tag of terms.tags) share *= f.tags.get(tag) ?? 0;
  return share * f.rows;
}

export async function planSearch(db: Db, terms: SearchTerms): Promise<SearchPlan> {
  return (await expectedMatches(db, terms)) <= SPARSE_EXPECTED ? { kind: 'sparse' } : { kind: 'dense' };
}

/**
 * Whether a search takes its matches from the text index first (the sparse way): always with
 * SEARCH_STRATEGY=index, never with feed, and by the estimate (planSearch) with auto. The feed's
 * search and the map's both ask this.
 */
export async function fromTextIndex(db: Db, strategy: 'auto' | 'index' | 'feed', terms: SearchTerms): Promise<boolean> {
  return strategy === 'index' || (strategy === 'auto' && (await planSearch(db, terms)).kind === 'sparse');
}
