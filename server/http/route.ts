import type { FastifyRequest } from 'fastify';
import type { ClientMeta } from '../features/auth/service';

/** What we keep of the client for sessions and rate limits. */
export function clientMeta(request: FastifyRequest): ClientMeta {
  const ua = request.headers.fgp ?? request.headers['user-agent'] ?? '';
  return { ip: request.ip, userAgent: Array.isArray(ua) ? ua[0] : ua };
}
