import { useMutation } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';

export interface ChangePasswordInput {
  current_password?: string;
  password: string;
  confirm_password: string;
}

/** POST /auth/ChangePassword: the current password is needed unless the session is fresh. */
export const changePassword = (input: ChangePasswordInput) =>
  callApi(calls.auth.changePassword, {
    body: { ...input, current_password: input.current_password ? input.current_password : undefined },
  });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
