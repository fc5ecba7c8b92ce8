import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { pathOf } from '@common/api/endpoint';
import { type DataExport, isUnderWay } from '@common/schemas/export';
import { callApi } from '@/api/call';
import { apiUrl, isSuccess } from '@/api/client';

/** How often the page asks how far an archive has come while it is being made. */
export const PROGRESS_POLL_MS = 1_000;

export const exportQueries = {
  latest: (userId: number) =>
    queryOptions({
      queryKey: ['export', userId] as const,
      queryFn: async ({ signal }) => {
        const env = await callApi(calls.auth.latestExport, { params: { id: userId }, signal });
        return (env.data ?? null) as DataExport | null;
      },
      refetchInterval: (q) => (isUnderWay(q.state.data) ? PROGRESS_POLL_MS : false),
      staleTime: 0,
    }),
};

/** POST /auth/export/{id}: an archive is asked for (or the one under way answered). */
export function useRequestExport(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(calls.auth.requestExport, { params: { id: userId }, body: {} }),
    onSuccess: (env) => {
      if (isSuccess(env) && env.data) queryClient.setQueryData(exportQueries.latest(userId).queryKey, env.data as DataExport);
    },
  });
}

/** The address a ready archive downloads from (the session cookie says who asks). */
export const downloadUrl = (userId: number, exportId: number) => apiUrl(pathOf(calls.auth.downloadExport, { id: userId, exportId }));
