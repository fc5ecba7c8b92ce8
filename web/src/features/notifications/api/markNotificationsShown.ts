import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/api/client';

/**
 * GET /notification/MarkAsShownEarlierThan/{created_at}: every notification of the caller up to
 * that time is shown; the CurrentUser of the answer carries the new count, which the badge follows.
 */
export const markNotificationsShown = (createdAt: number) =>
  apiFetch<{ marked?: number }>(`/notification/MarkAsShownEarlierThan/${createdAt}`);

export const useMarkNotificationsShown = () => useMutation({ mutationFn: markNotificationsShown });
