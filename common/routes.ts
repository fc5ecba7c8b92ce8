/**
 * Addresses of pages. API paths and form ids are not here: they are the calls' own
 * (common/api/calls), and the web makes its requests from the calls (web/src/api/call.ts).
 */

/** The single-page app's own routes (spec section 2). */
export const appRoutes = {
  home: '/',
  feed: '/tale/feed',
  taleNew: '/tale/upsert',
  tale: (id: number | string) => `/tale/upsert/${id}`,
  login: '/auth/login',
  logout: '/auth/logout',
  register: '/auth/register',
  profile: '/auth/profile',
  profileOf: (id: number | string) => `/auth/profile/${id}`,
  changePassword: '/auth/change_password',
  resetRequest: '/auth/reset_password_request',
  resetWithCode: '/auth/reset_password_with_code',
  notifications: '/notification',
  urlParser: '/UrlParser',
  cliParser: '/CliParser',
  informer: '/Informer',
  restCall: '/RestCall',
  about: '/about',
} as const;

/** Server-rendered pages linked from the menus. */
export const serverPages = {
  serializedDataEditor: '/tools/SerializedDataEditor',
  jsonSearchReplace: '/tools/JsonSearchReplaceBeautify',
  baseCurlCalls: '/SendRestApiQueries/BaseCurlCalls',
  dbTablesColumnsInfo: '/AdminDbManager/DbTablesColumnsInfo',
  adminUsers: '/admin/users',
} as const;
