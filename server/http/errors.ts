import { MSG, type Message, type MessageParam, danger } from '../../common/messages';
import type { Verdict } from '../../common/policies';

/** An outcome that ends a request early: an HTTP status and the messages that say why. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messages: Message[],
    readonly headers: Record<string, string> = {},
  ) {
    super(messages[0]?.text ?? `HTTP ${status}`);
  }
}

export const fail = (status: number, template: string, params: MessageParam[] = []) => new AppError(status, [danger(template, params)]);

/** Validation failures and refused actions answer 200 with success 0 (wire-protocol.md). */
export const invalid = (...messages: Message[]) => new AppError(200, messages);
export const needLogin = () => fail(401, MSG.loginFirst);
export const forbidden = () => fail(403, MSG.accessDenied);
export const banned = () => fail(403, MSG.banned);
export const notFound = () => fail(404, MSG.notFound);
export const tooMany = (retryAfter: number) =>
  new AppError(429, [danger(MSG.tooManyRequests, [retryAfter])], { 'retry-after': String(retryAfter) });

/** Refuses with the policy's status and message unless it said yes. */
export function authorize(verdict: Verdict): void {
  if (!verdict.ok) throw fail(verdict.status, verdict.template);
}
