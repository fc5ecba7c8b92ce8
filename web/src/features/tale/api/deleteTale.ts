import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/api/client';
import { taleQueries } from '@/api/tales';

export const FORM_ID_DELETE = 'actionDelete';

/** POST /tale/delete/{id}: the tale with everything under it. */
export const deleteTale = (id: number) => apiFetch<null>(`/tale/delete/${id}`, { method: 'POST', body: { form_id: FORM_ID_DELETE } });

export function useDeleteTale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTale,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: taleQueries.all() });
      void queryClient.invalidateQueries({ queryKey: taleQueries.feeds() });
    },
  });
}
