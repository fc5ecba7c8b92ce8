import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tale, TaleSaveBody } from '@common/schemas/tale';
import { apiFetch, isSuccess } from '@/api/client';
import { taleQueries } from '@/api/tales';

export const FORM_ID_UPSERT = 'actionUpsert';

/** POST /tale/upsert with the whole tale (id included); the server keeps only what the caller may set. */
export const saveTale = (input: TaleSaveBody & { id: number }) =>
  apiFetch<Tale>('/tale/upsert', { method: 'POST', body: { ...input, form_id: FORM_ID_UPSERT } });

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
