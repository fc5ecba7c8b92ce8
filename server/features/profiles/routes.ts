import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { api } from '../../../common/routes';
import { MSG, ok } from '../../../common/messages';
import { IdParams, ProfileBody } from '../../../common/schemas/user';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/auth';
import { outcome } from '../../http/envelope';
import { findUser } from '../auth/service';
import { toCurrentUser } from '../auth/present';
import { getProfile, updateProfile } from './service';

export function profileRoutes(deps: Deps, countNotifications: (userId: number) => Promise<number>) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/auth/profile/:id', { schema: { params: IdParams } }, async (request) => {
      const user = await getProfile(deps, request.currentUser, request.params.id);
      return outcome({ user });
    });

    r.post(api.profile, { schema: { body: ProfileBody } }, async (request) => {
      const caller = requireUser(request);
      const user = await updateProfile(deps, caller, request.body);
      if (user.id === caller.id && request.session) {
        // The caller's own CurrentUser changes with the profile.
        const fresh = await findUser(deps.db, caller.id);
        if (fresh) request.currentUser = toCurrentUser(fresh.user, fresh.roles, request.session.token, await countNotifications(caller.id));
      }
      return outcome({ user }, { messages: [ok(MSG.profileUpdated)] });
    });
  };
}
