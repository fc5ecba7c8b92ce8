import { useMutation } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';

export interface ResetRequestInput {
  mail: string;
}

/** POST /auth/ResetPasswordRequest: mails a reset code; the answer is the same for any mail. */
export const resetPasswordRequest = (input: ResetRequestInput) => callApi(calls.auth.resetRequest, { body: input });

export const useResetPasswordRequest = () => useMutation({ mutationFn: resetPasswordRequest });
