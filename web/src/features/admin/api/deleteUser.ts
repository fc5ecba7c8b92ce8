import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, FORM_ID } from '../../../../../common/routes';
import { apiFetch } from '../../../api/client';
import { adminUsersKey } from './getAdminUsers';

/** POST /auth/UserDelete/{id}: an admin removes an account and everything it owns. */
export const deleteUser = (id: number) => apiFetch(api.userDelete(id), { method: 'POST', body: { form_id: FORM_ID.userDelete } });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }) });
}
