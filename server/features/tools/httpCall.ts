import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { HttpCallBody, HttpCallResult } from '../../../common/schemas/admin';

export class OutboundRefused extends Error {}

export interface OutboundPolicy {
  /** CIDRs that may be reached although not public. */
  allow: string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

type Ip = ipaddr.IPv4 | ipaddr.IPv6;

function parseCidr(c: string): [Ip, number] {
  if (c.includes('/')) return ipaddr.parseCIDR(c);
  const a = ipaddr.parse(c);
  return [a, a.kind() === 'ipv4' ? 32 : 128];
}

const cidr6 = (c: string) => ipaddr.IPv6.parseCIDR(c);

/** IPv6 forms that carry an IPv4 address, and which 16-bit part it starts at. */
const IPV4_INSIDE_IPV6: { range: [ipaddr.IPv6, number]; at: number }[] = [
  { range: cidr6('::ffff:0:0/96'), at: 6 }, // IPv4-mapped
  { range: cidr6('::ffff:0:0:0/96'), at: 6 }, // IPv4-translated, SIIT (RFC 6145)
  { range: cidr6('64:ff9b::/96'), at: 6 }, // NAT64 well-known prefix (RFC 6052)
  { range: cidr6('2002::/16'), at: 1 }, // 6to4 (RFC 3056)
];
/**
 * Forms refused unless configuration allows them by their IPv6 range: IPv4-compatible ::/96
 * (deprecated by RFC 4291, so ::127.0.0.1 or ::7f00:1 are never a way in; :: and ::1 lie here
 * too), Teredo (the client's IPv4 address is obfuscated, the server's is a relay), and NAT64
 * local-use prefixes (RFC 8215: the operator chooses where the IPv4 address sits).
 */
const REFUSED_IPV6: [ipaddr.IPv6, number][] = [cidr6('::/96'), cidr6('2001::/32'), cidr6('64:ff9b:1::/48')];
/** IPv6 global unicast (RFC 4291): everything outside it is not public, whatever range() says. */
const GLOBAL_UNICAST = cidr6('2000::/3');

/** The IPv4 address an IPv6 address carries in a form that is judged by it, or null. */
export function embeddedIpv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const form = IPV4_INSIDE_IPV6.find((f) => ip.match(f.range));
  if (!form) return null;
  const p = ip.parts;
  return new ipaddr.IPv4([p[form.at] >> 8, p[form.at] & 0xff, p[form.at + 1] >> 8, p[form.at + 1] & 0xff]);
}

/**
 * Whether an address is genuinely public: IPv4 that ipaddr.js ranks as plain unicast (not
 * loopback, private, link-local and metadata, carrier-grade NAT, reserved, documentation,
 * multicast, broadcast, unspecified...); IPv6 global unicast (2000::/3) that is in no special
 * range; and an IPv6 form that embeds an IPv4 address judged by that IPv4 address.
 */
export function isPublicAddress(ip: Ip): boolean {
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  const v6 = ip as ipaddr.IPv6;
  if (REFUSED_IPV6.some((r) => v6.match(r))) return false;
  const inner = embeddedIpv4(v6);
  if (inner) return isPublicAddress(inner);
  return v6.match(GLOBAL_UNICAST) && v6.range() === 'unicast';
}

function inAllowList(ip: Ip, allow: string[]): boolean {
  for (const c of allow) {
    try {
      const [range, bits] = parseCidr(c);
      if (range.kind() === ip.kind() && ip.match(range, bits)) return true;
    } catch {
      /* an unreadable entry allows nothing */
    }
  }
  return false;
}

/**
 * An address read as the URL parser (and so the connection) reads it. ipaddr.js alone reads
 * '::127.0.0.1' as the IPv4-mapped ::ffff:127.0.0.1, while it is the IPv4-compatible ::7f00:1
 * (the form the resolver prints such an address in), so the text is made canonical first.
 */
function parseAddress(address: string): Ip | null {
  if (!/^[\w.:%-]+$/.test(address)) return null;
  try {
    const host = new URL(`http://${address.includes(':') ? `[${address}]` : address}/`).hostname.replace(/^\[|\]$/g, '');
    return ipaddr.parse(host);
  } catch {
    return null;
  }
}

/**
 * Only public addresses, unless configuration allows a range. An IPv6 address that carries an
 * IPv4 address is allowed by a range holding either of them.
 */
export function addressAllowed(address: string, policy: Pick<OutboundPolicy, 'allow'>): boolean {
  const ip = parseAddress(address);
  if (!ip) return false;
  if (inAllowList(ip, policy.allow)) return true;
  const inner = ip.kind() === 'ipv6' ? embeddedIpv4(ip as ipaddr.IPv6) : null;
  if (inner && inAllowList(inner, policy.allow)) return true;
  return isPublicAddress(ip);
}

