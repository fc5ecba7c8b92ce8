import { queryOptions } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import type { FileRow } from '@common/schemas/file';
import { callApi } from './call';
import { isSuccess } from './client';

/** Files hang on a tale (the only entity table the server serves). */
export const FILES_ENTITY_TABLE = 'tale';

/** GET /FileUpload/getFiles/tale/{id}: every file of the tale, ordered by `order`, then name. */
export async function getFiles(taleId: number, signal?: AbortSignal): Promise<FileRow[]> {
  const env = await callApi(calls.files.files, { params: { entity_table: FILES_ENTITY_TABLE, entity_id: taleId }, signal });
  return isSuccess(env) && Array.isArray(env.data) ? env.data : [];
}

export const fileQueries = {
  /** The files of one tale; read afresh whenever the panel asks (it drops the list when it closes). */
  ofTale: (taleId: number) =>
    queryOptions({
      queryKey: ['files', FILES_ENTITY_TABLE, taleId] as const,
      queryFn: ({ signal }) => getFiles(taleId, signal),
      staleTime: 0,
    }),
};
