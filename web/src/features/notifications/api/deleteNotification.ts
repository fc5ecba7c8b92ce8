import { useMutation } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';

/** POST /notification/Delete/{id}. */
export const deleteNotification = (id: number) => callApi(calls.notifications.deleteNotification, { params: { id } });

export const useDeleteNotification = () => useMutation({ mutationFn: deleteNotification });
