import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Pagination } from '@common/schemas/envelope';
import type { Tale } from '@common/schemas/tale';
import { calls } from '@common/api/calls';
import { callApi } from './call';
import { ApiError, isSuccess } from './client';

/**
 * Tales as the server sends them, for every screen that shows one (the tale screen, the feeds, the
 * comments under a tale): the fetchers and the query options of each read. A tale is cached once,
 * under `taleQueries.one(id)`; an address (id, alias, or the caller's unsaved tale) only resolves
 * to that id. Lists (feeds, comments) hold their own copies, kept in step by `taleCache.ts`.
 */

/** How a tale is asked for by its address: its id, its alias, or null for the caller's unsaved tale. */
export type TaleRef = string | null;

export interface FeedRequest {
  pageSize: number;
  page: number;
  txt?: string;
  owner?: number;
}

export interface FeedPage {
  tales: Tale[];
  pagination: Pagination;
}

/**
 * GET /tale/upsert/{id or alias}, or GET /tale/upsert for the caller's one unsaved tale (created
 * by the server on first call). `data` is the tale itself; anything else is an ApiError.
 */
export async function getTale(ref: TaleRef, signal?: AbortSignal): Promise<Tale> {
  // the tale screen says itself that a tale is for members or is not there
  const explains = [401, 404];
  const env = ref
    ? await callApi(calls.tales.tale, { params: { id: ref }, signal, explains })
    : await callApi(calls.tales.unsavedTale, { signal, explains });
  if (!isSuccess(env) || !env.data || typeof env.data !== 'object') throw new ApiError(200, env, 'Tale not loaded');
  return env.data;
}

/** POST /tale/delete/{id}: a tale, or a comment (same table), with everything under it. */
export const deleteTale = (id: number) => callApi(calls.tales.deleteTale, { params: { id }, body: {} });

/** GET /tale/feed/{pageSize}/{page}?txt=&owner=: data.tale and meta.tale. */
export async function getFeed(r: FeedRequest, signal?: AbortSignal): Promise<FeedPage> {
  const env = await callApi(calls.tales.feed, {
    params: { pageSize: r.pageSize, page: r.page },
    query: { txt: r.txt || undefined, owner: r.owner },
    signal,
  });
  if (!isSuccess(env)) throw new ApiError(200, env, 'Feed not loaded');
  const tales = Array.isArray(env.data?.tale) ? env.data.tale : [];
  const pagination = (env.meta.tale as Pagination | undefined) ?? {
    pageCurrentNumber: 1,
    pageSize: r.pageSize,
    rowsTotal: tales.length,
    pagesTotal: 1,
  };
  return { tales, pagination };
}

export const taleQueries = {
  /** Every tale and every address. */
  all: () => ['tale'] as const,
  /** The one cache entry of a tale (or comment). */
  one: (id: number) =>
    queryOptions({
      queryKey: ['tale', 'one', id] as const,
      queryFn: ({ signal }) => getTale(String(id), signal),
    }),
  /**
   * An address of the tale screen, resolved to the tale's id. Read on every visit (the unsaved tale
   * and a tale about to be edited must be fresh); the tale it brings is written to `one(id)`.
   */
  address: (ref: TaleRef) =>
    queryOptions({
      queryKey: ['tale', 'address', ref ?? ''] as const,
      queryFn: async ({ signal, client }) => {
        const tale = await getTale(ref, signal);
        client.setQueryData(taleQueries.one(tale.id).queryKey, tale);
        return tale.id;
      },
      staleTime: 0,
    }),
  /** Every feed page (the home feed, searches, a profile's tales). */
  feeds: () => ['feed'] as const,
  feed: (r: FeedRequest) =>
    queryOptions({
      queryKey: ['feed', r.owner ?? null, r.txt ?? '', r.pageSize, r.page] as const,
      queryFn: ({ signal }) => getFeed(r, signal),
      // the old page stays on screen while the next one loads
      placeholderData: keepPreviousData,
    }),
};
