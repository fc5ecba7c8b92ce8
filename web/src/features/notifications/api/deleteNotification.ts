import { useMutation } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';

/** POST /notification/Delete/{id}?grouped=1: a row of the grouped list, with the likes it stands for. */
export const deleteNotification = (id: number) =>
  callApi(calls.notifications.deleteNotification, { params: { id }, query: { grouped: 1 } });

export const useDeleteNotification = () => useMutation({ mutationFn: deleteNotification });
