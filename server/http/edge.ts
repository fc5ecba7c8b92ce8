import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG, danger } from '../../common/messages';
import { issuesToMessages } from '../../common/validation';
import { REQUESTED_WITH } from '../../common/constants';
import { isDatabaseUnavailable, isRefusedValue } from '../db/faults';
import { AppError, invalid } from './errors';
import { declaredCaller, envelope, isOutcome, sendEnvelope } from './envelope';
import { formToObject } from './body';
import { findBadInput } from './input-scan';

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KNOWN_METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads multipart file parts itself (uploads); others get fields as the body. */
    multipartFiles?: boolean;
    /**
     * A GET that changes something (marking notifications shown): it needs x-requested-with like
     * a write, so an <img> or a link on any page cannot trigger it with the reader's cookie.
     */
    guardedRead?: boolean;
  }
}

/** What the multipart parser throws for a body it cannot read (no boundary, cut off, bad headers). */
function isUnreadableMultipart(error: Error): boolean {
  return /^Multipart: |^Unexpected end of (form|multipart data)|^Malformed part header|^Missing Content-Type/.test(error.message ?? '');
}

/** Fastify's frameworkErrors: an address too long for the router, or not decodable, before routing. */
export function routerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendEnvelope(request, reply, 414, [danger(MSG.urlTooLong)]);
  return sendEnvelope(request, reply, 400, [danger(MSG.urlUnreadable)]);
}

export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(given) ? given : randomUUID();
}

/** Envelope for every outcome, error, 404 and 405 (wire-protocol.md "Responses"). */
export function registerEdge(app: FastifyInstance, opts: { apiPrefix: string }) {
  /** Whether a path (a route pattern, or an address as it was sent) lies under the API prefix. */
  const isApi = (url: string) => url === opts.apiPrefix || url.startsWith(`${opts.apiPrefix}/`) || url.startsWith(`${opts.apiPrefix}?`);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Whether a call is an API call is decided by the route the router matched, never by the raw
  // address: the router decodes percent-escapes (`/%61pi/...` matches `/api/...`), so a check of
  // the address string could be walked around. An API route reached through any other spelling
  // of the prefix is refused as not found.
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || !isApi(route)) return;
    if (!isApi(request.raw.url ?? '')) throw new AppError(404, [danger(MSG.notFound)]);
    // A cookie can authenticate, so a write must also carry a header no cross-site form can send.
    const guarded = WRITE_METHODS.has(request.method) || request.routeOptions.config.guardedRead === true;
    if (guarded && !request.headers['x-requested-with']) throw new AppError(403, [danger(MSG.requestedWithMissing)]);
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
    // Text with NUL, or nesting no form makes, is refused here for every route at once, naming
    // the field, before any schema or query sees it (PostgreSQL cannot store NUL in text).
    const bad = findBadInput({ params: request.params, query: request.query, body: request.body });
    if (bad) throw invalid(danger(bad.kind === 'nul' ? MSG.fieldNul : MSG.nestedTooDeep, [bad.field]));
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
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      reply.headers({ 'retry-after': '5' });
      return sendEnvelope(request, reply, 503, [danger(MSG.databaseUnavailable)]);
    }
    if (isRefusedValue(error)) {
      request.log.warn({ err: error }, 'the database refused a value that passed validation');
      return sendEnvelope(request, reply, 200, [danger(MSG.incorrectData)]);
    }
    if (isUnreadableMultipart(error)) return sendEnvelope(request, reply, 200, [danger(MSG.bodyUnreadable)]);
    if (error.code === 'FST_ERR_RESPONSE_SERIALIZATION') {
      // An answer held what its endpoint does not declare (http/declare.ts): it is not sent, and
      // the refusal's CurrentUser keeps only its declared fields, in case the extra was there.
      request.log.error({ err: error, route: request.routeOptions.url }, 'an answer did not match its declared schema and was not sent');
      request.currentUser = declaredCaller(request.currentUser);
      return sendEnvelope(request, reply, 500, [danger(MSG.somethingBad)]);
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
  /** Every route the app serves, for the tests that walk all of them. */
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      const method = m.toUpperCase() as HTTPMethod;
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
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
    routes,
  };
}

export { REQUESTED_WITH };
