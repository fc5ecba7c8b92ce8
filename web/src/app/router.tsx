import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { adminRoutes } from '@/features/admin/routes';
import { notificationRoutes } from '@/features/notifications/routes';
import { toolRoutes } from '@/features/tools/routes';
// The feed is the home page, so it is in the first chunk; it holds no editor and no map code: those
// load with the tale screen, in edit mode and for tales with a map.
import FeedPage from './routes/FeedPage';
import NotFoundPage from './routes/NotFoundPage';
import RouteErrorPage from './routes/RouteErrorPage';
import { Layout } from './shell/Layout';

// Every screen but the home page is its own chunk, so the first page stays small.
const LoginPage = lazy(() => import('@/features/auth/components/LoginPage'));
const LogoutPage = lazy(() => import('@/features/auth/components/LogoutPage'));
const RegisterPage = lazy(() => import('@/features/auth/components/RegisterPage'));
const ChangePasswordPage = lazy(() => import('@/features/auth/components/ChangePasswordPage'));
const ResetRequestPage = lazy(() => import('@/features/auth/components/ResetRequestPage'));
const ResetWithCodePage = lazy(() => import('@/features/auth/components/ResetWithCodePage'));
const ProfilePage = lazy(() => import('./routes/ProfilePage'));
const TalePage = lazy(() => import('./routes/TalePage'));
const MapPage = lazy(() => import('./routes/MapPage'));

export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: 'auth/login', element: <LoginPage /> },
      { path: 'auth/logout', element: <LogoutPage /> },
      { path: 'auth/register', element: <RegisterPage /> },
      { path: 'auth/change_password', element: <ChangePasswordPage /> },
      { path: 'auth/reset_password_request', element: <ResetRequestPage /> },
      { path: 'auth/reset_password_with_code', element: <ResetWithCodePage /> },
      { path: 'auth/profile', element: <ProfilePage /> },
      { path: 'auth/profile/:id', element: <ProfilePage /> },
      { index: true, element: <FeedPage /> },
      { path: 'tale/feed', element: <FeedPage /> },
      { path: 'map', element: <MapPage /> },
      { path: 'tale/upsert', element: <TalePage /> },
      { path: 'tale/upsert/:id', element: <TalePage /> },
      // a single dynamic segment, so every static route of the app still ranks above it
      { path: ':alias', element: <TalePage /> },
      ...notificationRoutes,
      ...toolRoutes,
      ...adminRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
