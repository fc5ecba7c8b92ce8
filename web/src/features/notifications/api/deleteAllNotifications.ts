import { useMutation } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';

/** POST /notification/Delete without an id: every notification of the caller. */
export const deleteAllNotifications = () => callApi(calls.notifications.deleteAllNotifications);

export const useDeleteAllNotifications = () => useMutation({ mutationFn: deleteAllNotifications });
