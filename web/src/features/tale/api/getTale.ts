import { useQuery } from '@tanstack/react-query';
import { getTale, type TaleRef, taleKeys } from '@/api/tales';

/** The tale of the tale screen (web/src/api/tales.ts has the fetcher and its cache key). */
export const useTale = (ref: TaleRef, enabled = true) =>
  useQuery({
    queryKey: taleKeys.one(ref),
    queryFn: ({ signal }) => getTale(ref, signal),
    enabled,
    // the unsaved tale and a tale about to be edited must be fresh
    staleTime: 0,
  });
