import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { api } from '../../../common/routes';
import { MSG, info, ok } from '../../../common/messages';
import {
  ChangePasswordBody,
  GUEST,
  IdParams,
  LoginBody,
  RegisterBody,
  ResetRequestBody,
  ResetWithCodeBody,
} from '../../../common/schemas/user';
import type { Deps } from '../../deps';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../http/auth';
import { outcome } from '../../http/envelope';
import { clientMeta } from '../../http/route';
import { toCurrentUser } from './present';
import { endSession } from './sessions';
import * as auth from './service';

export function authRoutes(deps: Deps, countNotifications: (userId: number) => Promise<number>) {
  /** Makes the new session the caller of this very response. */
  async function becomeCaller(request: FastifyRequest, reply: FastifyReply, li: auth.LoggedIn) {
    request.session = li.session;
    request.currentUser = toCurrentUser(li.user, li.roles, li.session.token, await countNotifications(li.user.id));
    setSessionCookie(reply, request, deps.config, li.session.token);
  }

  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(api.login, { schema: { body: LoginBody } }, async (request, reply) => {
      const li = await auth.login(deps, request.body, clientMeta(request));
      await becomeCaller(request, reply, li);
      return outcome(null, { messages: [ok(MSG.welcome, [li.user.firstname || li.user.mail])] });
    });

    r.post(api.logout, async (request, reply) => {
      if (request.session) await endSession(deps, request.session);
      request.session = null;
      request.currentUser = GUEST;
      clearSessionCookie(reply);
      return outcome(null, { messages: [info(MSG.loggedOut)] });
    });

    r.post(api.register, { schema: { body: RegisterBody } }, async (request, reply) => {
      const li = await auth.register(deps, request.body, clientMeta(request));
      await becomeCaller(request, reply, li);
      return outcome(null, { messages: [ok(MSG.welcome, [li.user.mail])] });
    });

    r.post(api.changePassword, { schema: { body: ChangePasswordBody } }, async (request) => {
      const caller = requireUser(request);
      await auth.changePassword(deps, caller, request.session!, request.body);
      return outcome(null, { messages: [ok(MSG.passwordChanged)] });
    });

    r.post(api.resetRequest, { schema: { body: ResetRequestBody } }, async (request) => {
      await auth.requestReset(deps, request.body, clientMeta(request));
      return outcome(null, { messages: [ok(MSG.resetCodeSentIfKnown)] });
    });

    r.post(api.resetWithCode, { schema: { body: ResetWithCodeBody } }, async (request, reply) => {
      const li = await auth.resetWithCode(deps, request.body, clientMeta(request));
      await becomeCaller(request, reply, li);
      return outcome(null, { messages: [ok(MSG.passwordChanged)] });
    });

    r.post('/auth/UserDelete/:id', { schema: { params: IdParams } }, async (request, reply) => {
      const caller = requireUser(request);
      await auth.deleteUser(deps, caller, request.params.id);
      if (request.params.id === caller.id) {
        request.session = null;
        request.currentUser = GUEST;
        clearSessionCookie(reply);
      }
      return outcome(null, { messages: [ok(MSG.deleted)] });
    });
  };
}
