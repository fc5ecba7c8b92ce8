import { queryOptions } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import type { DeletionSummary, PublicUser } from '@common/schemas/user';
import { callApi } from './call';
import { isSuccess } from './client';

/** GET /auth/profile/{id}: data.user, or null when the server has no such profile for us. */
export async function getProfile(id: number): Promise<PublicUser | null> {
  const env = await callApi(calls.profiles.profile, { params: { id } });
  return isSuccess(env) && env.data?.user ? env.data.user : null;
}

/** GET /auth/UserDelete/{id}/summary: what deleting the account would remove; null when refused. */
export async function getDeletionSummary(id: number, signal?: AbortSignal): Promise<DeletionSummary | null> {
  const env = await callApi(calls.auth.deletionSummary, { params: { id }, signal });
  return isSuccess(env) ? env.data : null;
}

export const userQueries = {
  profile: (id: number) =>
    queryOptions({
      queryKey: ['profile', id] as const,
      queryFn: () => getProfile(id),
      enabled: id > 0,
    }),
  /** Counted each time the question is asked: it must say what is there now. */
  deletionSummary: (id: number) =>
    queryOptions({
      queryKey: ['profile', id, 'deletion'] as const,
      queryFn: ({ signal }) => getDeletionSummary(id, signal),
      staleTime: 0,
      gcTime: 0,
    }),
};

/**
 * POST /auth/UserDelete/{id}: removes the account and everything it owns. Used by the admin's
 * user list and by a person deleting their own profile; each refreshes its own cache.
 */
export const deleteUser = (id: number) => callApi(calls.auth.deleteUser, { params: { id } });
