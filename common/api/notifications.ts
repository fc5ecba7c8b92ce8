import { z } from 'zod';
import { CreatedAtParams, ListParams, NotificationSchema, NotificationsQuery } from '../schemas/conversation';
import { IdParams } from '../schemas/user';
import { notificationCalls } from './calls/notifications';
import { endpoints } from './endpoint';
import { answer, nothing, raw } from './envelope';

const count = () => z.number().int();

export const notifications = endpoints(notificationCalls, {
  notifications: {
    summary: "The caller's notifications, newest first",
    description:
      'Each says who (from_*), what (kind), on which item (tale_id, tale_type, an excerpt of its text) under which post ' +
      '(root_id, root_header). With `grouped=1`, the likes of one item come as one row (the newest like), `others` ' +
      'counting the other people who liked it; the pages and the total count such rows once.',
    params: ListParams,
    query: NotificationsQuery,
    response: answer(z.array(NotificationSchema), { list: 'notification' }),
  },
  markShown: {
    summary: 'Mark as shown every notification created at or before a time',
    description: 'A read that changes something, so it needs x-requested-with like a write. CurrentUser.count_notifications reflects it.',
    params: CreatedAtParams,
    response: answer(z.strictObject({ marked: count() })),
  },
  notificationCount: {
    summary: 'How many notifications are unshown (for the badge)',
    response: answer(z.strictObject({ count: count() })),
  },
  stream: {
    summary: 'The unread count and new notifications as they happen (Server-Sent Events)',
    description:
      'A text/event-stream that stays open. `event: count` carries `{"count": n}` at once and after every change; ' +
      '`event: notification` carries each new notification as the list shows it, its id as the event id; ' +
      '`event: end` with `{"reason": "session"}` comes before the server closes a stream whose session ended (logout, ban, ' +
      'password change). A comment line is sent every NOTIFICATION_HEARTBEAT_MS. On reconnect the browser sends ' +
      '`Last-Event-ID` and gets what it missed (at most 20); a new stream may pass the same as `?lastEventId=`. ' +
      'A server holding NOTIFICATION_STREAMS_MAX streams answers 503 with Retry-After: poll /notification/count meanwhile.',
    query: z.object({ lastEventId: z.string().max(20).optional() }),
    response: raw('text/event-stream', 'Server-Sent Events: count, notification and end events, and heartbeats.'),
  },
  deleteNotification: {
    summary: "Delete one of the caller's notifications",
    description: 'With `grouped=1`, a like notification goes with the earlier likes of the same item it stood for in a grouped list.',
    params: IdParams,
    query: NotificationsQuery,
    response: answer(nothing()),
  },
  deleteAllNotifications: {
    summary: "Delete all of the caller's notifications",
    response: answer(z.strictObject({ deleted: count() })),
  },
});
