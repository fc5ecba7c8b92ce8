import type { QueryClient } from '@tanstack/react-query';
import { taleKeys } from '@/api/tales';
import { filesKeys } from './getFiles';

/**
 * After an upload or a delete: the list is read again, and so is the tale, whose count_files the
 * panel's header shows (the server keeps it exact).
 */
export function refreshAfterFileChange(queryClient: QueryClient, taleId: number): void {
  void queryClient.invalidateQueries({ queryKey: filesKeys.of(taleId) });
  void queryClient.invalidateQueries({ queryKey: taleKeys.all });
}
