import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAdmin, isLoggedIn, isStaff } from '../../common/abilities';
import { type CurrentUser, GUEST } from '../../common/schemas/user';
import type { Config } from '../config';
import { forbidden, needLogin } from './errors';

export const SESSION_COOKIE = 'tales_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller as CurrentUser; GUEST when not logged in. */
    currentUser: CurrentUser;
  }
}

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
 * Every request has a caller: a guest until the auth feature's session hook
 * (features/auth/hook.ts) says who it is. Handlers read it through the helpers below.
 */
async function currentUserPlugin(app: FastifyInstance) {
  app.decorateRequest('currentUser', null as unknown as CurrentUser);
  app.addHook('onRequest', async (request) => {
    request.currentUser = GUEST;
  });
}

export const currentUser = fp(currentUserPlugin, { name: 'tales-current-user' });

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
