import { useMutation } from '@tanstack/react-query';
import { api, FORM_ID } from '@common/routes';
import { apiFetch } from '@/api/client';

export interface ChangePasswordInput {
  current_password?: string;
  password: string;
  confirm_password: string;
}

/** POST /auth/ChangePassword: the current password is needed unless the session is fresh. */
export const changePassword = (input: ChangePasswordInput) =>
  apiFetch(api.changePassword, {
    method: 'POST',
    body: {
      ...input,
      current_password: input.current_password ? input.current_password : undefined,
      form_id: FORM_ID.changePassword,
    },
  });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
