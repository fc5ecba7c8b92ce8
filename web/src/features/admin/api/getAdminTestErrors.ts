import type { MessageStatus } from '@common/messages';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';
import { isSuccess } from '@/api/client';

/**
 * GET /admintests/errors: answers success with one message of each status and one admin
 * message. The fetch wrapper shows them in the message modal, which is the point of the test.
 */
export async function runErrorsTest(): Promise<boolean> {
  const env = await callApi(calls.admin.testErrors);
  const statuses = new Set<MessageStatus>(env.messages.map((m) => m.status));
  const everyStatus = ([0, 1, 2, 3] as const).every((s) => statuses.has(s));
  return isSuccess(env) && everyStatus && (env.messages_admin?.length ?? 0) > 0;
}
