import { calls } from '../endpoint';

/** Likes of tales and comments. */
export const likeCalls = calls('likes', {
  like: { method: 'POST', path: '/like/process', access: 'user', formId: 'actionProcess' },
  likers: { method: 'GET', path: '/like/selectlist/:pageSize/:page/:ref_table/:ref_id', access: 'anyone' },
});
