import type { QueryClient } from '@tanstack/react-query';
import { commentQueries } from '@/api/comments';
import { refreshTale } from '@/api/taleCache';

/** Where a write happened: the list it changed, the list that shows that list's parent, and the post. */
export interface ThreadPlace {
  parentId: number;
  /** The list holding the parent (the post's list when the parent is a level-1 comment). */
  grandParentId: number | null;
  rootId: number;
}

/**
 * After an add, edit or delete: the changed list is read again (from its last page after an add),
 * the list above it too (its row carries the reply counter), and the post for its comment count
 * (into its entry and every feed page showing it).
 */
export async function afterThreadChange(queryClient: QueryClient, place: ThreadPlace, { reset = false, counters = true } = {}) {
  const jobs: Promise<unknown>[] = [];
  if (reset) jobs.push(queryClient.resetQueries({ queryKey: commentQueries.replies(place.parentId) }));
  else jobs.push(queryClient.invalidateQueries({ queryKey: commentQueries.replies(place.parentId) }));
  if (counters) {
    if (place.grandParentId != null) jobs.push(queryClient.invalidateQueries({ queryKey: commentQueries.replies(place.grandParentId) }));
    jobs.push(refreshTale(queryClient, place.rootId).catch(() => null));
  }
  await Promise.all(jobs);
}
