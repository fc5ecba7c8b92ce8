import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, FORM_ID } from '@common/routes';
import { apiFetch } from '@/api/client';

/** POST /auth/logout: the answer carries a guest CurrentUser, which ends the session here too. */
export const logout = () => apiFetch(api.logout, { method: 'POST', body: { form_id: FORM_ID.logout } });

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // what was loaded for the user must not linger for the next visitor of this browser
    onSettled: () => queryClient.clear(),
  });
}
