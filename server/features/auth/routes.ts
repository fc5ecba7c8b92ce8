import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { api } from '../../../common/api';
import { MSG, info, ok } from '../../../common/messages';
import { GUEST } from '../../../common/schemas/user';
import type { Deps } from '../../deps';
import { clearSessionCookie, setSessionCookie } from '../../http/auth';
import { route } from '../../http/declare';
import { outcome } from '../../http/envelope';
import { clientMeta } from '../../http/route';
import { toCurrentUser } from './present';
import { endSession } from './sessions';
import * as auth from './service';
import { countUnshown } from '../notifications/service';

export function authRoutes(deps: Deps) {
  /** Makes the new session the caller of this very response. */
  async function becomeCaller(request: FastifyRequest, reply: FastifyReply, li: auth.LoggedIn) {
    request.session = li.session;
    request.currentUser = toCurrentUser(li.user, li.roles, li.session.token, await countUnshown(deps.db, li.user.id));
    setSessionCookie(reply, request, deps.config, li.session.token);
  }

  /** The session ends with this very response: its CurrentUser is the guest. */
  function becomeGuest(request: FastifyRequest, reply: FastifyReply) {
    request.session = null;
    request.currentUser = GUEST;
    clearSessionCookie(reply);
  }

  return async function plugin(app: FastifyInstance) {
    route(app, api.auth.login, async (request, reply) => {
      const li = await auth.login(deps, request.body, clientMeta(request));
      await becomeCaller(request, reply, li);
      return outcome(null, { messages: [ok(MSG.welcome, [li.user.firstname || li.user.mail])] });
    });

    route(app, api.auth.logout, async (request, reply) => {
      if (request.session) await endSession(deps, request.session);
      becomeGuest(request, reply);
      return outcome(null, { messages: [info(MSG.loggedOut)] });
    });

    route(app, api.auth.register, async (request, reply) => {
      const li = await auth.register(deps, request.body, clientMeta(request));
      await becomeCaller(request, reply, li);
      return outcome(null, { messages: [ok(MSG.welcome, [li.user.firstname || li.user.mail])] });
    });

    route(app, api.auth.changePassword, async (request, _reply, caller) => {
      await auth.changePassword(deps, caller, request.session!, request.body);
      return outcome(null, { messages: [ok(MSG.passwordChanged)] });
    });

    route(app, api.auth.resetRequest, async (request) => {
      await auth.requestReset(deps, request.body, clientMeta(request));
      return outcome(null, { messages: [ok(MSG.resetCodeSentIfKnown)] });
    });

    route(app, api.auth.resetWithCode, async (request, reply) => {
      const li = await auth.resetWithCode(deps, request.body, clientMeta(request));
      await becomeCaller(request, reply, li);
      return outcome(null, { messages: [ok(MSG.passwordChanged)] });
    });

    route(app, api.auth.deletionSummary, async (request, _reply, caller) =>
      outcome(await auth.deletionSummary(deps, caller, request.params.id)),
    );

    route(app, api.auth.deleteUser, async (request, reply, caller) => {
      await auth.deleteUser(deps, caller, request.params.id);
      if (request.params.id === caller.id) becomeGuest(request, reply);
      return outcome(null, { messages: [ok(MSG.deleted)] });
    });
  };
}
