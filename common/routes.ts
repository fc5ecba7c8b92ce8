/** API paths (spec section 7), relative to the API prefix (default /api). */
export const api = {
  login: '/auth/login',
  logout: '/auth/logout',
  register: '/auth/register',
  changePassword: '/auth/ChangePassword',
  resetRequest: '/auth/ResetPasswordRequest',
  resetWithCode: '/auth/ResetPasswordWithCode',
  profile: '/auth/profile',
  profileOf: (id: number | string) => `/auth/profile/${id}`,
  userDelete: (id: number | string) => `/auth/UserDelete/${id}`,
  fileUpload: '/FileUpload',
  filesOf: (entityTable: string, entityId: number | string) => `/FileUpload/getFiles/${entityTable}/${entityId}`,
  fileDelete: (id: number | string) => `/FileUpload/delete/${id}`,
  fileEdit: (id: number | string) => `/AdminDbManager/EditRow/file/${id}`,
  fileBulk: '/AdminDbManager/UpdateBulk/file',
  editorUpload: '/FileUpload/CkEditor',
} as const;

/** Form ids the client sends with each write (wire-protocol.md: echoed, never deciding anything). */
export const FORM_ID = {
  login: 'login',
  logout: 'actionLogout',
  register: 'actionRegister',
  changePassword: 'actionChangePassword',
  resetRequest: 'actionResetPasswordRequest',
  resetWithCode: 'actionResetPasswordWithCode',
  profile: 'profile',
  userDelete: 'actionUserDelete',
  fileUpload: 'actionIndex',
  fileDelete: 'actionDelete',
  fileEdit: 'actionEditRow',
  fileBulk: 'actionUpdateBulk',
  editorImage: 'fileUpload',
  emblem: 'actionCommon',
} as const;

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
