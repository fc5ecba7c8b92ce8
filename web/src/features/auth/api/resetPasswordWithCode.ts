import { useMutation } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';

export interface ResetWithCodeInput {
  mail: string;
  reset_code: string;
  password: string;
  confirm_password: string;
}

/** POST /auth/ResetPasswordWithCode: sets the new password and logs in. */
export const resetPasswordWithCode = (input: ResetWithCodeInput) => callApi(calls.auth.resetWithCode, { body: input });

export const useResetPasswordWithCode = () => useMutation({ mutationFn: resetPasswordWithCode });
