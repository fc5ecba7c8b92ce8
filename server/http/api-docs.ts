import type { FastifyInstance } from 'fastify';
import { allEndpoints, api, areas } from '../../common/api';
import { version } from '../../package.json';
import { referencePage } from './api-reference';
import { route } from './declare';
import { openApiDocument } from './openapi';

/** A value made on first use and kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/**
 * The API's documentation under the API prefix: the OpenAPI document made from the declarations
 * (common/api) and the reference page made from the document. Both are made on first request and
 * kept: the declarations do not change while the server runs.
 */
export function apiDocs(prefix: string) {
  return async function plugin(app: FastifyInstance) {
    const document = once(() => openApiDocument(allEndpoints, { prefix, version, areas }));
    const json = once(() => JSON.stringify(document()));
    const page = once(() => referencePage(document(), `${prefix}${api.docs.openApi.path}`));

    route(app, api.docs.openApi, async (_request, reply) => reply.type('application/json; charset=utf-8').send(json()));
    route(app, api.docs.reference, async (_request, reply) => reply.type('text/html; charset=utf-8').send(page()));
  };
}
