import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';
import { isSuccess } from '@/api/client';
import type { FileChange } from '../utils/order';
import { fileQueries } from '@/api/files';

/** POST /AdminDbManager/UpdateBulk/file: names and places of several files at once; data = the saved rows. */
export const saveFiles = (changes: FileChange[]) => callApi(calls.files.editFiles, { params: { table: 'file' }, body: { data: changes } });

export function useSaveFiles(taleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFiles,
    onSuccess: (env) => {
      if (isSuccess(env)) void queryClient.invalidateQueries({ queryKey: fileQueries.ofTale(taleId).queryKey });
    },
  });
}
