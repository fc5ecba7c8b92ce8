import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isSuccess } from '@/api/client';
import { deleteUser } from '@/api/users';
import { profileQueryKey } from './getProfile';

/** A person deletes their own profile; its cached copy goes with it. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (env, id) => {
      if (isSuccess(env)) queryClient.removeQueries({ queryKey: profileQueryKey(id) });
    },
  });
}
