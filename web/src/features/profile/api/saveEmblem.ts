import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import type { PublicUser } from '@common/schemas/user';
import { callApi } from '@/api/call';
import { isSuccess } from '@/api/client';
import { uploadEmblem } from '@/api/uploadEditorImage';
import { userQueries } from '@/api/users';

/**
 * POST /auth/profile with the emblem alone (the server changes only the fields sent). For one's own
 * profile the answer's CurrentUser carries the new emblem, so the navbar shows it at once.
 */
export const saveEmblem = (id: number, emblem: string) => callApi(calls.profiles.updateProfile, { body: { id, emblem } });

/** A chosen file becomes the emblem: uploaded (made a small square by the server), then saved. */
export async function replaceEmblem(id: number, file: File | null): Promise<PublicUser | null> {
  const url = file ? await uploadEmblem(file) : '';
  const env = await saveEmblem(id, url);
  return isSuccess(env) && env.data?.user ? env.data.user : null;
}

export function useReplaceEmblem(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => replaceEmblem(id, file),
    onSuccess: (user) => {
      if (user) queryClient.setQueryData(userQueries.profile(id).queryKey, user);
    },
  });
}
