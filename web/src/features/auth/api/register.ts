import { useMutation } from '@tanstack/react-query';
import type { Language } from '@common/constants';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';

export interface RegisterInput {
  mail: string;
  password: string;
  confirm_password: string;
  language?: Language;
  /** The name shown with the account's tales and comments; may be empty. */
  firstname?: string;
}

/** POST /auth/register: success logs the new user in at once. */
export const register = (input: RegisterInput) => callApi(calls.auth.register, { body: input });

export const useRegister = () => useMutation({ mutationFn: register });
