import type { FastifyRequest } from 'fastify';

/** An entity tag without its weak prefix: If-None-Match compares weakly (RFC 9110, 13.1.2). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Whether a GET can be answered 304 Not Modified (RFC 9110, 13.2.2): If-None-Match decides when
 * it is sent (any listed tag, or *); otherwise If-Modified-Since, when the answer has a date and it
 * is not later. A request's Cache-Control speaks to caches, not to the origin, so it does not
 * change this (browsers' fetch adds no-cache to every conditional request).
 */
export function notModified(request: FastifyRequest, etag: string, lastModified: Date | null): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (typeof noneMatch === 'string' && noneMatch.trim()) {
    if (noneMatch.trim() === '*') return true;
    return noneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const since = request.headers['if-modified-since'];
  if (typeof since !== 'string' || !lastModified) return false;
  const date = Date.parse(since);
  // HTTP dates have whole seconds
  return Number.isFinite(date) && Math.floor(lastModified.getTime() / 1000) * 1000 <= date;
}
