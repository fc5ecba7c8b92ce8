import { useMutation } from '@tanstack/react-query';
import type { Language } from '@common/constants';
import { api, FORM_ID } from '@common/routes';
import { apiFetch } from '@/api/client';

export interface RegisterInput {
  mail: string;
  password: string;
  confirm_password: string;
  language?: Language;
}

/** POST /auth/register: success logs the new user in at once. */
export const register = (input: RegisterInput) => apiFetch(api.register, { method: 'POST', body: { ...input, form_id: FORM_ID.register } });

export const useRegister = () => useMutation({ mutationFn: register });
