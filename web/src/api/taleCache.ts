import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Tale } from '@common/schemas/tale';
import { type CommentsPage, commentQueries } from './comments';
import { type FeedPage, taleQueries } from './tales';

const patched = (tales: Tale[], id: number, patch: Partial<Tale>): Tale[] | null =>
  tales.some((t) => t.id === id) ? tales.map((t) => (t.id === id ? { ...t, ...patch } : t)) : null;

/**
 * Writes what the server answered about one tale or comment (its like count, its comment count)
 * into every copy the cache holds: its own entry, every feed page and every list of comments that
 * shows it. So every screen shows the same numbers at once, without reading anything again.
 */
export function patchTale(queryClient: QueryClient, id: number, patch: Partial<Tale>): void {
  queryClient.setQueryData(taleQueries.one(id).queryKey, (old) => (old ? { ...old, ...patch } : old));
  queryClient.setQueriesData<FeedPage>({ queryKey: taleQueries.feeds() }, (old) => {
    const tales = old && patched(old.tales, id, patch);
    return old && tales ? { ...old, tales } : old;
  });
  queryClient.setQueriesData<InfiniteData<CommentsPage>>({ queryKey: commentQueries.all() }, (old) => {
    if (!old?.pages.some((p) => p.tales.some((t) => t.id === id))) return old;
    return { ...old, pages: old.pages.map((p) => ({ ...p, tales: patched(p.tales, id, patch) ?? p.tales })) };
  });
}

/** Reads a tale again into its entry, and its counters into the lists that show it; rejects when it could not be read. */
export async function refreshTale(queryClient: QueryClient, id: number): Promise<Tale> {
  const tale = await queryClient.fetchQuery({ ...taleQueries.one(id), staleTime: 0 });
  const { count_root_tale_id, count_answer_to_tale_id, count_files, count_like, current_user_liked } = tale;
  patchTale(queryClient, id, { count_root_tale_id, count_answer_to_tale_id, count_files, count_like, current_user_liked });
  return tale;
}
