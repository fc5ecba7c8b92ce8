import type { FastifyRequest } from 'fastify';

/** Who is on the other end, as far as sessions and rate limits need to know. */
export interface ClientMeta {
  ip: string;
  userAgent: string;
}

/** What we keep of the client for sessions and rate limits. */
export function clientMeta(request: FastifyRequest): ClientMeta {
  const ua = request.headers.fgp ?? request.headers['user-agent'] ?? '';
  return { ip: request.ip, userAgent: Array.isArray(ua) ? ua[0] : ua };
}
