import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LikeBody, LikersParams } from '../../../common/schemas/conversation';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/auth';
import { outcome } from '../../http/envelope';
import { likers, toggleLike } from './service';

export function likeRoutes(deps: Deps) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/like/process', { schema: { body: LikeBody } }, async (request) => {
      const answer = await toggleLike(deps, requireUser(request), request.body);
      return outcome(answer);
    });

    r.get('/like/selectlist/:pageSize/:page/:ref_table/:ref_id', { schema: { params: LikersParams } }, async (request) => {
      const { pageSize, page, ref_table, ref_id } = request.params;
      const { items, pagination } = await likers(deps, request.currentUser, ref_table, ref_id, pageSize, page);
      return outcome(items, { meta: { lk: pagination } });
    });
  };
}
