import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, ok } from '../../../common/messages';
import { CreatedAtParams, ListParams } from '../../../common/schemas/conversation';
import { IdParams } from '../../../common/schemas/user';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/auth';
import { outcome } from '../../http/envelope';
import * as notes from './service';

export function notificationRoutes(deps: Deps) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/notification/SelectListLatest/:pageSize/:page', { schema: { params: ListParams } }, async (request) => {
      const me = requireUser(request);
      const { items, pagination } = await notes.listNotifications(deps.db, me.id, request.params.pageSize, request.params.page);
      return outcome(items, { meta: { notification: pagination } });
    });

    // A read that changes state: guarded like a write (http/edge.ts), so an image cannot call it.
    r.get(
      '/notification/MarkAsShownEarlierThan/:created_at',
      { schema: { params: CreatedAtParams }, config: { guardedRead: true } },
      async (request) => {
        const me = requireUser(request);
        const marked = await notes.markShownUpTo(deps, me.id, request.params.created_at);
        request.currentUser = { ...request.currentUser, count_notifications: await notes.countUnshown(deps.db, me.id) };
        return outcome({ marked });
      },
    );

    /** A cheap call for the navbar badge to poll. */
    r.get('/notification/count', async (request) => {
      const me = requireUser(request);
      return outcome({ count: me.count_notifications });
    });

    r.post('/notification/Delete/:id', { schema: { params: IdParams } }, async (request) => {
      const me = requireUser(request);
      await notes.deleteNotification(deps, me.id, request.params.id);
      request.currentUser = { ...request.currentUser, count_notifications: await notes.countUnshown(deps.db, me.id) };
      return outcome(null);
    });

    r.post('/notification/Delete', async (request) => {
      const me = requireUser(request);
      const deleted = await notes.deleteAllNotifications(deps, me.id);
      request.currentUser = { ...request.currentUser, count_notifications: 0 };
      return outcome({ deleted }, { messages: [ok(MSG.deleted)] });
    });
  };
}
