import { apiFetch, isSuccess } from '@/api/client';

export const ADMIN_TEST_POST_PATH = '/admintests/TestPost';

/** POST /admintests/TestPost: the server echoes the body back in data.received. */
export async function runEchoTest(): Promise<boolean> {
  const probe = { form_id: 'TestPost', text: `Привет, world ${Date.now()}`, list: [1, 2, 3], nested: { ok: true } };
  const env = await apiFetch<{ received?: unknown }>(ADMIN_TEST_POST_PATH, { method: 'POST', body: probe });
  return isSuccess(env) && JSON.stringify(env.data?.received) === JSON.stringify(probe);
}
