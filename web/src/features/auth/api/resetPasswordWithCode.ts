import { useMutation } from '@tanstack/react-query';
import { api, FORM_ID } from '@common/routes';
import { apiFetch } from '@/api/client';

export interface ResetWithCodeInput {
  mail: string;
  reset_code: string;
  password: string;
  confirm_password: string;
}

/** POST /auth/ResetPasswordWithCode: sets the new password and logs in. */
export const resetPasswordWithCode = (input: ResetWithCodeInput) =>
  apiFetch(api.resetWithCode, { method: 'POST', body: { ...input, form_id: FORM_ID.resetWithCode } });

export const useResetPasswordWithCode = () => useMutation({ mutationFn: resetPasswordWithCode });
