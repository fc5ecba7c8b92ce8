import type { QueryClient } from '@tanstack/react-query';
import { fileQueries } from '@/api/files';
import { refreshTale } from '@/api/taleCache';

/**
 * After an upload or a delete: the list is read again, and so is the tale, whose count_files the
 * panel's header shows (the server keeps it exact).
 */
export function refreshAfterFileChange(queryClient: QueryClient, taleId: number): void {
  void queryClient.invalidateQueries({ queryKey: fileQueries.ofTale(taleId).queryKey });
  void refreshTale(queryClient, taleId).catch(() => null);
}
