import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCurrentUser } from '@/lib/currentUser';

/**
 * What the server answered depends on who asked (a profile's mail, drafts): when the session
 * changes hands, everything loaded before is refetched for the new caller.
 */
export function useSessionQueryReset(): void {
  const queryClient = useQueryClient();
  const { id } = useCurrentUser();
  const previous = useRef(id);
  useEffect(() => {
    if (previous.current === id) return;
    previous.current = id;
    void queryClient.invalidateQueries();
  }, [id, queryClient]);
}
