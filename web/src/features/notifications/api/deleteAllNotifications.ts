import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/api/client';

/** POST /notification/Delete without an id: every notification of the caller. */
export const deleteAllNotifications = () =>
  apiFetch<{ deleted?: number }>('/notification/Delete', { method: 'POST', body: { form_id: 'actionDeleteAll' } });

export const useDeleteAllNotifications = () => useMutation({ mutationFn: deleteAllNotifications });
