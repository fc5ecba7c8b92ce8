import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import type { Pagination } from '@common/schemas/envelope';
import type { Revision } from '@common/schemas/revision';
import { callApi } from '@/api/call';
import { isSuccess, pageMeta } from '@/api/client';
import { patchTale } from '@/api/taleCache';

/** Versions shown per page of the history. */
export const REVISIONS_PAGE_SIZE = 10;

export interface RevisionsPage {
  revisions: Revision[];
  pagination: Pagination;
}

/** GET /tale/revisions/{id}/{pageSize}/{page}: earlier versions, newest first; meta.revision pagination. */
export async function getRevisions(taleId: number, page: number, signal?: AbortSignal): Promise<RevisionsPage> {
  const env = await callApi(calls.tales.revisions, { params: { id: taleId, pageSize: REVISIONS_PAGE_SIZE, page }, signal });
  return { revisions: Array.isArray(env.data) ? env.data : [], pagination: pageMeta(env.meta.revision, REVISIONS_PAGE_SIZE) };
}

export const revisionQueries = {
  of: (taleId: number) => ['revisions', taleId] as const,
  page: (taleId: number, page: number) =>
    queryOptions({
      queryKey: [...revisionQueries.of(taleId), page] as const,
      queryFn: ({ signal }) => getRevisions(taleId, page, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
};

/** POST /tale/revisions/{id}/restore/{revisionId}: the version comes back; every copy of the tale shows it. */
export function useRestoreRevision(taleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revisionId: number) => callApi(calls.tales.restoreRevision, { params: { id: taleId, revisionId }, body: {} }),
    onSuccess: async (env) => {
      if (!isSuccess(env) || !env.data) return;
      const { header, body, body_txt, edited_at, updated_at } = env.data;
      patchTale(queryClient, taleId, { header, body, body_txt, edited_at, updated_at });
      await queryClient.invalidateQueries({ queryKey: revisionQueries.of(taleId) });
    },
  });
}
