/**
 * A tale as the API sends it, its limits and the helpers both sides share. No zod here: the feed
 * screen imports this, and the validation library stays out of its bundle.
 */
export const TALE_TYPES = ['POST', 'COMMENT'] as const;
export type TaleType = (typeof TALE_TYPES)[number];
export const MAP_TYPES = ['map', 'hybrid', 'satellite'] as const;
export type MapType = (typeof MAP_TYPES)[number];

export const HEADER_MAX = 500;
export const BODY_MAX = 200_000;
export const BODY_FREE_MAX = 200_000;
export const ALIAS_MAX = 100;
export const SEO_INDEX_DEFAULT = 0.1;
/** A tale whose seo_index is below this asks search engines to stay out (noindex, and no sitemap entry). */
export const SEO_NOINDEX_BELOW = 0.05;
export const GEO_ZOOM_DEFAULT = 11;
export const SHARE_EXCERPT = 100;
/** What a hashtag starts with after its # (spec section 5): a Latin or Cyrillic letter or an underscore, as a character class. */
export const HASHTAG_START = '[A-Za-zА-Яа-яЁё_]';
/** Hashtag (spec section 5): # then a Latin or Cyrillic letter or underscore, then word characters or hyphens. */
export const HASHTAG_RE = new RegExp(`#(${HASHTAG_START}[\\wА-Яа-яЁё-]*)`, 'g');

/** Flags any author may set on their own tale. */
export const AUTHOR_FLAGS = [
  'is_draft',
  'is_adult_denied',
  'is_comment_denied',
  'is_comment_for_owner',
  'is_header_hidden',
  'is_date_hidden',
  'is_avatar_hidden',
  'is_social_sharing_hidden',
  'is_for_registered',
] as const;
/** Flags only staff may set (behaviour.md, "Roles"). */
export const STAFF_FLAGS = ['is_sticked', 'is_sticked_on_home', 'is_adv'] as const;
export type TaleFlag = (typeof AUTHOR_FLAGS)[number] | (typeof STAFF_FLAGS)[number];

/** A tale (or comment) as the API sends it: every field of spec section 3. */
export interface Tale {
  id: number;
  header: string;
  body: string;
  body_free: string;
  body_txt: string;
  publish_at: number;
  created_at: number;
  updated_at: number;
  /** When its text last changed after it was published; null when never. */
  edited_at: number | null;
  is_submitted: number;
  type: TaleType;
  owner_id: number;
  owner_firstname: string;
  owner_lastname: string;
  owner_emblem: string;
  router_alias: string;
  router_alias_id: number;
  iframe: string;
  lang: string;
  level: number;
  root_tale_id: number | null;
  answer_to_tale_id: number | null;
  count_root_tale_id: number;
  count_answer_to_tale_id: number;
  count_files: number;
  count_like: number;
  current_user_liked: number;
  is_draft: number;
  is_sticked: number;
  is_sticked_on_home: number;
  is_adult_denied: number;
  is_adv: number;
  is_comment_denied: number;
  is_comment_for_owner: number;
  is_header_hidden: number;
  is_date_hidden: number;
  is_avatar_hidden: number;
  is_social_sharing_hidden: number;
  is_for_registered: number;
  seo_index: number;
  geo_is_map_shown: number;
  geo_latitude: number;
  geo_longitude: number;
  geo_zoom: number;
  geo_map_type: MapType;
}

/** A tale's last change a reader can see (seconds): a scheduled tale's publication comes after its save. */
export function lastChangeOf(t: { updated_at: number; publish_at: number }): number {
  return Math.max(t.updated_at, t.publish_at);
}

/** Hashtags of a text, lower-cased, without the #, each once. */
export function hashtagsOf(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(HASHTAG_RE)) out.add(m[1].toLowerCase().replace(/ё/g, 'е'));
  return [...out];
}

/** The first `n` characters of a text, cut at a word where possible, with an ellipsis. */
export function excerpt(text: string, n = SHARE_EXCERPT): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= n) return t;
  const cut = t.slice(0, n);
  const space = cut.lastIndexOf(' ');
  // a stop or comma just before the cut goes: "in it.…" reads as a typo
  return `${(space > n * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?…]+$/u, '')}…`;
}
