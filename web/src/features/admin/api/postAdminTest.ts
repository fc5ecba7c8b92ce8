import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';
import { isSuccess } from '@/api/client';

/** POST /admintests/TestPost: the server echoes the body back in data.received. */
export async function runEchoTest(): Promise<boolean> {
  const probe = { text: `Привет, world ${Date.now()}`, list: [1, 2, 3], nested: { ok: true } };
  const env = await callApi(calls.admin.testPost, { body: probe });
  // the server echoes the whole body, the form_id the call added included
  return isSuccess(env) && JSON.stringify(env.data?.received) === JSON.stringify({ ...probe, form_id: calls.admin.testPost.formId });
}
