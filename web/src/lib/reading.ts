/** Words a reader gets through in a minute, for the reading time shown beside a tale. */
export const WORDS_PER_MINUTE = 200;
/** A feed card shows a tale whole when its text is at most this long and it has no image; longer ones as a teaser. */
export const FEED_WHOLE_TEXT = 600;
/** How much of a teased tale's text a feed card quotes. */
export const FEED_EXCERPT = 280;

/** Whole minutes to read a text, at least one. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

export interface Cover {
  src: string;
  alt: string;
}

/** The first image of a (server-sanitised) tale body, which a feed card shows as its cover. */
export function coverOf(html: string): Cover | null {
  if (!html.includes('<img')) return null;
  const img = new DOMParser().parseFromString(html, 'text/html').querySelector('img[src]');
  const src = img?.getAttribute('src') ?? '';
  return src ? { src, alt: img?.getAttribute('alt') ?? '' } : null;
}

/** Whether a feed card shows a tale as a teaser (cover, excerpt, Read more) rather than whole. */
export const isTeased = (bodyText: string, cover: Cover | null) => cover !== null || bodyText.trim().length > FEED_WHOLE_TEXT;
