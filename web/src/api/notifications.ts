import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@common/constants';
import type { Notification } from '@common/schemas/conversation';
import type { Pagination } from '@common/schemas/envelope';
import { calls } from '@common/api/calls';
import { callApi } from './call';

export interface NotificationsPage {
  items: Notification[];
  pagination: Pagination;
}

/**
 * GET /notification/SelectListLatest/{pageSize}/{page}?grouped=1: the caller's own, newest first,
 * the likes of one item as one row; meta.notification.
 */
export async function getNotifications(page: number, signal?: AbortSignal): Promise<NotificationsPage> {
  const env = await callApi(calls.notifications.notifications, {
    params: { pageSize: PAGE_SIZE_DEFAULT, page },
    query: { grouped: 1 },
    signal,
  });
  const pagination = (env.meta.notification as Pagination | undefined) ?? {
    pageCurrentNumber: page,
    pageSize: PAGE_SIZE_DEFAULT,
    rowsTotal: 0,
    pagesTotal: 1,
  };
  return { items: Array.isArray(env.data) ? env.data : [], pagination };
}

export const notificationQueries = {
  all: () => ['notifications'] as const,
  page: (page: number) =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'list', page] as const,
      queryFn: ({ signal }) => getNotifications(page, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
};
