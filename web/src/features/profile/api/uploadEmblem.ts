import { useMutation } from '@tanstack/react-query';
import { uploadEmblem } from '@/api/uploadEditorImage';

/**
 * A chosen file uploaded as an emblem (made a small square by the server). It only gives the new
 * image's address: the profile form keeps it, and it becomes the profile's with the form's Save.
 */
export function useUploadEmblem() {
  return useMutation({ mutationFn: (file: File) => uploadEmblem(file) });
}
