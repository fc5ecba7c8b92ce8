import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminUser, DbTable } from '@common/schemas/admin';
import type { Pagination } from '@common/schemas/envelope';
import { calls } from '@common/api/calls';
import { callApi } from './call';
import { isSuccess } from './client';

export interface AdminUsersPage {
  users: AdminUser[];
  pagination: Pagination | null;
}

/** GET /admin/users/{pageSize}/{page}?txt=: a page of users (search in mail and names), pagination in meta.users. */
export async function getAdminUsers(pageSize: number, page: number, txt: string): Promise<AdminUsersPage> {
  const env = await callApi(calls.admin.users, { params: { pageSize, page }, query: { txt: txt || undefined } });
  if (!isSuccess(env) || !Array.isArray(env.data)) return { users: [], pagination: null };
  return { users: env.data, pagination: (env.meta.users as Pagination | undefined) ?? null };
}

/** GET /AdminDbManager/DbTablesColumnsInfo (staff): every table with its columns, keys and ready-made statements. */
export async function getDbTables(): Promise<DbTable[]> {
  const env = await callApi(calls.admin.dbTables);
  return isSuccess(env) && Array.isArray(env.data?.tables) ? env.data.tables : [];
}

export const adminQueries = {
  /** Every page of the admin's user list. */
  allUsers: () => ['admin', 'users'] as const,
  users: ({ pageSize, page, txt }: { pageSize: number; page: number; txt: string }) =>
    queryOptions({
      queryKey: [...adminQueries.allUsers(), pageSize, page, txt] as const,
      queryFn: () => getAdminUsers(pageSize, page, txt),
      placeholderData: keepPreviousData,
    }),
  dbTables: () => queryOptions({ queryKey: ['admin', 'dbTables'] as const, queryFn: getDbTables }),
};
