import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tale, TaleSaveBody } from '@common/schemas/tale';
import { apiFetch, isSuccess } from '@/api/client';
import { taleKeys } from '@/api/tales';

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
      queryClient.setQueryData(taleKeys.one(String(tale.id)), tale);
      if (tale.router_alias) queryClient.setQueryData(taleKeys.one(tale.router_alias), tale);
      // the unsaved tale is saved now: the next "add tale" asks the server for a fresh one
      queryClient.removeQueries({ queryKey: taleKeys.one(null), exact: true });
      void queryClient.invalidateQueries({ queryKey: ['feed'] });
    },
  });
}
