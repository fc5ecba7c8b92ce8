import { lazy } from 'react';
import type { RouteObject } from 'react-router';
// The feed is the home page, so it is in the first chunk (like the other home page was); it holds no
// editor and no map code: those load with the tale screen, in edit mode and for tales with a map.
import FeedPage from '@/features/feed/components/FeedPage';

const TalePage = lazy(() => import('./components/TalePage'));

/**
 * The feed and tale routes, for the app's router (children of the layout route). `/:alias` is a
 * single dynamic segment, so every static route of the app still ranks above it.
 */
export const taleRoutes: RouteObject[] = [
  { index: true, element: <FeedPage /> },
  { path: 'tale/feed', element: <FeedPage /> },
  { path: 'tale/upsert', element: <TalePage /> },
  { path: 'tale/upsert/:id', element: <TalePage /> },
  { path: ':alias', element: <TalePage /> },
];
