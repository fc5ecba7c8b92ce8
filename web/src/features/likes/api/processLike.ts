import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeAnswer } from '@common/schemas/conversation';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';
import { isSuccess } from '@/api/client';
import { likeQueries } from '@/api/likes';
import { patchTale } from '@/api/taleCache';

/** POST /like/process with val 1: the server toggles the caller's like and answers the new count and flag. */
export async function processLike(taleId: number): Promise<LikeAnswer | null> {
  const env = await callApi(calls.likes.like, { body: { ref_table: 'tale', ref_id: taleId, val: 1 } });
  const d = env.data;
  return isSuccess(env) && d && typeof d.AmountLikes === 'number'
    ? { AmountLikes: d.AmountLikes, CurrentUserLiked: Number(d.CurrentUserLiked) }
    : null;
}

/**
 * The server's answer goes into the cache, into every copy of the tale (its own entry, the feed
 * pages, the comment lists), so every button showing it shows the same count at once.
 */
export function useProcessLike(taleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => processLike(taleId),
    onSuccess: (answer) => {
      if (answer) patchTale(queryClient, taleId, { count_like: answer.AmountLikes, current_user_liked: answer.CurrentUserLiked });
      return queryClient.invalidateQueries({ queryKey: likeQueries.likersOf(taleId) });
    },
  });
}
