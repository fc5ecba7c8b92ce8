import { FILE_URL_PREFIX } from '@common/constants';

// Pure rules of the rich-text editor: kept apart from Tiptap so they can be unit-tested and so the
// server's sanitiser allowlist can be checked against the same shapes.

/** Media embed (spec section 5): the URL's path must end in one of these extensions. */
export const VIDEO_EXTENSIONS = ['mp4', 'mpa', 'ogv', 'ogg', 'webm'] as const;
export const AUDIO_EXTENSIONS = ['mp3', 'wav', 'ape', 'flac'] as const;

/** Problems a URL check can give; each is also a catalogue key under `editor.` (`editor.${problem}`). */
export type UrlProblem = 'urlEmpty' | 'mediaUnsupported' | 'linkUnsupported' | 'imageUnsupported';

export type UrlCheck<T> = { ok: true; value: T } | { ok: false; problem: UrlProblem };

/** Indent (spec section 9): step 10%, from 0 to 80%. */
export const INDENT_STEP = 10;
export const INDENT_MAX = 80;

/** Sizes offered by the font-size select, as CSS values of the inline style font-size. */
export const FONT_SIZES = ['12px', '14px', '16px', '18px', '20px', '24px', '30px', '36px'] as const;

// Browsers drop tabs and newlines inside URLs ("java\nscript:" is "javascript:" to them), so they
// go before any check; inner spaces are percent-encoded rather than silently joined.
function squeeze(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const visible = raw.replace(/[\u0000-\u001f\u007f]+/g, '');
  return visible.trim().replace(/\s/g, '%20');
}

function schemeOf(url: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  return match ? match[1].toLowerCase() : null;
}

/** An absolute http(s) URL, or one of our stored files ("/files/..."), as the server's sanitiser keeps. */
export function isOwnOrHttpUrl(url: string): boolean {
  const scheme = schemeOf(url);
  if (scheme === null) return url.startsWith(FILE_URL_PREFIX) && !url.includes('\\');
  return (scheme === 'http' || scheme === 'https') && /^https?:\/\/[^/\\?#]+/i.test(url);
}

function pathOf(url: string): string {
  return url.split(/[?#]/, 1)[0];
}

/** Classifies a media URL by the extension of its path: video, audio, or a problem. */
export function classifyMediaUrl(raw: string): UrlCheck<{ kind: 'video' | 'audio'; src: string }> {
  const src = squeeze(raw);
  if (src === '') return { ok: false, problem: 'urlEmpty' };
  if (!isOwnOrHttpUrl(src)) return { ok: false, problem: 'mediaUnsupported' };
  const match = /\.([a-z0-9]+)$/i.exec(pathOf(src));
  const extension = match ? match[1].toLowerCase() : '';
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(extension)) return { ok: true, value: { kind: 'video', src } };
  if ((AUDIO_EXTENSIONS as readonly string[]).includes(extension)) return { ok: true, value: { kind: 'audio', src } };
  return { ok: false, problem: 'mediaUnsupported' };
}

/**
 * Checks a link target: http, https and mailto only. A bare host such as "example.com/page" gets
 * "https://" in front; any other scheme (javascript:, data:, vbscript:, file: ...) is refused.
 */
export function checkLinkUrl(raw: string): UrlCheck<string> {
  const url = squeeze(raw);
  if (url === '') return { ok: false, problem: 'urlEmpty' };
  const scheme = schemeOf(url);
  if (scheme === 'mailto')
    return /^mailto:[^@\s]+@[^@\s]+$/i.test(url.split('?', 1)[0]) ? { ok: true, value: url } : { ok: false, problem: 'linkUnsupported' };
  if (scheme === 'http' || scheme === 'https') {
    return /^https?:\/\/[^/\\?#]+/i.test(url) ? { ok: true, value: url } : { ok: false, problem: 'linkUnsupported' };
  }
  // "localhost:3000" parses as a scheme, but a host with a port is still a bare host.
  const hostWithPort = /^[a-z0-9-]+(\.[a-z0-9-]+)*:\d+([/?#]|$)/i.test(url);
  if (scheme !== null && !hostWithPort) return { ok: false, problem: 'linkUnsupported' };
  if (hostWithPort || /^[a-z0-9-]+(\.[a-z0-9-]+)+([/?#]|$)/i.test(url)) return { ok: true, value: `https://${url}` };
  if (/^[^@\s/]+@[^@\s/]+\.[^@\s/]+$/.test(url)) return { ok: true, value: `mailto:${url}` };
  return { ok: false, problem: 'linkUnsupported' };
}

/** The link extension's own guard (used for pasted HTML and autolinks too). */
export function isAllowedLinkHref(href: string): boolean {
  const scheme = schemeOf(squeeze(href));
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/** Checks an image URL typed by the user or returned by the upload. */
export function checkImageUrl(raw: string): UrlCheck<string> {
  const src = squeeze(raw);
  if (src === '') return { ok: false, problem: 'urlEmpty' };
  return isOwnOrHttpUrl(src) ? { ok: true, value: src } : { ok: false, problem: 'imageUnsupported' };
}

/** Clamps any number to the indent scale 0, 10, ... 80. */
export function normalizeIndent(percent: number): number {
  if (!Number.isFinite(percent) || percent <= 0) return 0;
  return Math.min(INDENT_MAX, Math.round(percent / INDENT_STEP) * INDENT_STEP);
}

export function nextIndent(percent: number, direction: 1 | -1): number {
  return normalizeIndent(normalizeIndent(percent) + direction * INDENT_STEP);
}

/** Reads an indent from a style value such as "10%" (other units are not ours: 0). */
export function parseIndent(cssValue: string | null | undefined): number {
  const match = /^\s*(\d+(?:\.\d+)?)%\s*$/.exec(cssValue ?? '');
  return match ? normalizeIndent(Number(match[1])) : 0;
}

/** Colours kept in inline styles: #rgb / #rrggbb hex or rgb()/rgba() as browsers write them. */
export function normalizeColor(value: string | null | undefined): string | null {
  const v = (value ?? '').trim().toLowerCase();
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/.test(v)) return v;
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(0|1|0?\.\d+)\s*)?\)$/.exec(v);
  if (!rgb) return null;
  const channels = [rgb[1], rgb[2], rgb[3]].map(Number);
  if (channels.some((c) => c > 255)) return null;
  if (rgb[4] !== undefined && Number(rgb[4]) === 0) return null;
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Font sizes kept in inline styles: 8 to 72 px. */
export function normalizeFontSize(value: string | null | undefined): string | null {
  const match = /^\s*(\d{1,2})(?:\.\d+)?px\s*$/i.exec(value ?? '');
  if (!match) return null;
  const px = Number(match[1]);
  return px >= 8 && px <= 72 ? `${px}px` : null;
}

export const TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];

export function normalizeTextAlign(value: string | null | undefined): TextAlignment | null {
  const v = (value ?? '').trim().toLowerCase();
  return (TEXT_ALIGNMENTS as readonly string[]).includes(v) && v !== 'left' ? (v as TextAlignment) : null;
}

/**
 * Reads one property from an element's raw style attribute. The browser's element.style would
 * rewrite "#ff0000" as "rgb(255, 0, 0)"; reading the text keeps what the editor wrote.
 */
export function readStyleProperty(style: string | null | undefined, property: string): string | null {
  for (const declaration of (style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    if (declaration.slice(0, colon).trim().toLowerCase() === property) return declaration.slice(colon + 1).trim();
  }
  return null;
}
