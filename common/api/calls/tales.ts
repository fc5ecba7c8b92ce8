import { calls } from '../endpoint';

/** Tales and the comments under them (comments are tales: same table, same calls). */
export const taleCalls = calls('tales', {
  feed: { method: 'GET', path: '/tale/feed/:pageSize/:page', access: 'anyone' },
  comments: { method: 'GET', path: '/tale/feed/:pageSize/:page/:answerTo', access: 'anyone' },
  unsavedTale: { method: 'GET', path: '/tale/upsert', access: 'user' },
  tale: { method: 'GET', path: '/tale/upsert/:id', access: 'anyone' },
  saveTale: { method: 'POST', path: '/tale/upsert', access: 'user', formId: { tale: 'actionUpsert', comment: 'actionCommentAdd' } },
  saveTaleById: { method: 'POST', path: '/tale/upsert/:id', access: 'user', formId: 'actionUpsert' },
  deleteTale: { method: 'POST', path: '/tale/delete/:id', access: 'user', formId: 'actionDelete' },
  revisions: { method: 'GET', path: '/tale/revisions/:id/:pageSize/:page', access: 'user' },
  map: { method: 'GET', path: '/tale/map/:pageSize/:page', access: 'anyone' },
  nearby: { method: 'GET', path: '/tale/nearby/:id/:pageSize/:page', access: 'anyone' },
  restoreRevision: { method: 'POST', path: '/tale/revisions/:id/restore/:revisionId', access: 'user', formId: 'actionRestore' },
});
