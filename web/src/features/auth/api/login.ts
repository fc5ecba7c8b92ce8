import { useMutation } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import type { LoginBody } from '@common/schemas/user';
import { callApi } from '@/api/call';

export type LoginInput = Pick<LoginBody, 'mail' | 'password'>;

/** POST /auth/login: the answer's CurrentUser (with token) becomes the session. */
export const login = (input: LoginInput) => callApi(calls.auth.login, { body: input });

export const useLogin = () => useMutation({ mutationFn: login });
