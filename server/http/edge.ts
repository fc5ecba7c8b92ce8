import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG, danger } from '../../common/messages';
import { issuesToMessages } from '../../common/validation';
import { REQUESTED_WITH } from '../../common/constants';
import { AppError } from './errors';
import { envelope, isOutcome, sendEnvelope } from './envelope';
import { formToObject } from './body';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KNOWN_METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads multipart file parts itself (uploads); others get fields as the body. */
    multipartFiles?: boolean;
  }
}

export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(given) ? given : randomUUID();
}

/** Envelope for every outcome, error, 404 and 405 (wire-protocol.md "Responses"). */
export function registerEdge(app: FastifyInstance, opts: { apiPrefix: string }) {
  const isApi = (url: string) => url === opts.apiPrefix || url.startsWith(`${opts.apiPrefix}/`);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // A cookie can authenticate, so a write must also carry a header no cross-site form can send.
  app.addHook('onRequest', async (request) => {
    if (WRITE_METHODS.has(request.method) && isApi(request.url) && !request.headers['x-requested-with']) {
      throw new AppError(403, [danger(MSG.requestedWithMissing)]);
    }
  });

  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !request.routeOptions.config.multipartFiles) {
      const fields: [string, string][] = [];
      for await (const part of request.parts()) {
        if (part.type === 'field') fields.push([part.fieldname, String(part.value)]);
        else part.file.resume();
      }
      request.body = formToObject(fields);
    }
    if (request.body == null && WRITE_METHODS.has(request.method)) request.body = {};
  });

  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!isOutcome(payload)) return payload;
    reply.type('application/json; charset=utf-8');
    return envelope(request, payload);
  });

  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendEnvelope(request, reply, error.status, error.messages);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendEnvelope(request, reply, 200, issuesToMessages(error.validation));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendEnvelope(request, reply, 413, [danger(MSG.payloadTooLarge)]);
    if (status === 415) return sendEnvelope(request, reply, 415, [danger(MSG.bodyUnreadable)]);
    if (status === 429) return sendEnvelope(request, reply, 429, [danger(MSG.tooManyRequests, ['60'])]);
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, 'request body refused');
      return sendEnvelope(request, reply, 200, [danger(MSG.bodyUnreadable)]);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendEnvelope(request, reply, 500, [danger(MSG.somethingBad)]);
  });

  // Which methods a path answers, so a wrong method gets 405 rather than 404.
  const router = FindMyWay();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      const method = m.toUpperCase() as HTTPMethod;
      if (KNOWN_METHODS.includes(method) && !router.hasRoute(method, route.url)) {
        router.on(method, route.url, () => {});
      }
    }
  });

  return {
    notFound(request: FastifyRequest, reply: FastifyReply) {
      const path = request.url.split('?')[0];
      const allowed = KNOWN_METHODS.filter((m) => router.find(m, path));
      if (allowed.length && !allowed.includes(request.method as HTTPMethod)) {
        reply.header('allow', allowed.join(', '));
        return sendEnvelope(request, reply, 405, [danger(MSG.methodNotAllowed, [request.method])]);
      }
      return sendEnvelope(request, reply, 404, [danger(MSG.notFound)]);
    },
    isApi,
  };
}

export { REQUESTED_WITH };
