import type { FastifyInstance } from 'fastify';
import { api } from '../../../common/api';
import type { Deps } from '../../deps';
import { route } from '../../http/declare';
import { outcome } from '../../http/envelope';
import { likers, toggleLike } from './service';

export function likeRoutes(deps: Deps) {
  return async function plugin(app: FastifyInstance) {
    route(app, api.likes.like, async (request, _reply, caller) => outcome(await toggleLike(deps, caller, request.body)));

    route(app, api.likes.likers, async (request) => {
      const { pageSize, page, ref_table, ref_id } = request.params;
      const { items, pagination } = await likers(deps, request.currentUser, ref_table, ref_id, pageSize, page);
      return outcome(items, { meta: { lk: pagination } });
    });
  };
}
