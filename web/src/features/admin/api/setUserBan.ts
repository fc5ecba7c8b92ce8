import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';
import { adminQueries } from '@/api/admin';

export interface SetBanInput {
  id: number;
  /** Unix seconds; null lifts the ban. */
  bannedTill: number | null;
}

/** POST /admin/users/{id}/ban: bans until a moment, or lifts the ban with null; answers the user. */
export const setUserBan = ({ id, bannedTill }: SetBanInput) =>
  callApi(calls.admin.setUserBan, { params: { id }, body: { banned_till: bannedTill } });

export function useSetUserBan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserBan, onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueries.allUsers() }) });
}
