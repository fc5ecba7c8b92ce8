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

function parseCidr(c: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  return c.includes('/')
    ? ipaddr.parseCIDR(c)
    : (() => {
        const a = ipaddr.parse(c);
        return [a, a.kind() === 'ipv4' ? 32 : 128] as [ipaddr.IPv4 | ipaddr.IPv6, number];
      })();
}

/**
 * Only public unicast addresses, unless configuration allows a range: loopback, private,
 * link-local (cloud metadata at 169.254.169.254), unique-local, multicast, reserved and
 * IPv4-mapped forms of them are refused.
 */
export function addressAllowed(address: string, policy: Pick<OutboundPolicy, 'allow'>): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address);
  } catch {
    return false;
  }
  for (const c of policy.allow) {
    try {
      const [range, bits] = parseCidr(c);
      if (range.kind() === ip.kind() && ip.match(range, bits)) return true;
    } catch {
      /* an unreadable entry allows nothing */
    }
  }
  return ip.range() === 'unicast';
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
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new OutboundRefused('The call took too long'));
    const req = mod.request(url, { method, headers, lookup: guardedLookup(policy), timeout: remaining, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      res.on('data', (c: Buffer) => {
        if (truncated) return;
        if (size + c.length > policy.maxBytes) {
          chunks.push(c.subarray(0, policy.maxBytes - size));
          size = policy.maxBytes;
          truncated = true;
          res.destroy();
          finish();
          return;
        }
        chunks.push(c);
        size += c.length;
      });
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
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
      };
      res.on('end', finish);
      res.on('error', (e) => (truncated ? finish() : reject(e)));
    });
    req.on('timeout', () => req.destroy(new OutboundRefused('The call took too long')));
    req.on('error', reject);
    if (body !== null) req.write(body);
    req.end();
  });
}

/** The admin tool's server-side HTTP call: checked addresses, capped redirects, time and size. */
export async function callOut(input: HttpCallBody, policy: OutboundPolicy): Promise<HttpCallResult> {
  let url = buildUrl(input.url, input.query);
  const headers: Record<string, string> = {};
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
      url = buildUrl(new URL(res.location, url).toString(), []);
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
