import { useMutation } from '@tanstack/react-query';
import { calls } from '@common/api/calls';
import { callApi } from '@/api/call';

/**
 * GET /notification/MarkAsShownEarlierThan/{created_at}: every notification of the caller up to
 * that time is shown; the CurrentUser of the answer carries the new count, which the badge follows.
 */
export const markNotificationsShown = (createdAt: number) => callApi(calls.notifications.markShown, { params: { created_at: createdAt } });

export const useMarkNotificationsShown = () => useMutation({ mutationFn: markNotificationsShown });
