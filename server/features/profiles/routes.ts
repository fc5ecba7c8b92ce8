import type { FastifyInstance } from 'fastify';
import { api } from '../../../common/api';
import { MSG, ok } from '../../../common/messages';
import type { Deps } from '../../deps';
import { route } from '../../http/declare';
import { outcome } from '../../http/envelope';
import { findUser } from '../auth/service';
import { toCurrentUser } from '../auth/present';
import { getProfile, updateProfile } from './service';
import { countUnshown } from '../notifications/service';

export function profileRoutes(deps: Deps) {
  return async function plugin(app: FastifyInstance) {
    route(app, api.profiles.profile, async (request) => {
      const user = await getProfile(deps, request.currentUser, request.params.id);
      return outcome({ user });
    });

    route(app, api.profiles.updateProfile, async (request, _reply, caller) => {
      const user = await updateProfile(deps, caller, request.body);
      if (user.id === caller.id && request.session) {
        // The caller's own CurrentUser changes with the profile.
        const fresh = await findUser(deps.db, caller.id);
        if (fresh)
          request.currentUser = toCurrentUser(fresh.user, fresh.roles, request.session.token, await countUnshown(deps.db, caller.id));
      }
      return outcome({ user }, { messages: [ok(MSG.profileUpdated)] });
    });
  };
}
