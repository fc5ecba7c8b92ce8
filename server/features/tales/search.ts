import { HASHTAG_START, hashtagsOf } from '../../../common/schemas/tale';

/** Lower case, and ё read as е, so either spelling finds both. */
export const normalise = (s: string) => s.toLowerCase().replace(/ё/g, 'е');

/** The text a tale is found by: header, body text and the author's names. */
export function searchDocument(header: string, bodyTxt: string, firstname: string, lastname: string): string {
  return normalise(`${header} ${bodyTxt} ${firstname} ${lastname}`).slice(0, 1_000_000);
}

export interface SearchTerms {
  /** Full-text query for to_tsquery('simple', …), or null when there are no words. */
  tsquery: string | null;
  /** Its words, in order (the last is searched as a prefix). */
  words: string[];
  tags: string[];
}

/** A hashtag with every letter that follows it (parseSearch). */
const HASHTAG_TOKEN = new RegExp(`#${HASHTAG_START}[\\p{L}\\p{N}_-]*`, 'gu');

/**
 * `txt` of the feed: `#tag` parts match hashtags exactly; other words must all occur, the last
 * one as a prefix (so a search box finds while typing). Words are reduced to letters and digits,
 * so nothing in them can change the query's syntax.
 */
export function parseSearch(txt: string | undefined): SearchTerms | null {
  if (!txt?.trim()) return null;
  const tags = hashtagsOf(txt);
  // A hashtag and whatever letters follow it are not words of the search (`#café` is the tag
  // `caf`, as hashtagsOf reads a tale's text). A # before a letter no hashtag starts with (`#été`)
  // makes no hashtag, so that word is searched as a word, not dropped with the whole search.
  const rest = txt.replace(HASHTAG_TOKEN, ' ');
  const words = normalise(rest).match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 8);
  if (!unique.length && !tags.length) return null;
  const tsquery = unique.length ? unique.map((w, i) => (i === unique.length - 1 ? `${w}:*` : w)).join(' & ') : null;
  return { tsquery, words: unique, tags };
}
