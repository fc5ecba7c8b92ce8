import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@common/schemas/admin';
import type { RoleName } from '@common/constants';
import { apiFetch } from '@/api/client';
import { adminQueries } from '@/api/admin';

export interface SetRoleInput {
  id: number;
  role: RoleName;
  on: boolean;
}

/** POST /admin/users/{id}/roles: grants or removes admin or moderator; answers the user. */
export const setUserRole = ({ id, role, on }: SetRoleInput) =>
  apiFetch<AdminUser>(`/admin/users/${id}/roles`, { method: 'POST', body: { role, on: on ? 1 : 0, form_id: 'actionUserRole' } });

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserRole, onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.allUsers() }) });
}
