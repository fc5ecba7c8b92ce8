import { calls } from '../endpoint';

/** The admins' and moderators' tools. */
export const adminCalls = calls('admin', {
  users: { method: 'GET', path: '/admin/users/:pageSize/:page', access: 'admin' },
  setUserRole: { method: 'POST', path: '/admin/users/:id/roles', access: 'admin', formId: 'actionUserRole' },
  setUserBan: { method: 'POST', path: '/admin/users/:id/ban', access: 'admin', formId: 'actionUserBan' },
  dbTables: { method: 'GET', path: '/AdminDbManager/DbTablesColumnsInfo', access: 'staff' },
  httpCall: { method: 'POST', path: '/SendRestApiQueries/BaseCurlCalls', access: 'admin', formId: 'actionBaseCurlCalls' },
  testErrors: { method: 'GET', path: '/admintests/errors', access: 'admin' },
  testPost: { method: 'POST', path: '/admintests/TestPost', access: 'admin', formId: 'TestPost' },
});
