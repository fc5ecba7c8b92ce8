import { useEffect } from 'react';
import { fieldOf, type Message } from '@common/messages';
import { createStore, useStore } from './store';

/** A message on screen: the toasts show each until it is dismissed, by the person or by its time. */
export interface Shown {
  id: number;
  message: Message;
}

const queue = createStore<Shown[]>([]);
let nextId = 1;

/**
 * Fields whose messages a form on screen shows under the field itself (applyServerFieldErrors):
 * such a message is not also a toast. Counted, as two forms may claim the same field.
 */
const claimed = new Map<string, number>();

const same = (a: Message, b: Message) =>
  a.templateString === b.templateString && a.status === b.status && JSON.stringify(a.params ?? []) === JSON.stringify(b.params ?? []);

/** Shows the messages of an answer (spec section 4's list), except those a field shows and those already on screen. */
export function pushMessages(messages: readonly Message[] | undefined | null): void {
  if (!messages?.length) return;
  queue.set((prev) => {
    const added: Shown[] = [];
    for (const message of messages) {
      const field = fieldOf(message);
      if (field && claimed.has(field)) continue;
      if ([...prev, ...added].some((s) => same(s.message, message))) continue;
      added.push({ id: nextId++, message });
    }
    return added.length ? [...prev, ...added] : prev;
  });
}

export function dismissMessage(id: number): void {
  queue.set((prev) => (prev.some((s) => s.id === id) ? prev.filter((s) => s.id !== id) : prev));
}

export function clearMessages(): void {
  queue.set([]);
}

export function useMessageQueue(): Shown[] {
  return useStore(queue);
}

/** While mounted, the server's messages about these fields are the form's to show, under the fields. */
export function useClaimedFields(fields: readonly string[]): void {
  const key = fields.join('\n');
  useEffect(() => {
    const names = key.split('\n').filter(Boolean);
    for (const f of names) claimed.set(f, (claimed.get(f) ?? 0) + 1);
    return () => {
      for (const f of names) {
        const n = (claimed.get(f) ?? 1) - 1;
        if (n > 0) claimed.set(f, n);
        else claimed.delete(f);
      }
    };
  }, [key]);
}
