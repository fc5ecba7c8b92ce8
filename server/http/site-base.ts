import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Hosts a request may name for itself without PUBLIC_URL (a developer's machine). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The site's own address for absolute addresses in pages (canonical, og:url, og:image): PUBLIC_URL
 * when it is set. Without it the request's Host header would decide, and anyone can send any Host
 * (a cache or a link bot in front of the site would then keep and spread the sender's domain), so
 * a request's origin is used only when its host is one the configuration lists: a CORS_ORIGINS
 * entry (that entry itself is used), or localhost and the loopback addresses (development). Any
 * other host gets http://localhost:PORT, and the server warns at start that PUBLIC_URL should be
 * set (docs/decisions.md).
 */
export function siteBase(config: Pick<Config, 'PUBLIC_URL' | 'CORS_ORIGINS' | 'PORT'>, requestOrigin: string): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const fallback = `http://localhost:${config.PORT}`;
  let asked: URL;
  try {
    asked = new URL(requestOrigin);
  } catch {
    return fallback;
  }
  if (asked.protocol !== 'http:' && asked.protocol !== 'https:') return fallback;
  if (LOOPBACK_HOSTS.has(asked.hostname)) return `${asked.protocol}//${asked.host}`;
  for (const listed of config.CORS_ORIGINS) {
    try {
      const origin = new URL(listed);
      if (origin.host === asked.host) return origin.origin;
    } catch {
      // not an origin: never matches
    }
  }
  return fallback;
}

/** The site's address for absolute addresses in what answers this request (siteBase). */
export function siteBaseOf(config: Pick<Config, 'PUBLIC_URL' | 'CORS_ORIGINS' | 'PORT'>, request: FastifyRequest): string {
  return siteBase(config, `${request.protocol}://${request.host}`);
}
