import { useMutation } from '@tanstack/react-query';
import type { HttpCallBody } from '@common/schemas/admin';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';

/**
 * POST /SendRestApiQueries/BaseCurlCalls: the server makes the call and answers what came back,
 * or success 0 with a danger message when it refused the address or the call failed.
 */
export const sendHttpCall = (body: HttpCallBody) => callApi(calls.admin.httpCall, { body });

export const useSendHttpCall = () => useMutation({ mutationFn: sendHttpCall });
