import { calls } from '../endpoint';

/** Files attached to tales, and images for the editor and emblems. */
export const fileCalls = calls('files', {
  upload: { method: 'POST', path: '/FileUpload', access: 'user', formId: 'actionIndex' },
  editorUpload: { method: 'POST', path: '/FileUpload/CkEditor', access: 'user', formId: { image: 'fileUpload', emblem: 'actionCommon' } },
  files: { method: 'GET', path: '/FileUpload/getFiles/:entity_table/:entity_id', access: 'anyone' },
  deleteFile: { method: 'DELETE', path: '/FileUpload/delete/:id', access: 'user', formId: 'actionDelete' },
  editFile: { method: 'POST', path: '/AdminDbManager/EditRow/:table/:id', access: 'user', formId: 'actionEditRow' },
  editFiles: { method: 'POST', path: '/AdminDbManager/UpdateBulk/:table', access: 'user', formId: 'actionUpdateBulk' },
});
