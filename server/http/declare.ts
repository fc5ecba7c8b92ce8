import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { DataOf, Endpoint, Shapes } from '../../common/api/endpoint';
import { type Access, callers } from '../../common/policies';
import type { CurrentUser } from '../../common/schemas/user';
import { type Outcome, sendEnvelope } from './envelope';
import type { CheckedData } from './serializer';
import { AppError, authorize } from './errors';

type Input<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request as the endpoint's schemas have validated it. */
export type DeclaredRequest<E extends Shapes> = FastifyRequest<{
  Params: Input<E['params']>;
  Querystring: Input<E['query']>;
  Body: Input<E['body']>;
}>;

/** The caller as the endpoint's access guarantees it: signed in, unless anyone may call it. */
export type CallerOf<E extends { access: Access }> = E['access'] extends 'anyone' ? CurrentUser : CurrentUser & { id: number };

/** An envelope endpoint answers an outcome with its declared data; any endpoint may answer through the reply itself. */
type Answer<E extends Endpoint> = E['response']['kind'] extends 'envelope'
  ? Outcome<DataOf<E>> | Outcome<CheckedData<DataOf<E>>> | FastifyReply
  : FastifyReply;

export type Handler<E extends Endpoint> = (request: DeclaredRequest<E>, reply: FastifyReply, caller: CallerOf<E>) => Promise<Answer<E>>;

/**
 * Registers one declared endpoint (common/api): its method and path, its schemas (params, query,
 * body, and the envelope it answers with, so a field nobody declared fails serialisation), and
 * who may call it, checked after validation and before the handler: a visitor gets 401 "Login
 * first", a caller without the role 403 "ACCESS DENIED" (the policy table's `callers`).
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>): void {
  const answer = endpoint.response.kind === 'envelope' ? endpoint.response : undefined;
  const mayCall = callers[endpoint.access];
  const options: RouteOptions = {
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      // Every answer is checked, refusals too: a 200 as declared, any other status as a refusal.
      ...(answer && { response: { 200: answer.schema, default: answer.refusal } }),
    },
    config: { multipartFiles: endpoint.upload !== undefined, guardedRead: endpoint.guarded === true },
    handler: (request, reply) => handler(request as DeclaredRequest<E>, reply, request.currentUser as CallerOf<E>),
  };
  if (endpoint.access !== 'anyone') {
    options.preHandler = async (request) => authorize(mayCall(request.currentUser));
  }
  if (answer?.errorMessage) options.errorHandler = refusalWithErrorMessage;
  app.route(options);
}

/** A refusal with error.message beside the envelope (the editor's protocol); other errors go on to the edge's handler. */
function refusalWithErrorMessage(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof AppError)) throw error;
  reply.headers(error.headers);
  return sendEnvelope(request, reply, error.status, error.messages, { errorMessage: error.message });
}
