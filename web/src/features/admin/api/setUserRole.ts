import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import type { RoleName } from '@common/constants';
import { callApi } from '@/api/call';
import { adminQueries } from '@/api/admin';

export interface SetRoleInput {
  id: number;
  role: RoleName;
  on: boolean;
}

/** POST /admin/users/{id}/roles: grants or removes admin or moderator; answers the user. */
export const setUserRole = ({ id, role, on }: SetRoleInput) =>
  callApi(calls.admin.setUserRole, { params: { id }, body: { role, on: on ? 1 : 0 } });

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserRole, onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.allUsers() }) });
}
