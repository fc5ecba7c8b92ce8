import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, FORM_ID } from '@common/routes';
import type { FileRow } from '@common/schemas/file';
import { apiFetch, isSuccess } from '@/api/client';
import type { FileChange } from '../utils/order';
import { fileQueries } from '@/api/files';

/** POST /AdminDbManager/UpdateBulk/file: names and places of several files at once; data = the saved rows. */
export const saveFiles = (changes: FileChange[]) =>
  apiFetch<FileRow[]>(api.fileBulk, { method: 'POST', body: { form_id: FORM_ID.fileBulk, data: changes } });

export function useSaveFiles(taleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFiles,
    onSuccess: (env) => {
      if (isSuccess(env)) void queryClient.invalidateQueries({ queryKey: fileQueries.ofTale(taleId).queryKey });
    },
  });
}
