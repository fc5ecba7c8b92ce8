import { useMutation } from '@tanstack/react-query';
import { api, FORM_ID } from '@common/routes';
import { apiFetch } from '@/api/client';

export interface ResetRequestInput {
  mail: string;
}

/** POST /auth/ResetPasswordRequest: mails a reset code; the answer is the same for any mail. */
export const resetPasswordRequest = (input: ResetRequestInput) =>
  apiFetch(api.resetRequest, { method: 'POST', body: { ...input, form_id: FORM_ID.resetRequest } });

export const useResetPasswordRequest = () => useMutation({ mutationFn: resetPasswordRequest });
