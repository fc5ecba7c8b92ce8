import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, FORM_ID } from '@common/routes';
import type { FileRow } from '@common/schemas/file';
import { apiFetch, isSuccess } from '@/api/client';
import { refreshAfterFileChange } from './refresh';

/** DELETE /FileUpload/delete/{id} with the file row and form_id actionDelete (spec section 7). */
export const deleteFile = (file: FileRow) =>
  apiFetch(api.fileDelete(file.id), { method: 'DELETE', body: { ...file, form_id: FORM_ID.fileDelete } });

export function useDeleteFile(taleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: (env) => {
      if (isSuccess(env)) refreshAfterFileChange(queryClient, taleId);
    },
  });
}
