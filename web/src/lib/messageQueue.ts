import type { Message } from '@common/messages';
import { createStore, useStore } from './store';

/** Messages waiting in the modal (spec section 4): the modal is open while the list is non-empty. */
const queue = createStore<Message[]>([]);

export function pushMessages(messages: readonly Message[] | undefined | null): void {
  if (!messages?.length) return;
  queue.set((prev) => [...prev, ...messages]);
}

export function clearMessages(): void {
  queue.set([]);
}

export function useMessageQueue(): Message[] {
  return useStore(queue);
}
