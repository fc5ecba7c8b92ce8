import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Each admin page is its own chunk; each checks the role itself (components/AdminPage.tsx).
const RestCallPage = lazy(() => import('./components/RestCallPage'));
const AboutPage = lazy(() => import('./components/AboutPage'));
const BaseCurlCallsPage = lazy(() => import('./components/BaseCurlCallsPage'));
const DbTablesPage = lazy(() => import('./components/DbTablesPage'));
const AdminUsersPage = lazy(() => import('./components/AdminUsersPage'));

export const adminRoutes: RouteObject[] = [
  { path: 'RestCall', element: <RestCallPage /> },
  { path: 'about', element: <AboutPage /> },
  { path: 'about/:someParam', element: <AboutPage /> },
  { path: 'SendRestApiQueries/BaseCurlCalls', element: <BaseCurlCallsPage /> },
  { path: 'AdminDbManager/DbTablesColumnsInfo', element: <DbTablesPage /> },
  { path: 'admin/users', element: <AdminUsersPage /> },
];
