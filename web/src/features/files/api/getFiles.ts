import { useQuery } from '@tanstack/react-query';
import { api } from '@common/routes';
import type { FileRow } from '@common/schemas/file';
import { apiFetch, isSuccess } from '@/api/client';

/** Files hang on a tale (the only entity table the server serves). */
export const FILES_ENTITY_TABLE = 'tale';

export const filesKeys = {
  all: ['files'] as const,
  of: (taleId: number) => ['files', FILES_ENTITY_TABLE, taleId] as const,
};

/** GET /FileUpload/getFiles/tale/{id}: every file of the tale, ordered by `order`, then name. */
export async function getFiles(taleId: number, signal?: AbortSignal): Promise<FileRow[]> {
  const env = await apiFetch<FileRow[]>(api.filesOf(FILES_ENTITY_TABLE, taleId), { signal });
  return isSuccess(env) && Array.isArray(env.data) ? env.data : [];
}

/** Loaded only while the panel is open (spec section 2); the panel drops it when it closes. */
export const useFiles = (taleId: number, enabled: boolean) =>
  useQuery({
    queryKey: filesKeys.of(taleId),
    queryFn: ({ signal }) => getFiles(taleId, signal),
    enabled,
    staleTime: 0,
  });
