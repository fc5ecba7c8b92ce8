import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import type { TaleSaveBody } from '@common/schemas/tale';
import { callApi } from '@/api/call';
import { isSuccess } from '@/api/client';
import { taleQueries } from '@/api/tales';

/** POST /tale/upsert with the whole tale (id included); the server keeps only what the caller may set. */
export const saveTale = (input: TaleSaveBody & { id: number }) => callApi(calls.tales.saveTale, { form: 'tale', body: input });

export function useSaveTale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTale,
    onSuccess: (env) => {
      if (!isSuccess(env) || !env.data) return;
      const tale = env.data;
      queryClient.setQueryData(taleQueries.one(tale.id).queryKey, tale);
      // its addresses are known now, so the screen the editor goes to has the tale at once
      queryClient.setQueryData(taleQueries.address(String(tale.id)).queryKey, tale.id);
      if (tale.router_alias) queryClient.setQueryData(taleQueries.address(tale.router_alias).queryKey, tale.id);
      // the unsaved tale is saved now: the next "add tale" asks the server for a fresh one
      queryClient.removeQueries({ queryKey: taleQueries.address(null).queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: taleQueries.feeds() });
    },
  });
}
