import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';

/** POST /auth/logout: the answer carries a guest CurrentUser, which ends the session here too. */
export const logout = () => callApi(calls.auth.logout);

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // what was loaded for the user must not linger for the next visitor of this browser
    onSettled: () => queryClient.clear(),
  });
}
