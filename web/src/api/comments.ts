import { infiniteQueryOptions } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@common/constants';
import type { Pagination } from '@common/schemas/envelope';
import type { Tale } from '@common/schemas/tale';
import { calls } from '@common/api/calls';
import { callApi } from './call';
import { pageMeta } from './client';

/**
 * Where a list of comments starts: the newest page ('last', the default), a page the user picked
 * in the paginator, or everything at once ('all').
 */
export type CommentsStart = number | 'last' | 'all';

export interface CommentsPage {
  tales: Tale[];
  pagination: Pagination;
}

/** GET /tale/feed/{pageSize}/{page|last}/{answer_to_tale_id}?expand=X: direct replies, oldest first. */
export async function getComments(
  parentId: number,
  page: number | 'last',
  { expand, pageSize = PAGE_SIZE_DEFAULT, signal }: { expand?: number | null; pageSize?: number; signal?: AbortSignal } = {},
): Promise<CommentsPage> {
  const env = await callApi(calls.tales.comments, {
    params: { pageSize, page, answerTo: parentId },
    query: { expand: expand ?? undefined },
    signal,
  });
  const tales = Array.isArray(env.data?.tale) ? env.data.tale : [];
  const pagination = pageMeta(env.meta.tale, pageSize);
  return { tales, pagination };
}

/** Every reply at once ('All'): pages of the largest size the server allows, read in order. */
export async function getAllComments(parentId: number, expand: number | null, signal?: AbortSignal): Promise<CommentsPage> {
  const first = await getComments(parentId, 1, { expand, pageSize: PAGE_SIZE_MAX, signal });
  const rest = await Promise.all(
    Array.from({ length: first.pagination.pagesTotal - 1 }, (_, i) =>
      getComments(parentId, i + 2, { expand, pageSize: PAGE_SIZE_MAX, signal }),
    ),
  );
  const tales = [first, ...rest].flatMap((p) => p.tales);
  const rowsTotal = Math.max(first.pagination.rowsTotal, tales.length);
  // one page holding everything: no paginator, nothing before or after
  return { tales, pagination: { pageCurrentNumber: 1, pageSize: Math.max(rowsTotal, 1), rowsTotal, pagesTotal: 1 } };
}

export const commentQueries = {
  /** Every list of comments. */
  all: () => ['comments'] as const,
  /** Every list of direct replies to one tale or comment, whatever its window. */
  replies: (parentId: number) => ['comments', 'list', parentId] as const,
  /**
   * The replies to one tale as a window of consecutive pages: it opens at `start`, grows upwards
   * (earlier comments, prepended) and downwards (later ones, appended, the paginator's 'More').
   */
  thread: ({ parentId, expand, start }: { parentId: number; expand: number | null; start: CommentsStart }) =>
    infiniteQueryOptions({
      queryKey: [...commentQueries.replies(parentId), { expand, start }] as const,
      queryFn: ({ pageParam, signal }) =>
        pageParam === 'all' ? getAllComments(parentId, expand, signal) : getComments(parentId, pageParam, { expand, signal }),
      initialPageParam: start,
      getNextPageParam: (last): CommentsStart | undefined =>
        last.pagination.pageCurrentNumber < last.pagination.pagesTotal ? last.pagination.pageCurrentNumber + 1 : undefined,
      getPreviousPageParam: (first): CommentsStart | undefined =>
        first.pagination.pageCurrentNumber > 1 ? first.pagination.pageCurrentNumber - 1 : undefined,
      staleTime: 10_000,
    }),
};
