import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type CurrentUser, GUEST } from '../../common/schemas/user';
import type { Config } from '../config';

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
 * (features/auth/hook.ts) says who it is. Who may call an endpoint at all is declared with it
 * (common/api) and checked by the route that registers it (http/declare.ts).
 */
async function currentUserPlugin(app: FastifyInstance) {
  app.decorateRequest('currentUser', null as unknown as CurrentUser);
  app.addHook('onRequest', async (request) => {
    request.currentUser = GUEST;
  });
}

export const currentUser = fp(currentUserPlugin, { name: 'tales-current-user' });
