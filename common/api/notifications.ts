import { z } from 'zod';
import { CreatedAtParams, ListParams, NotificationSchema } from '../schemas/conversation';
import { IdParams } from '../schemas/user';
import { notificationCalls } from './calls/notifications';
import { endpoints } from './endpoint';
import { answer, nothing } from './envelope';

const count = () => z.number().int();

export const notifications = endpoints(notificationCalls, {
  notifications: {
    summary: "The caller's notifications, newest first",
    params: ListParams,
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
  deleteNotification: {
    summary: "Delete one of the caller's notifications",
    params: IdParams,
    response: answer(nothing()),
  },
  deleteAllNotifications: {
    summary: "Delete all of the caller's notifications",
    response: answer(z.strictObject({ deleted: count() })),
  },
});
