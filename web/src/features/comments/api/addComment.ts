import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';
import { isSuccess } from '@/api/client';
import { afterThreadChange, type ThreadPlace } from './threadCache';

export interface NewComment {
  /** The post (a comment at level 1) or the level-1 comment (a reply at level 2). */
  answerTo: number;
  body: string;
}

/** POST /tale/upsert without id: the server derives level, root and type from the parent; data is the new comment. */
export const addComment = ({ answerTo, body }: NewComment) =>
  callApi(calls.tales.saveTale, { form: 'comment', body: { answer_to_tale_id: answerTo, type: 'COMMENT', body } });

export function useAddComment(place: ThreadPlace) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: async (env) => {
      // the new comment is the newest: the list goes back to its last page, where it is
      if (isSuccess(env)) await afterThreadChange(queryClient, place, { reset: true });
    },
  });
}
