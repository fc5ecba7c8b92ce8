import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Each tool is its own chunk, loaded on first visit (the layout's Suspense shows the spinner).
const UrlParserPage = lazy(() => import('./components/UrlParserPage'));
const CliParserPage = lazy(() => import('./components/CliParserPage'));
const InformerPage = lazy(() => import('./components/InformerPage'));
const SerializedDataEditorPage = lazy(() => import('./components/SerializedDataEditorPage'));
const JsonSearchReplacePage = lazy(() => import('./components/JsonSearchReplacePage'));

export const toolRoutes: RouteObject[] = [
  { path: 'UrlParser', element: <UrlParserPage /> },
  { path: 'CliParser', element: <CliParserPage /> },
  { path: 'Informer', element: <InformerPage /> },
  { path: 'tools/SerializedDataEditor', element: <SerializedDataEditorPage /> },
  { path: 'tools/JsonSearchReplaceBeautify', element: <JsonSearchReplacePage /> },
];
