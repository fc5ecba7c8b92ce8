import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, isSuccess } from '@/api/client';
import { afterThreadChange, type ThreadPlace } from './threadCache';

/** POST /tale/delete/{id}: a level-1 comment takes its replies with it. */
export const deleteComment = (id: number) => apiFetch<null>(`/tale/delete/${id}`, { method: 'POST', body: { form_id: 'actionDelete' } });

export function useDeleteComment(place: ThreadPlace) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: async (env) => {
      if (isSuccess(env)) await afterThreadChange(queryClient, place);
    },
  });
}
