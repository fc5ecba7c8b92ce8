import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Tale } from '../../../../../common/schemas/tale';
import { apiFetch, isSuccess } from '../../../api/client';
import { commentsKeys } from './getComments';

/** GET /tale/upsert/{id}: one tale or comment (data is the tale itself). */
export async function getTale(id: number, signal?: AbortSignal): Promise<Tale | null> {
  const env = await apiFetch<Tale>(`/tale/upsert/${id}`, { signal });
  return isSuccess(env) && env.data && typeof env.data === 'object' ? env.data : null;
}

/**
 * A tale as the comments block last read it. Not fetched by itself: it is filled by
 * `refreshTale` after the thread changed, so the counters shown follow our own writes.
 * `load` fetches it at once (a replies block shown without its post needs the post's rules).
 */
export const useThreadTale = (id: number | null, load = false) =>
  useQuery({
    queryKey: commentsKeys.tale(id ?? 0),
    queryFn: ({ signal }) => getTale(id ?? 0, signal),
    enabled: load && id != null,
    staleTime: Number.POSITIVE_INFINITY,
    // gone with the block: a later visit trusts the tale it is given, which is newer
    gcTime: 0,
  });

export const refreshTale = (queryClient: QueryClient, id: number) =>
  queryClient.fetchQuery({ queryKey: commentsKeys.tale(id), queryFn: ({ signal }) => getTale(id, signal), staleTime: 0, gcTime: 0 });
