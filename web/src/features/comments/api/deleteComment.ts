import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';
import { isSuccess } from '@/api/client';
import { afterThreadChange, type ThreadPlace } from './threadCache';

/** POST /tale/delete/{id}: a level-1 comment takes its replies with it. */
export const deleteComment = (id: number) => callApi(calls.tales.deleteTale, { params: { id }, body: {} });

export function useDeleteComment(place: ThreadPlace) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: async (env) => {
      if (isSuccess(env)) await afterThreadChange(queryClient, place);
    },
  });
}
