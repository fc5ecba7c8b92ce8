import { useQuery } from '@tanstack/react-query';
import type { Tale } from '../../../../../common/schemas/tale';
import { ApiError, apiFetch, isSuccess } from '../../../api/client';

/** The reference a tale screen was opened with: an id, an alias, or null for the caller's unsaved tale. */
export type TaleRef = string | null;

export const taleQueryKey = (ref: TaleRef) => ['tale', ref ?? ''] as const;

export const talePath = (ref: TaleRef) => (ref ? `/tale/upsert/${encodeURIComponent(ref)}` : '/tale/upsert');

/**
 * GET /tale/upsert/{id or alias}, or GET /tale/upsert for the caller's one unsaved tale (created
 * by the server on first call). `data` is the tale itself.
 */
export async function getTale(ref: TaleRef, signal?: AbortSignal): Promise<Tale> {
  const env = await apiFetch<Tale>(talePath(ref), { signal });
  if (!isSuccess(env) || !env.data || typeof env.data !== 'object') throw new ApiError(200, env, 'Tale not loaded');
  return env.data;
}

export const useTale = (ref: TaleRef, enabled = true) =>
  useQuery({
    queryKey: taleQueryKey(ref),
    queryFn: ({ signal }) => getTale(ref, signal),
    enabled,
    // the unsaved tale and a tale about to be edited must be fresh
    staleTime: 0,
  });
