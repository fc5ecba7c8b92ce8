/** One query parameter, decoded; repeated keys stay separate rows in their order. */
export interface UrlParam {
  key: string;
  value: string;
}

/** The parts of a URL as the URL parser page edits them (all decoded for reading). */
export interface UrlParts {
  /** With the trailing colon, as WHATWG URL gives it: "https:". */
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  pathname: string;
  params: UrlParam[];
  /** Without the leading '#'. */
  fragment: string;
  /** Whether the URL has an authority ("//host"); mailto: and data: have none. */
  hasAuthority: boolean;
}

export type UrlProblem = 'empty' | 'noScheme' | 'badPort' | 'spaceInHost' | 'invalid';

export type ParseUrlResult = { ok: true; parts: UrlParts } | { ok: false; problem: UrlProblem };

const SCHEME_RE = /^[a-z][a-z0-9+.-]*:/i;
const SPECIAL = new Set(['http:', 'https:', 'ftp:', 'ws:', 'wss:', 'file:']);

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Why new URL() refused the text, guessed from its shape (URL itself gives no reason). */
function explain(input: string): UrlProblem {
  if (!SCHEME_RE.test(input)) return 'noScheme';
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(input)?.[1] ?? '';
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  if (/\s/.test(hostPort)) return 'spaceInHost';
  const port = /:([^:\]]*)$/.exec(hostPort)?.[1];
  if (port !== undefined && port !== '' && (!/^\d+$/.test(port) || Number(port) > 65535)) return 'badPort';
  return 'invalid';
}

/** Splits a URL into its parts with the browser's own (WHATWG) parser. */
export function parseUrl(input: string): ParseUrlResult {
  const text = input.trim();
  if (!text) return { ok: false, problem: 'empty' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: explain(text) };
  }
  const params: UrlParam[] = [];
  for (const [key, value] of url.searchParams) params.push({ key, value });
  return {
    ok: true,
    parts: {
      protocol: url.protocol,
      username: safeDecode(url.username),
      password: safeDecode(url.password),
      hostname: url.hostname,
      port: url.port,
      pathname: SPECIAL.has(url.protocol) ? safeDecode(url.pathname) : url.pathname,
      params,
      fragment: safeDecode(url.hash.replace(/^#/, '')),
      hasAuthority: url.href.startsWith(`${url.protocol}//`),
    },
  };
}

export type BuildUrlResult = { ok: true; url: string } | { ok: false; problem: UrlProblem };

/** Puts edited parts back together; the browser's parser checks and normalises the result. */
export function buildUrl(parts: UrlParts): BuildUrlResult {
  const protocol = parts.protocol.trim().replace(/:*$/, ':');
  if (protocol === ':') return { ok: false, problem: 'noScheme' };
  const withAuthority = parts.hasAuthority || SPECIAL.has(protocol.toLowerCase()) || parts.hostname.trim() !== '';
  let text = protocol;
  if (withAuthority) {
    text += '//';
    if (parts.username || parts.password) {
      text += encodeURIComponent(parts.username);
      if (parts.password) text += `:${encodeURIComponent(parts.password)}`;
      text += '@';
    }
    text += parts.hostname.trim();
    if (parts.port.trim()) text += `:${parts.port.trim()}`;
  }
  let path = parts.pathname;
  if (withAuthority && path && !path.startsWith('/')) path = `/${path}`;
  text += path.replace(/[?#]/g, encodeURIComponent);
  const query = new URLSearchParams();
  for (const p of parts.params) if (p.key !== '' || p.value !== '') query.append(p.key, p.value);
  const search = query.toString();
  if (search) text += `?${search}`;
  if (parts.fragment) text += `#${parts.fragment}`;
  try {
    return { ok: true, url: new URL(text).href };
  } catch {
    return { ok: false, problem: explain(text) };
  }
}
