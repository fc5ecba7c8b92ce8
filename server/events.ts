import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';

/**
 * What a committed write tells the rest of the app. Caches (caches.ts) drop what an event makes
 * stale; the files feature removes the stored objects of rows a delete took along. Events are
 * facts about committed data, never requests: a subscriber that fails is logged, the write stands.
 */
export type AppEvent =
  /** A tale's or comment's text, counters or likes changed. */
  | { type: 'tale.changed'; taleId: number }
  /** Tales were added, removed, (un)published or re-indexed: lists and counts moved. */
  | { type: 'feed.changed' }
  /** A tale or comment was deleted with everything under it. */
  | { type: 'tale.deleted'; taleId: number }
  /** A user's row, roles, ban, sessions or unread notifications changed. */
  | { type: 'user.changed'; userId: number }
  /** A user was deleted with everything they owned. */
  | { type: 'user.deleted'; userId: number }
  /** Something changed for users no event names (a delete took others' notifications along). */
  | { type: 'users.changed' };

export type Listener = (event: AppEvent) => void | Promise<void>;
/** Collects an event of the transaction under way; it is published once that commits. */
export type Emit = (event: AppEvent) => void;

/** One per app (in its Deps): two apps in one process do not hear each other. */
export interface EventBus {
  /** Calls every listener with every event, in order, and waits for them; a failure is logged. */
  publish(events: readonly AppEvent[]): Promise<void>;
  /** Adds a listener; answers the function that removes it. */
  subscribe(listener: Listener): () => void;
}

export function createEventBus(log?: FastifyBaseLogger): EventBus {
  const listeners = new Set<Listener>();
  return {
    async publish(events) {
      for (const event of dedupe(events)) {
        for (const listener of listeners) {
          try {
            await listener(event);
          } catch (err) {
            log?.error({ err, event }, 'an event listener failed; the committed write stands');
          }
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The same event twice in one transaction is told once. */
function dedupe(events: readonly AppEvent[]): AppEvent[] {
  const seen = new Set<string>();
  return events.filter((e) => {
    const key = JSON.stringify(e);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Runs `work` in one transaction and publishes the events it emitted once that committed (none if
 * it threw, so nobody drops a cache or removes a file for a change that rolled back). Every write
 * of a feature goes through here, so "what changed" is said where the change is made.
 */
export async function transact<T>(deps: { db: Db; events: EventBus }, work: (tx: Db, emit: Emit) => Promise<T>): Promise<T> {
  const pending: AppEvent[] = [];
  const result = await deps.db.transaction((tx) => work(tx, (event) => pending.push(event)));
  await deps.events.publish(pending);
  return result;
}
