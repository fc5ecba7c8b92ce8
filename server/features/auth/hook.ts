import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isBanned } from '../../../common/abilities';
import type { Deps } from '../../deps';
import { transact } from '../../events';
import { SESSION_COOKIE } from '../../http/auth';
import { WRITE_METHODS } from '../../http/edge';
import { banned } from '../../http/errors';
import { unshownCountOf } from '../notifications/service';
import { toCurrentUser } from './present';
import { type SessionInfo, endUserSessions, resolveSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, when signed in. */
    session: SessionInfo | null;
  }
}

/** Header values that clients send for "nothing" (wire-protocol.md). */
function present(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  if (s === undefined || s === '' || s === 'null' || s === 'undefined') return undefined;
  return s;
}

/** A token's session, user and unread count, from this server's cache while nothing changed them. */
const resolveCached = (deps: Deps, token: string) =>
  deps.caches.sessions.resolve(token, () => resolveSession(deps.db, token, deps.config.SESSION_TTL_DAYS, unshownCountOf));

/** Whether a token still signs its user in (not logged out, expired, banned or deleted): what a live stream asks. */
export async function sessionAlive(deps: Deps, token: string): Promise<boolean> {
  const resolved = await resolveCached(deps, token);
  return resolved !== null && !isBanned({ ...resolved.user, rbac_user_role: [] });
}

/**
 * Who is calling: a token from the `token` header or the session cookie. A `uid` header that
 * disagrees with the session makes the caller a guest. A banned user is a guest for reads and
 * is refused every write. The unread-notification count every answer carries is read with the
 * session, in one query, and both are kept for a moment (caches.ts).
 */
async function sessionHook(app: FastifyInstance, { deps }: { deps: Deps }) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    request.session = null;
    const token = present(request.headers.token) ?? present(request.cookies[SESSION_COOKIE]);
    if (!token || token.length > 200) return;
    const resolved = await resolveCached(deps, token);
    if (!resolved) return;
    const uid = present(request.headers.uid);
    if (uid !== undefined && uid !== String(resolved.user.id)) return;
    if (isBanned({ ...resolved.user, rbac_user_role: [] })) {
      await transact(deps, (tx, emit) => endUserSessions(tx, emit, resolved.user.id));
      if (WRITE_METHODS.has(request.method)) throw banned();
      return;
    }
    request.session = resolved.session;
    request.currentUser = toCurrentUser(resolved.user, resolved.roles, token, resolved.count);
  });
}

/** The auth feature's hook: registered by app.ts before the routes, so every handler knows its caller. */
export const sessions = fp(sessionHook, { name: 'tales-sessions', dependencies: ['@fastify/cookie', 'tales-current-user'] });
