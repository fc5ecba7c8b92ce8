import { authCalls as auth } from './api/calls/auth';
import { fileCalls as files } from './api/calls/files';
import { profileCalls as profiles } from './api/calls/profiles';
import { pathOf } from './api/endpoint';

/**
 * API paths (spec section 7) relative to the API prefix (default /api), under the names the web's
 * fetchers use; each is its declaration's path (common/api/calls). New code takes the call itself.
 */
export const api = {
  login: auth.login.path,
  logout: auth.logout.path,
  register: auth.register.path,
  changePassword: auth.changePassword.path,
  resetRequest: auth.resetRequest.path,
  resetWithCode: auth.resetWithCode.path,
  profile: profiles.updateProfile.path,
  profileOf: (id: number | string) => pathOf(profiles.profile, { id }),
  userDelete: (id: number | string) => pathOf(auth.deleteUser, { id }),
  fileUpload: files.upload.path,
  filesOf: (entityTable: string, entityId: number | string) => pathOf(files.files, { entity_table: entityTable, entity_id: entityId }),
  fileDelete: (id: number | string) => pathOf(files.deleteFile, { id }),
  fileEdit: (id: number | string) => pathOf(files.editFile, { table: 'file', id }),
  fileBulk: pathOf(files.editFiles, { table: 'file' }),
  editorUpload: files.editorUpload.path,
} as const;

/** Form ids the client sends with each write (wire-protocol.md: echoed, never deciding anything), from the declarations. */
export const FORM_ID = {
  login: auth.login.formId,
  logout: auth.logout.formId,
  register: auth.register.formId,
  changePassword: auth.changePassword.formId,
  resetRequest: auth.resetRequest.formId,
  resetWithCode: auth.resetWithCode.formId,
  profile: profiles.updateProfile.formId,
  userDelete: auth.deleteUser.formId,
  fileUpload: files.upload.formId,
  fileDelete: files.deleteFile.formId,
  fileEdit: files.editFile.formId,
  fileBulk: files.editFiles.formId,
  editorImage: files.editorUpload.formId.image,
  emblem: files.editorUpload.formId.emblem,
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
