import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@common/constants';
import type { Liker } from '@common/schemas/conversation';
import type { Pagination } from '@common/schemas/envelope';
import { apiFetch } from '@/api/client';

export interface LikersPage {
  likers: Liker[];
  pagination: Pagination;
}

export const likersKeys = {
  of: (taleId: number) => ['likes', 'likers', taleId] as const,
  page: (taleId: number, page: number) => ['likes', 'likers', taleId, page] as const,
};

/** GET /like/selectlist/{pageSize}/{page}/tale/{id}: who liked, newest first; meta.lk pagination. */
export async function getLikers(taleId: number, page: number, signal?: AbortSignal): Promise<LikersPage> {
  const env = await apiFetch<Liker[]>(`/like/selectlist/${PAGE_SIZE_DEFAULT}/${page}/tale/${taleId}`, { signal });
  const pagination = (env.meta.lk as Pagination | undefined) ?? {
    pageCurrentNumber: 1,
    pageSize: PAGE_SIZE_DEFAULT,
    rowsTotal: 0,
    pagesTotal: 1,
  };
  return { likers: Array.isArray(env.data) ? env.data : [], pagination };
}

/** Loaded only while the modal is open and the tale has at least one like (spec section 5). */
export const useLikers = (taleId: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: likersKeys.page(taleId, page),
    queryFn: ({ signal }) => getLikers(taleId, page, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
