import { QueryClient } from '@tanstack/react-query';

/**
 * Errors are shown by the fetch wrapper as they happen, so a failed call is not retried behind
 * the user's back (that would repeat its messages).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
