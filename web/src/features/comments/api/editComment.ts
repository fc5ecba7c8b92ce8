import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tale } from '@common/schemas/tale';
import { apiFetch, isSuccess } from '@/api/client';
import { afterThreadChange, type ThreadPlace } from './threadCache';

/** POST /tale/upsert/{id} with the new body (owner or staff); data is the saved comment. */
export const editComment = ({ id, body }: { id: number; body: string }) =>
  apiFetch<Tale>(`/tale/upsert/${id}`, { method: 'POST', body: { id, body, form_id: 'actionUpsert' } });

export function useEditComment(place: ThreadPlace) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editComment,
    onSuccess: async (env) => {
      if (isSuccess(env)) await afterThreadChange(queryClient, place, { counters: false });
    },
  });
}
