import { useMutation } from '@tanstack/react-query';
import { api, FORM_ID } from '@common/routes';
import type { LoginBody } from '@common/schemas/user';
import { apiFetch } from '@/api/client';

export type LoginInput = Pick<LoginBody, 'mail' | 'password'>;

/** POST /auth/login: the answer's CurrentUser (with token) becomes the session. */
export const login = (input: LoginInput) => apiFetch(api.login, { method: 'POST', body: { ...input, form_id: FORM_ID.login } });

export const useLogin = () => useMutation({ mutationFn: login });
