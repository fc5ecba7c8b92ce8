import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLoggedIn } from '../../../common/abilities';
import type { Deps } from '../../deps';
import { type Outcome, envelope } from '../../http/envelope';
import { sharedAnswer } from './service';

/**
 * Whole answers to visitors, kept as JSON text. A visitor's answer to a feed page, a search, a
 * tale or a comment list is the same for every visitor (the guest as CurrentUser, nothing per
 * reader), so it is built and serialised once and sent as it is, under the rule of the shared
 * feed pages: for FEED_CACHE_MS at most, and never after a write on this server changed what
 * lists show (caches.ts). Logged-in readers get their own answer every time (their likes, their
 * unread count). Errors are not kept.
 */
export async function answerVisitor<T>(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  build: () => Promise<Outcome<T>>,
): Promise<Outcome<T> | FastifyReply> {
  if (isLoggedIn(request.currentUser)) return build();
  // Serialised with the route's declared answer, as any other answer is.
  const json = await sharedAnswer(deps, request.url, async () => reply.serialize(envelope(request, await build())) as string);
  return reply.type('application/json; charset=utf-8').send(json);
}
