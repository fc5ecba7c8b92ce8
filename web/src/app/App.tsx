import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '@/api/queryClient';
import { router } from './router';
import { useSessionQueryReset } from './useSessionQueryReset';

function Session() {
  useSessionQueryReset();
  return null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Session />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
