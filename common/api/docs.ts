import { docCalls } from './calls/docs';
import { endpoints } from './endpoint';
import { raw } from './envelope';

export const docs = endpoints(docCalls, {
  openApi: {
    summary: 'This API as an OpenAPI 3.1 document',
    response: raw('application/json', 'The OpenAPI 3.1 document of this API.'),
  },
  reference: {
    summary: 'This API as a page to read',
    response: raw('text/html', 'The reference page, made from the OpenAPI document.'),
  },
});
