import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isSuccess } from '@/api/client';
import { deleteUser, userQueries } from '@/api/users';

/** A person deletes their own profile; its cached copy goes with it. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (env, id) => {
      if (isSuccess(env)) queryClient.removeQueries({ queryKey: userQueries.profile(id).queryKey });
    },
  });
}
