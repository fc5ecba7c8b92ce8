import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@common/schemas/envelope';
import type { Tale } from '@common/schemas/tale';
import { ApiError, apiFetch, isSuccess } from '@/api/client';

export interface FeedRequest {
  pageSize: number;
  page: number;
  txt?: string;
  owner?: number;
}

export interface FeedPage {
  tales: Tale[];
  pagination: Pagination;
}

export const feedQueryKey = (r: FeedRequest) => ['feed', r.owner ?? null, r.txt ?? '', r.pageSize, r.page] as const;

/** GET /tale/feed/{pageSize}/{page}?txt=&owner=: data.tale and meta.tale. */
export async function getFeed(r: FeedRequest, signal?: AbortSignal): Promise<FeedPage> {
  const env = await apiFetch<{ tale?: Tale[] }>(`/tale/feed/${r.pageSize}/${r.page}`, {
    query: { txt: r.txt || undefined, owner: r.owner },
    signal,
  });
  if (!isSuccess(env)) throw new ApiError(200, env, 'Feed not loaded');
  const tales = Array.isArray(env.data?.tale) ? env.data.tale : [];
  const pagination = (env.meta.tale as Pagination | undefined) ?? {
    pageCurrentNumber: 1,
    pageSize: r.pageSize,
    rowsTotal: tales.length,
    pagesTotal: 1,
  };
  return { tales, pagination };
}

export const useFeed = (r: FeedRequest) =>
  useQuery({
    queryKey: feedQueryKey(r),
    queryFn: ({ signal }) => getFeed(r, signal),
    // the old page stays on screen while the next one loads
    placeholderData: keepPreviousData,
  });
