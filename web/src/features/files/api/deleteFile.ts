import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import type { FileRow } from '@common/schemas/file';
import { callApi } from '@/api/call';
import { isSuccess } from '@/api/client';
import { refreshAfterFileChange } from './refresh';

/** DELETE /FileUpload/delete/{id} with the file row and form_id actionDelete (spec section 7). */
export const deleteFile = (file: FileRow) => callApi(calls.files.deleteFile, { params: { id: file.id }, body: file });

export function useDeleteFile(taleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: (env) => {
      if (isSuccess(env)) refreshAfterFileChange(queryClient, taleId);
    },
  });
}
