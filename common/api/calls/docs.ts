import { calls } from '../endpoint';

/** The API's own documentation. */
export const docCalls = calls('docs', {
  openApi: { method: 'GET', path: '/openapi.json', access: 'anyone' },
  reference: { method: 'GET', path: '/docs', access: 'anyone' },
});