/** A lookup for net.connect that refuses disallowed addresses: what is checked is what is connected to. */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !addressAllowed(a.address, policy));
      if (bad || !list.length) {
        return callback(new OutboundRefused(`The address ${bad?.address ?? hostname} may not be reached`), '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

function buildUrl(base: string, query: { key: string; value: string }[]): URL {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new OutboundRefused('The URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('Only http and https URLs may be called');
  for (const q of query) if (q.key) url.searchParams.append(q.key, q.value);
  return url;
}

function checkLiteralHost(url: URL, policy: OutboundPolicy) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An IP literal is connected to without a lookup, so it is checked here.
  if (ipaddr.isValid(host) && !addressAllowed(host, policy)) throw new OutboundRefused(`The address ${host} may not be reached`);
}

interface OneResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  location: string | null;
  body: Buffer;
  truncated: boolean;
}

/** The call did not complete within the deadline that holds for all of it. */
export class OutboundTimeout extends Error {}

function requestOnce(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | null,
  policy: OutboundPolicy,
  deadline: number,
): Promise<OneResponse> {
  return new Promise((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const tooLong = () => new OutboundTimeout(`no complete answer within ${policy.timeoutMs} ms (the limit for the whole call)`);
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(tooLong());
    // One timer over lookup, connect, headers and body. (A socket timeout only measures
    // silence, so a server sending a byte a second would hold the call for as long as it liked.)
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
    };
    const req = mod.request(url, { method, headers, lookup: guardedLookup(policy), agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = () =>
        settle(() => {
          const raw = res.rawHeaders;
          const pairs: [string, string][] = [];
          for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i], raw[i + 1]]);
          resolve({
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? '',
            headers: pairs,
            location: typeof res.headers.location === 'string' ? res.headers.location : null,
            body: Buffer.concat(chunks),
            truncated,
          });
        });
      res.on('data', (c: Buffer) => {
        if (truncated) return;
        if (size + c.length > policy.maxBytes) {
          chunks.push(c.subarray(0, policy.maxBytes - size));
          size = policy.maxBytes;
          truncated = true;
          finish();
          res.destroy();
          return;
        }
        chunks.push(c);
        size += c.length;
      });
      res.on('end', finish);
      res.on('error', (e) => settle(() => reject(e)));
      res.on('close', () => settle(() => reject(new Error('The connection closed before the answer was complete'))));
    });
    const timer = setTimeout(() => {
      settle(() => reject(tooLong()));
      req.destroy();
    }, remaining);
    req.on('error', (e) => settle(() => reject(e)));
    if (body !== null) req.write(body);
    req.end();
  });
}

/**
 * Headers carried to another origin after a redirect: only those that cannot hold credentials.
 * Authorization, Proxy-Authorization, Cookie, API keys and any other header the admin added stay
 * with the origin the admin named (browsers and curl drop credentials the same way).
 */
const CROSS_ORIGIN_HEADERS = new Set([
  'accept',
  'accept-language',
  'cache-control',
  'content-language',
  'content-type',
  'pragma',
  'user-agent',
]);

const withoutCredentials = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => CROSS_ORIGIN_HEADERS.has(name)));

/**
 * The admin tool's server-side HTTP call: checked addresses, capped redirects and size, one
 * deadline over all of it, and credentials never sent to an origin a redirect chose.
 */
export async function callOut(input: HttpCallBody, policy: OutboundPolicy): Promise<HttpCallResult> {
  let url = buildUrl(input.url, input.query);
  let headers: Record<string, string> = {};
  for (const h of input.headers) if (h.key) headers[h.key.toLowerCase()] = h.value;
  const cookies = input.cookies.filter((c) => c.key).map((c) => `${c.key}=${c.value}`);
  if (cookies.length) headers.cookie = cookies.join('; ');
  headers['user-agent'] ??= 'Tales server-side HTTP tool';
  let body: string | null = null;
  if (input.bodyType !== 'none' && input.method !== 'GET' && input.method !== 'HEAD') {
    body = input.body;
    if (input.bodyType === 'json') headers['content-type'] ??= 'application/json';
  }
  const started = Date.now();
  const deadline = started + policy.timeoutMs;
  const redirects: string[] = [];
  let method: string = input.method;
  for (;;) {
    checkLiteralHost(url, policy);
    const res = await requestOnce(url, method, headers, body, policy, deadline);
    if (res.status >= 300 && res.status < 400 && res.location) {
      if (redirects.length >= policy.maxRedirects) throw new OutboundRefused(`More than ${policy.maxRedirects} redirects`);
      const next = buildUrl(new URL(res.location, url).toString(), []);
      // scheme, host or port changed: what was meant for one origin is not handed to another,
      // and once dropped stays dropped (a redirect back is still the other origin's choice)
      if (next.origin !== url.origin) headers = withoutCredentials(headers);
      url = next;
      redirects.push(url.toString());
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        body = null;
      }
      continue;
    }
    return {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
      body: res.body.toString('utf8'),
      truncated: res.truncated,
      timeMs: Date.now() - started,
      finalUrl: url.toString(),
      redirects,
    };
  }
}
