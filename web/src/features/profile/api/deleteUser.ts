import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, FORM_ID } from '../../../../../common/routes';
import { apiFetch, isSuccess } from '../../../api/client';
import { profileQueryKey } from './getProfile';

/** POST /auth/UserDelete/{id}: removes the account and everything it owns. */
export const deleteUser = (id: number) => apiFetch(api.userDelete(id), { method: 'POST', body: { form_id: FORM_ID.userDelete } });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (env, id) => {
      if (isSuccess(env)) queryClient.removeQueries({ queryKey: profileQueryKey(id) });
    },
  });
}
