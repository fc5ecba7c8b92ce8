import sanitizeHtml from 'sanitize-html';
import { isServedFilePath } from '../../common/constants';

/**
 * The allowlist of what the rich-text editor produces (behaviour.md, "Tales"): anything else is
 * dropped. Links get rel="noopener nofollow ugc"; media must come over http(s) or from our files.
 */
const styleValue = {
  color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i],
  size: [/^\d{1,3}(\.\d{1,2})?(px|pt|em|rem|%)$/],
  align: [/^(left|right|center|justify)$/],
  indent: [/^\d{1,2}0%$/, /^0$/],
};

const blockStyles = { 'text-align': styleValue.align, 'margin-left': styleValue.indent, 'padding-left': styleValue.indent };

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'span',
    'mark',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'label',
    'input',
    'div',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
    'a',
    'img',
    'audio',
    'video',
    'source',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    audio: ['src', 'controls', 'preload'],
    video: ['src', 'controls', 'preload', 'width', 'height', 'poster'],
    source: ['src', 'type'],
    ul: ['data-type'],
    ol: ['start'],
    li: ['data-type', 'data-checked'],
    input: ['type', 'checked', 'disabled'],
    th: ['colspan', 'rowspan', 'colwidth', 'style'],
    td: ['colspan', 'rowspan', 'colwidth', 'style'],
    col: ['style', 'span'],
    code: ['class'],
    pre: ['class'],
    '*': ['style'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]{1,30}$/], pre: [/^language-[a-z0-9+#-]{1,30}$/] },
  allowedStyles: {
    '*': {
      color: styleValue.color,
      'background-color': styleValue.color,
      'font-size': styleValue.size,
      ...blockStyles,
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], audio: ['http', 'https'], video: ['http', 'https'], source: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  exclusiveFilter: (frame) => {
    // Media and images with a relative src are allowed only from our own files.
    // The browser fetches these by itself, so a relative one must be exactly a served file.
    if (['img', 'audio', 'video', 'source'].includes(frame.tag)) {
      const fetched = [frame.attribs.src ?? '', ...(frame.attribs.poster === undefined ? [] : [frame.attribs.poster])];
      return !fetched.every((url) => /^https?:\/\//i.test(url) || isServedFilePath(url));
    }
    // Only to-do checkboxes.
    if (frame.tag === 'input') return frame.attribs.type !== 'checkbox';
    return false;
  },
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs, rel: 'noopener nofollow ugc' };
      if (attribs.target && attribs.target !== '_blank') delete out.target;
      return { tagName, attribs: out };
    },
    input: (tagName, attribs) => {
      const out: Record<string, string> = { type: 'checkbox', disabled: 'disabled' };
      if ('checked' in attribs) out.checked = 'checked';
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}

/**
 * A tale's HTML for a feed reader or a crawler, away from the site: the same allowlist, with every
 * address made absolute against the site's own (a reader resolves "/files/…" against the feed's
 * address at best, and a mail client not at all).
 */
export function feedHtml(html: string, base: string): string {
  const absolute = (url: string) => {
    try {
      return new URL(url, `${base}/`).href;
    } catch {
      return url;
    }
  };
  const withAbsolute =
    (names: string[]) =>
    (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => {
      const out = { ...attribs };
      for (const name of names) if (out[name]) out[name] = absolute(out[name]);
      return { tagName, attribs: out };
    };
  const link = options.transformTags?.a as sanitizeHtml.Transformer;
  return sanitizeHtml(html, {
    ...options,
    transformTags: {
      ...options.transformTags,
      a: (tagName, attribs) => {
        const t = typeof link === 'function' ? link(tagName, attribs) : { tagName, attribs };
        return withAbsolute(['href'])(t.tagName, t.attribs);
      },
      img: withAbsolute(['src']),
      audio: withAbsolute(['src']),
      video: withAbsolute(['src', 'poster']),
      source: withAbsolute(['src']),
    },
  });
}

/** The plain text of sanitised HTML, entities decoded, blocks separated by spaces. */
export function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|div|h[1-6]|li|tr|blockquote|pre)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['style', 'script', 'textarea', 'noscript'],
  });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : m;
    }
    return NAMED[e.toLowerCase()] ?? m;
  });
}
