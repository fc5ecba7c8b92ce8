import { queryOptions } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import type { PublicUser } from '@common/schemas/user';
import { callApi } from './call';
import { isSuccess } from './client';

/** GET /auth/profile/{id}: data.user, or null when the server has no such profile for us. */
export async function getProfile(id: number): Promise<PublicUser | null> {
  const env = await callApi(calls.profiles.profile, { params: { id } });
  return isSuccess(env) && env.data?.user ? env.data.user : null;
}

export const userQueries = {
  profile: (id: number) =>
    queryOptions({
      queryKey: ['profile', id] as const,
      queryFn: () => getProfile(id),
      enabled: id > 0,
    }),
};

/**
 * POST /auth/UserDelete/{id}: removes the account and everything it owns. Used by the admin's
 * user list and by a person deleting their own profile; each refreshes its own cache.
 */
export const deleteUser = (id: number) => callApi(calls.auth.deleteUser, { params: { id } });
