import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';
import { taleQueries } from '@/api/tales';

/** POST /tale/delete/{id}: the tale with everything under it. */
export const deleteTale = (id: number) => callApi(calls.tales.deleteTale, { params: { id }, body: {} });

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
