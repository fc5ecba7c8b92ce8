import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteUser } from '@/api/users';
import { adminQueries } from '@/api/admin';

/** An admin removes an account and everything it owns; the user list is read again. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.allUsers() }) });
}
