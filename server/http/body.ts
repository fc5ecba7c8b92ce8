import type { FastifyInstance } from 'fastify';

/**
 * Liberal body parsing (wire-protocol.md): JSON under any content type (a browser sends
 * text/plain for a string body), url-encoded forms, and multipart fields. An empty body is `{}`.
 */
export function registerBodyParsers(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('remove', 'remove');
  const parseJsonOrEmpty = (req: Parameters<typeof json>[0], body: string, done: (err: Error | null, v?: unknown) => void) => {
    if (body.trim() === '') return done(null, {});
    json(req, body, done);
  };
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonOrEmpty);
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, parseJsonOrEmpty);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, formToObject(new URLSearchParams(String(body))));
  });
  // Anything else that is not multipart: try JSON.
  app.addContentTypeParser('*', { parseAs: 'string' }, parseJsonOrEmpty);
}

/** `a=1&b[]=2&b[]=3` → `{ a: '1', b: ['2', '3'] }`; a repeated plain key becomes a list too. */
export function formToObject(entries: Iterable<[string, string]>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [rawKey, value] of entries) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const prev = out[key];
    if (isList) out[key] = Array.isArray(prev) ? [...prev, value] : prev === undefined ? [value] : [prev, value];
    else if (prev === undefined) out[key] = value;
    else out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return { ...out };
}
