import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { strictTransportSecurity } from 'helmet';
import type { Config } from '../config';

/**
 * Who may show the app in a frame. Embedding is a feature (the app sizes its parent's iframe,
 * app/shell/iframe.ts), so any http(s) page may; said explicitly rather than left to a default.
 */
export const FRAME_ANCESTORS = ['*'];

/** One year; sent only on answers to requests that came over https (request.protocol, trustProxy). */
const HSTS_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The CSP source of a map tile URL template: `https://{s}.tile.example.org/{z}/{x}/{y}.png` gives
 * `https://*.tile.example.org`. A relative template is the site itself ('self'), so it gives none;
 * so does one whose host cannot be said as a CSP source.
 */
export function tileSource(template: string): string | undefined {
  const m = /^(https?):\/\/(?:[^/?#@]*@)?([^/?#]+)/i.exec(template.trim());
  if (!m) return undefined;
  const scheme = m[1].toLowerCase();
  const authority = m[2].toLowerCase();
  const hostEnd = authority.lastIndexOf(':');
  let host = hostEnd > 0 ? authority.slice(0, hostEnd) : authority;
  let port = hostEnd > 0 ? authority.slice(hostEnd) : '';
  if (port.includes('{')) port = ':*';
  // A placeholder in a label (a subdomain chosen per tile) becomes a wildcard for it and the labels before it.
  const labels = host.split('.');
  const last = labels.findLastIndex((label) => label.includes('{'));
  if (last >= 0) host = ['*', ...labels.slice(last + 1)].join('.');
  const source = `${scheme}://${host}${port}`;
  return /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/.test(source) ? source : undefined;
}

/**
 * The web app's policy (docs/security.md). Scripts only from the site's own files: nothing inline,
 * no eval. Tale bodies may show images, audio and video from any http(s) address and the tale's
 * frame any http(s) page, so those stay open to http(s); the map's tile hosts are named too.
 * Connections too: the admins' request tester (RestCallPage) calls any address from the browser,
 * and with images open to any host a closed connect-src would not stop a leak anyway. Styles
 * allow inline: tale bodies carry style attributes (colour, size, alignment).
 */
export function appPolicyDirectives(config: Pick<Config, 'MAP_TILE_URL' | 'MAP_SATELLITE_URL' | 'MAP_LABELS_URL'>) {
  const tiles = [
    ...new Set([config.MAP_TILE_URL, config.MAP_SATELLITE_URL, config.MAP_LABELS_URL].map(tileSource).filter((s): s is string => !!s)),
  ];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", ...tiles, 'data:', 'https:', 'http:'],
    'media-src': ["'self'", 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'https:', 'http:'],
    'frame-src': ["'self'", 'https:', 'http:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': FRAME_ANCESTORS,
  };
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** What puts a middleware's headers on an answer. */
type Headers = (res: ServerResponse) => void;

/**
 * A middleware whose headers depend on nothing in the request (helmet's, with a policy of fixed
 * strings), run once against a recording answer: what it set and removed is replayed, in order, on
 * each answer. Helmet decides the headers; a request no longer runs its chain of middlewares
 * (about 3% of a small answer's time on the server).
 */
function replayed(middleware: Middleware): Headers {
  const steps: ((res: ServerResponse) => void)[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void steps.push((res) => res.setHeader(name, value)),
    removeHeader: (name: string) => void steps.push((res) => res.removeHeader(name)),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return (res) => {
    for (const step of steps) step(res);
  };
}

/**
 * Security headers on every answer (pages, assets, API envelopes, 404s, errors, files, /healthz),
 * by helmet: the web app's Content-Security-Policy, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: strict-origin-when-cross-origin`, and Strict-Transport-Security when the
 * request came over https. No X-Frame-Options: the CSP's frame-ancestors says who may frame the
 * app. No Cross-Origin-Resource-Policy: other sites (the CORS origins, shared links) may show the
 * site's files.
 *
 * The headers go on the Node response as the request arrives, before Fastify routes it, so even
 * an answer that runs no hook at all (a router error) has them; an onSend hook adds them to an
 * answer that came another way (inject), and HSTS, which needs Fastify's reading of the request
 * (trustProxy). A header the answer sets itself wins: Node lets the headers Fastify writes with
 * the status replace those set before, so /files/ and the free-code page keep their own policies.
 */
async function securityHeaders(app: FastifyInstance, opts: { config: Config }) {
  const headers = replayed(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: appPolicyDirectives(opts.config) },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
      xFrameOptions: false,
      crossOriginResourcePolicy: false,
    }),
  );
  const hsts = replayed(strictTransportSecurity({ maxAge: HSTS_MAX_AGE, includeSubDomains: true }));

  app.server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => headers(res));
  app.addHook('onSend', async (request, reply) => {
    if (!reply.raw.hasHeader('x-content-type-options')) headers(reply.raw);
    if (request.protocol === 'https') hsts(reply.raw);
  });
}

export default fp(securityHeaders, { name: 'tales-security-headers', fastify: '5.x' });
