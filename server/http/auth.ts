import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAdmin, isBanned, isLoggedIn, isStaff } from '../../common/abilities';
import { type CurrentUser, GUEST } from '../../common/schemas/user';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { toCurrentUser } from '../features/auth/present';
import { SessionCache } from '../features/auth/session-cache';
import { type SessionInfo, endUserSessions, resolveSession } from '../features/auth/sessions';
import { unshownCountOf } from '../features/notifications/service';
import { banned, forbidden, needLogin } from './errors';

export const SESSION_COOKIE = 'tales_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller as CurrentUser; GUEST when not logged in. */
    currentUser: CurrentUser;
    session: SessionInfo | null;
  }
}

/** Header values that clients send for "nothing" (wire-protocol.md). */
function present(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  if (s === undefined || s === '' || s === 'null' || s === 'undefined') return undefined;
  return s;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, config: Config, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.COOKIE_SECURE === 'auto' ? request.protocol === 'https' : config.COOKIE_SECURE === '1',
    maxAge: config.SESSION_TTL_DAYS * 86400,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * Who is calling: a token from the `token` header or the session cookie. A `uid` header that
 * disagrees with the session makes the caller a guest. A banned user is a guest for reads and
 * is refused every write. The unread-notification count every answer carries is read with the
 * session, in one query, and both are kept for a moment (session-cache.ts).
 */
async function authPlugin(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const cache = new SessionCache(opts.config.SESSION_CACHE_MS);
  app.decorateRequest('currentUser', null as unknown as CurrentUser);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    request.currentUser = GUEST;
    request.session = null;
    const token = present(request.headers.token) ?? present(request.cookies[SESSION_COOKIE]);
    if (!token || token.length > 200) return;
    const resolved = await cache.resolve(token, () => resolveSession(opts.db, token, opts.config.SESSION_TTL_DAYS, unshownCountOf));
    if (!resolved) return;
    const uid = present(request.headers.uid);
    if (uid !== undefined && uid !== String(resolved.user.id)) return;
    if (isBanned({ ...resolved.user, rbac_user_role: [] })) {
      await endUserSessions(opts.db, resolved.user.id);
      if (WRITE_METHODS.has(request.method)) throw banned();
      return;
    }
    request.session = resolved.session;
    request.currentUser = toCurrentUser(resolved.user, resolved.roles, token, resolved.count);
  });
}

export const auth = fp(authPlugin, { name: 'tales-auth', dependencies: ['@fastify/cookie'] });

/** The caller, who must be logged in (401 otherwise). */
export function requireUser(request: FastifyRequest): CurrentUser & { id: number } {
  const u = request.currentUser;
  if (!isLoggedIn(u)) throw needLogin();
  return u;
}

/** The caller, who must be an admin (401 for a visitor, 403 for anyone else). */
export function requireAdmin(request: FastifyRequest): CurrentUser & { id: number } {
  const u = requireUser(request);
  if (!isAdmin(u)) throw forbidden();
  return u;
}

/** The caller, who must be staff: admin or moderator. */
export function requireStaff(request: FastifyRequest): CurrentUser & { id: number } {
  const u = requireUser(request);
  if (!isStaff(u)) throw forbidden();
  return u;
}
