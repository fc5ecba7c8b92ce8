import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@common/schemas/admin';
import type { Pagination } from '@common/schemas/envelope';
import { apiFetch, isSuccess } from '@/api/client';

export interface AdminUsersPage {
  users: AdminUser[];
  pagination: Pagination | null;
}

export const adminUsersKey = ['admin', 'users'] as const;

/** GET /admin/users/{pageSize}/{page}?txt=: a page of users (search in mail and names), pagination in meta.users. */
export async function getAdminUsers(pageSize: number, page: number, txt: string): Promise<AdminUsersPage> {
  const env = await apiFetch<AdminUser[]>(`/admin/users/${pageSize}/${page}`, { query: { txt: txt || undefined } });
  if (!isSuccess(env) || !Array.isArray(env.data)) return { users: [], pagination: null };
  return { users: env.data, pagination: (env.meta.users as Pagination | undefined) ?? null };
}

export const useAdminUsers = (pageSize: number, page: number, txt: string, enabled: boolean) =>
  useQuery({
    queryKey: [...adminUsersKey, pageSize, page, txt],
    queryFn: () => getAdminUsers(pageSize, page, txt),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
