import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAdmin } from '../../common/abilities';
import type { Message } from '../../common/messages';
import type { Envelope } from '../../common/schemas/envelope';
import { z } from 'zod';
import { type CurrentUser, CurrentUserSchema, GUEST } from '../../common/schemas/user';

const OUTCOME = Symbol('outcome');

/** What a handler returns: the data and meta of the envelope, and the messages to show. */
export interface Outcome<T = unknown> {
  [OUTCOME]: true;
  data: T;
  meta: Record<string, unknown>;
  messages: Message[];
  messagesAdmin: Message[];
  success: boolean;
}

export function outcome<T>(
  data: T,
  opts: { meta?: Record<string, unknown>; messages?: Message[]; messagesAdmin?: Message[]; success?: boolean } = {},
): Outcome<T> {
  return {
    [OUTCOME]: true,
    data,
    meta: opts.meta ?? {},
    messages: opts.messages ?? [],
    messagesAdmin: opts.messagesAdmin ?? [],
    success: opts.success ?? true,
  };
}

export const isOutcome = (v: unknown): v is Outcome => typeof v === 'object' && v !== null && OUTCOME in v;

const CallerFields = z.object(CurrentUserSchema.shape);

/** The caller with only the fields CurrentUser declares; the guest if even those are not right. */
export function declaredCaller(u: CurrentUser): CurrentUser {
  const parsed = CallerFields.safeParse(u);
  return parsed.success ? parsed.data : GUEST;
}

/** The envelope of wire-protocol.md, with the caller as CurrentUser on every response. */
export function envelope(request: FastifyRequest, o: Omit<Outcome, typeof OUTCOME>): Envelope {
  const current = request.currentUser ?? GUEST;
  const body: Envelope = {
    meta: { ...o.meta, alina_response_success: o.success ? 1 : 0 },
    data: o.data,
    messages: o.messages,
    CurrentUser: current,
  };
  if (isAdmin(current)) body.messages_admin = o.messagesAdmin;
  return body;
}

export function sendEnvelope(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  messages: Message[],
  extra: { data?: unknown; messagesAdmin?: Message[]; errorMessage?: string } = {},
) {
  const body = envelope(request, {
    data: extra.data ?? null,
    meta: {},
    messages,
    messagesAdmin: extra.messagesAdmin ?? [],
    success: false,
  });
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(extra.errorMessage === undefined ? body : { ...body, error: { message: extra.errorMessage } });
}
