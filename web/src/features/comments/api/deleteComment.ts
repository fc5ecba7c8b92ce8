import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isSuccess } from '@/api/client';
import { deleteTale } from '@/api/tales';
import { afterThreadChange, type ThreadPlace } from './threadCache';

export function useDeleteComment(place: ThreadPlace) {
  const queryClient = useQueryClient();
  return useMutation({
    // a level-1 comment takes its replies with it
    mutationFn: deleteTale,
    onSuccess: async (env) => {
      if (isSuccess(env)) await afterThreadChange(queryClient, place);
    },
  });
}
