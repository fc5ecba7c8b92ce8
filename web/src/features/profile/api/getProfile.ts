import { useQuery } from '@tanstack/react-query';
import { api } from '@common/routes';
import type { PublicUser } from '@common/schemas/user';
import { apiFetch, isSuccess } from '@/api/client';

export const profileQueryKey = (id: number) => ['profile', id] as const;

/** GET /auth/profile/{id}: data.user, or null when the server has no such profile for us. */
export async function getProfile(id: number): Promise<PublicUser | null> {
  const env = await apiFetch<{ user?: PublicUser }>(api.profileOf(id));
  return isSuccess(env) && env.data?.user ? env.data.user : null;
}

export const useProfile = (id: number | null) =>
  useQuery({
    queryKey: profileQueryKey(id ?? 0),
    queryFn: () => getProfile(id ?? 0),
    enabled: id != null && id > 0,
  });
