import { calls } from '../endpoint';

/** The caller's notifications: comments and answers to them, likes. */
export const notificationCalls = calls('notifications', {
  notifications: { method: 'GET', path: '/notification/SelectListLatest/:pageSize/:page', access: 'user' },
  markShown: { method: 'GET', path: '/notification/MarkAsShownEarlierThan/:created_at', access: 'user', guarded: true },
  notificationCount: { method: 'GET', path: '/notification/count', access: 'user' },
  stream: { method: 'GET', path: '/notification/stream', access: 'user' },
  deleteNotification: { method: 'POST', path: '/notification/Delete/:id', access: 'user', formId: 'actionDelete' },
  deleteAllNotifications: { method: 'POST', path: '/notification/Delete', access: 'user', formId: 'actionDeleteAll' },
});
