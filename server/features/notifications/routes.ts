import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api } from '../../../common/api';
import { MSG, ok } from '../../../common/messages';
import type { Deps } from '../../deps';
import { route } from '../../http/declare';
import { outcome } from '../../http/envelope';
import * as notes from './service';
import type { NotificationStreams } from './stream';

export function notificationRoutes(deps: Deps, streams: NotificationStreams) {
  /** The caller's unread count in this very answer's CurrentUser. */
  const recount = async (request: FastifyRequest, userId: number) => {
    request.currentUser = { ...request.currentUser, count_notifications: await notes.countUnshown(deps.db, userId) };
  };

  return async function plugin(app: FastifyInstance) {
    await app.register(streams.routes);
    route(app, api.notifications.notifications, async (request, _reply, me) => {
      const { items, pagination } = await notes.listNotifications(
        deps,
        me,
        request.params.pageSize,
        request.params.page,
        request.query.grouped === 1,
      );
      return outcome(items, { meta: { notification: pagination } });
    });

    // A read that changes state: declared guarded, so it needs x-requested-with like a write (http/edge.ts).
    route(app, api.notifications.markShown, async (request, _reply, me) => {
      const marked = await notes.markShownUpTo(deps, me.id, request.params.created_at);
      await recount(request, me.id);
      return outcome({ marked });
    });

    /** A cheap call for the navbar badge to poll. */
    route(app, api.notifications.notificationCount, async (_request, _reply, me) => outcome({ count: me.count_notifications }));

    route(app, api.notifications.deleteNotification, async (request, _reply, me) => {
      await notes.deleteNotification(deps, me.id, request.params.id, request.query.grouped === 1);
      await recount(request, me.id);
      return outcome(null);
    });

    route(app, api.notifications.deleteAllNotifications, async (request, _reply, me) => {
      const deleted = await notes.deleteAllNotifications(deps, me.id);
      request.currentUser = { ...request.currentUser, count_notifications: 0 };
      return outcome({ deleted }, { messages: [ok(MSG.deleted)] });
    });
  };
}
