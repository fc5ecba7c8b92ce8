import { type QueryClient, useQuery } from '@tanstack/react-query';
import { getTale, taleKeys } from '@/api/tales';

/** The cache entry of one tale or comment, by id: the same entry the tale screen reads. */
const taleKey = (id: number) => taleKeys.one(String(id));

/**
 * A tale as the comments block last read it. Not fetched by itself: it is filled by
 * `refreshTale` after the thread changed, so the counters shown follow our own writes.
 * `load` fetches it at once (a replies block shown without its post needs the post's rules).
 * A tale that could not be read has no data (the fetch wrapper has shown why).
 */
export const useThreadTale = (id: number | null, load = false) =>
  useQuery({
    queryKey: taleKey(id ?? 0),
    queryFn: ({ signal }) => getTale(String(id ?? 0), signal),
    enabled: load && id != null,
    staleTime: Number.POSITIVE_INFINITY,
    // gone with the block: a later visit trusts the tale it is given, which is newer
    gcTime: 0,
  });

/** Reads the tale again; rejects when it could not be read. */
export const refreshTale = (queryClient: QueryClient, id: number) =>
  queryClient.fetchQuery({ queryKey: taleKey(id), queryFn: ({ signal }) => getTale(String(id), signal), staleTime: 0, gcTime: 0 });
