import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@common/constants';
import type { Liker } from '@common/schemas/conversation';
import type { Pagination } from '@common/schemas/envelope';
import { calls } from '@common/api/calls';
import { callApi } from './call';
import { pageMeta } from './client';

export interface LikersPage {
  likers: Liker[];
  pagination: Pagination;
}

/** GET /like/selectlist/{pageSize}/{page}/tale/{id}: who liked, newest first; meta.lk pagination. */
export async function getLikers(taleId: number, page: number, signal?: AbortSignal): Promise<LikersPage> {
  const env = await callApi(calls.likes.likers, {
    params: { pageSize: PAGE_SIZE_DEFAULT, page, ref_table: 'tale', ref_id: taleId },
    signal,
  });
  return { likers: Array.isArray(env.data) ? env.data : [], pagination: pageMeta(env.meta.lk, PAGE_SIZE_DEFAULT) };
}

export const likeQueries = {
  /** Every page of the likers of one tale or comment. */
  likersOf: (taleId: number) => ['likes', 'likers', taleId] as const,
  likers: (taleId: number, page: number) =>
    queryOptions({
      queryKey: [...likeQueries.likersOf(taleId), page] as const,
      queryFn: ({ signal }) => getLikers(taleId, page, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
};
