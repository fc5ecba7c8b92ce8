import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const NotificationsPage = lazy(() => import('./components/NotificationsPage'));

/** The notification screen (spec section 2): mount among the shell's child routes. */
export const notificationRoutes: RouteObject[] = [{ path: 'notification', element: <NotificationsPage /> }];
