import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import type { FileRow } from '@common/schemas/file';
import { callApi } from '@/api/call';
import { isSuccess } from '@/api/client';
import { refreshAfterFileChange } from './refresh';

/**
 * DELETE /FileUpload/delete/{id} with the file row and form_id actionDelete (spec section 7);
 * quiet when the user did not ask for it (a cancelled upload's file taken back).
 */
export const deleteFile = (file: FileRow, { quiet = false } = {}) =>
  callApi(calls.files.deleteFile, { params: { id: file.id }, body: file, quiet });

export function useDeleteFile(taleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: FileRow) => deleteFile(file),
    onSuccess: (env) => {
      if (isSuccess(env)) refreshAfterFileChange(queryClient, taleId);
    },
  });
}
