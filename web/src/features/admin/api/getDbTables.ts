import { useQuery } from '@tanstack/react-query';
import type { DbTable } from '@common/schemas/admin';
import { apiFetch, isSuccess } from '@/api/client';

export const DB_TABLES_PATH = '/AdminDbManager/DbTablesColumnsInfo';

/** GET /AdminDbManager/DbTablesColumnsInfo (staff): every table with its columns, keys and ready-made statements. */
export async function getDbTables(): Promise<DbTable[]> {
  const env = await apiFetch<{ tables?: DbTable[] }>(DB_TABLES_PATH);
  return isSuccess(env) && Array.isArray(env.data?.tables) ? env.data.tables : [];
}

export const useDbTables = (enabled: boolean) => useQuery({ queryKey: ['admin', 'dbTables'], queryFn: getDbTables, enabled, retry: false });
