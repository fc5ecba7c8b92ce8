import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/api/client';

/** POST /notification/Delete/{id}. */
export const deleteNotification = (id: number) =>
  apiFetch<null>(`/notification/Delete/${id}`, { method: 'POST', body: { form_id: 'actionDelete' } });

export const useDeleteNotification = () => useMutation({ mutationFn: deleteNotification });
