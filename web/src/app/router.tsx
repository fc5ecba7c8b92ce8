import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { adminRoutes } from '@/features/admin/routes';
import { notificationRoutes } from '@/features/notifications/routes';
import { taleRoutes } from '@/features/tale/routes';
import { toolRoutes } from '@/features/tools/routes';
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
const ProfilePage = lazy(() => import('@/features/profile/components/ProfilePage'));

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
      ...taleRoutes,
      ...notificationRoutes,
      ...toolRoutes,
      ...adminRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
