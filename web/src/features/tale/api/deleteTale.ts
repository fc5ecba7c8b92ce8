import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isSuccess } from '@/api/client';
import { deleteTale, taleQueries } from '@/api/tales';

/** Deletes a tale; only a delete the server confirmed clears it from the cache and the feeds. */
export function useDeleteTale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTale,
    onSuccess: (env) => {
      if (!isSuccess(env)) return;
      queryClient.removeQueries({ queryKey: taleQueries.all() });
      void queryClient.invalidateQueries({ queryKey: taleQueries.feeds() });
    },
  });
}
