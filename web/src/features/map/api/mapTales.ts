import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import type { Pagination } from '@common/schemas/envelope';
import type { Bbox, MapTale } from '@common/schemas/map';
import { callApi } from '@/api/call';
import { pageMeta } from '@/api/client';
import { bboxText } from '../utils/viewport';

/** Markers one request of the map page brings (the server allows up to MAP_PAGE_MAX). */
export const MAP_PAGE_SIZE = 200;
/** Tales listed under "nearby" on a tale's page. */
export const NEARBY_SIZE = 5;

export interface MapPage {
  tales: MapTale[];
  pagination: Pagination;
}

const pageOf = (data: unknown, meta: unknown, pageSize: number): MapPage => ({
  tales: (data as { tale?: MapTale[] } | null)?.tale ?? [],
  pagination: pageMeta(meta, pageSize),
});

/** GET /tale/map/{pageSize}/{page}?bbox=&txt=: a viewport's tales, nearest to its centre first. */
export async function getMapTales(bbox: Bbox, txt: string, page: number, signal?: AbortSignal): Promise<MapPage> {
  const env = await callApi(calls.tales.map, {
    params: { pageSize: MAP_PAGE_SIZE, page },
    query: { bbox: bboxText(bbox), txt: txt || undefined },
    signal,
  });
  return pageOf(env.data, env.meta.tale, MAP_PAGE_SIZE);
}

/** GET /tale/nearby/{id}/{pageSize}/1: the tales pinned nearest to one, with their distance. */
export async function getNearby(id: number, signal?: AbortSignal): Promise<MapPage> {
  const env = await callApi(calls.tales.nearby, { params: { id, pageSize: NEARBY_SIZE, page: 1 }, signal });
  return pageOf(env.data, env.meta.tale, NEARBY_SIZE);
}

export const mapQueries = {
  viewport: (bbox: Bbox, txt: string) =>
    infiniteQueryOptions({
      queryKey: ['map', bboxText(bbox), txt] as const,
      queryFn: ({ pageParam, signal }) => getMapTales(bbox, txt, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last: MapPage) =>
        last.pagination.pageCurrentNumber < last.pagination.pagesTotal ? last.pagination.pageCurrentNumber + 1 : undefined,
      staleTime: 30_000,
    }),
  nearby: (id: number) =>
    queryOptions({ queryKey: ['map', 'nearby', id] as const, queryFn: ({ signal }) => getNearby(id, signal), staleTime: 30_000 }),
};
