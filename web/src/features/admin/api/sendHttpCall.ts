import { useMutation } from '@tanstack/react-query';
import type { HttpCallBody, HttpCallResult } from '@common/schemas/admin';
import { apiFetch } from '@/api/client';

export const BASE_CURL_CALLS_PATH = '/SendRestApiQueries/BaseCurlCalls';

/**
 * POST /SendRestApiQueries/BaseCurlCalls: the server makes the call and answers what came back,
 * or success 0 with a danger message when it refused the address or the call failed.
 */
export const sendHttpCall = (body: HttpCallBody) =>
  apiFetch<HttpCallResult | null>(BASE_CURL_CALLS_PATH, { method: 'POST', body: { ...body, form_id: 'actionBaseCurlCalls' } });

export const useSendHttpCall = () => useMutation({ mutationFn: sendHttpCall });
