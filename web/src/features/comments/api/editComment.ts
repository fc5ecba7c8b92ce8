import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';
import { isSuccess } from '@/api/client';
import { afterThreadChange, type ThreadPlace } from './threadCache';

/** POST /tale/upsert/{id} with the new body (owner or staff); data is the saved comment. */
export const editComment = ({ id, body }: { id: number; body: string }) =>
  callApi(calls.tales.saveTaleById, { params: { id }, body: { id, body } });

export function useEditComment(place: ThreadPlace) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editComment,
    onSuccess: async (env) => {
      if (isSuccess(env)) await afterThreadChange(queryClient, place, { counters: false });
    },
  });
}
