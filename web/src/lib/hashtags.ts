import { HASHTAG_RE } from '@common/models/tale';

export type TextPart = { text: string } | { tag: string; text: string };

/**
 * Splits plain text into runs of text and hashtags (spec section 5). A # glued to a word or a
 * digit ("page#top", "C#") is not a hashtag.
 */
export function splitHashtags(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(new RegExp(HASHTAG_RE.source, 'g'))) {
    const at = m.index ?? 0;
    const before = at > 0 ? text[at - 1] : '';
    if (before && /[\p{L}\p{N}_&/#]/u.test(before)) continue;
    if (at > last) parts.push({ text: text.slice(last, at) });
    parts.push({ tag: m[1], text: m[0] });
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Elements whose text is never turned into hashtag links. */
const SKIP = new Set(['A', 'CODE', 'PRE', 'SCRIPT', 'STYLE', 'TEXTAREA', 'BUTTON']);

/**
 * Turns the hashtags in a (server-sanitised) HTML fragment into links to the feed search. Works on
 * the parsed tree, touching text nodes only, so markup and attributes are never rewritten.
 */
export function linkifyHashtags(html: string, hrefOf: (tag: string) => string): string {
  if (!html.includes('#') || typeof document === 'undefined') return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const root = template.content;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      for (let el = node.parentElement; el; el = el.parentElement) if (SKIP.has(el.tagName)) return NodeFilter.FILTER_REJECT;
      return node.nodeValue?.includes('#') ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
    },
  });
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  let changed = false;
  for (const node of nodes) {
    const parts = splitHashtags(node.nodeValue ?? '');
    if (!parts.some((p) => 'tag' in p)) continue;
    const fragment = document.createDocumentFragment();
    for (const part of parts) {
      if ('tag' in part) {
        const a = document.createElement('a');
        a.href = hrefOf(part.tag);
        a.className = 'tales-hashtag';
        a.dataset.hashtag = part.tag;
        a.textContent = part.text;
        fragment.append(a);
      } else fragment.append(part.text);
    }
    node.replaceWith(fragment);
    changed = true;
  }
  if (!changed) return html;
  const box = document.createElement('div');
  box.append(root);
  return box.innerHTML;
}
