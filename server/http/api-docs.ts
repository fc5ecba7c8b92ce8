import type { FastifyInstance } from 'fastify';
import { allEndpoints, api, areas } from '../../common/api';
import { version } from '../../package.json';
import { referencePage } from './api-reference';
import { route } from './declare';
import { type OpenApiDocument, openApiDocument } from './openapi';

/**
 * The API's documentation under the API prefix: the OpenAPI document made from the declarations
 * (common/api) and the reference page made from the document. Both are made on first request and
 * kept: the declarations do not change while the server runs.
 */
export function apiDocs(prefix: string) {
  return async function plugin(app: FastifyInstance) {
    let document: OpenApiDocument | undefined;
    let json: string | undefined;
    let page: string | undefined;
    const made = () => (document ??= openApiDocument(allEndpoints, { prefix, version, areas }));

    route(app, api.docs.openApi, async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send((json ??= JSON.stringify(made()))),
    );

    route(app, api.docs.reference, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send((page ??= referencePage(made(), `${prefix}${api.docs.openApi.path}`))),
    );
  };
}
