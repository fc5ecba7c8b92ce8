import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@common/schemas/admin';
import { apiFetch } from '@/api/client';
import { adminQueries } from '@/api/admin';

export interface SetBanInput {
  id: number;
  /** Unix seconds; null lifts the ban. */
  bannedTill: number | null;
}

/** POST /admin/users/{id}/ban: bans until a moment, or lifts the ban with null; answers the user. */
export const setUserBan = ({ id, bannedTill }: SetBanInput) =>
  apiFetch<AdminUser>(`/admin/users/${id}/ban`, { method: 'POST', body: { banned_till: bannedTill, form_id: 'actionUserBan' } });

export function useSetUserBan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserBan, onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.allUsers() }) });
}
