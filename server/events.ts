import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from './db/client';
import { type TransactionEnds, inOneTrip, inTransaction, inTripThenCommit, inTwoTrips } from './db/transaction';
import type { Statement } from './db/shape';

/**
 * What a committed write tells the rest of the app. Caches (caches.ts) drop what an event makes
 * stale; the files feature removes the stored objects of rows a delete took along. Events are
 * facts about committed data, never requests: a subscriber that fails is logged, the write stands.
 */
export type AppEvent =
  /** A tale's or comment's text, counters or likes changed. */
  | { type: 'tale.changed'; taleId: number }
  /** A post was saved (new or edited): what a search finds it by may have changed (memory-search.ts). */
  | { type: 'tale.saved'; taleId: number }
  /**
   * A tale was saved: these lists (`feed`, `author:ID`, `tag:TAG`, `search`; see caches.ts) may
   * hold other tales, or in another order, now.
   */
  | { type: 'lists.changed'; lists: string[] }
  /** How a person shows beside what they wrote or liked changed (names, emblem). */
  | { type: 'author.changed'; userId: number }
  /** Anything any list shows may have changed (a server caught up after missing writes): every list moved. */
  | { type: 'feed.changed' }
  /** A tale or comment was deleted with everything under it (its lists come as lists.changed). */
  | { type: 'tale.deleted'; taleId: number }
  /** A user's row, roles, ban, sessions or unread notifications changed. */
  | { type: 'user.changed'; userId: number }
  /** A user was deleted with everything they owned. */
  | { type: 'user.deleted'; userId: number }
  /** Something changed for users no event names (a delete took others' notifications along). */
  | { type: 'users.changed' };

const id = z.number().int().positive();
/** The most lists one lists.changed names (a write that changes more sends several). */
export const MAX_LISTS_PER_EVENT = 200;
/** An event as another server sends it (event-relay.ts): checked field by field before it is believed. */
export const AppEventSchema: z.ZodType<AppEvent> = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('tale.changed'), taleId: id }),
  z.strictObject({ type: z.literal('tale.saved'), taleId: id }),
  z.strictObject({ type: z.literal('lists.changed'), lists: z.array(z.string().max(300)).max(MAX_LISTS_PER_EVENT) }),
  z.strictObject({ type: z.literal('author.changed'), userId: id }),
  z.strictObject({ type: z.literal('feed.changed') }),
  z.strictObject({ type: z.literal('tale.deleted'), taleId: id }),
  z.strictObject({ type: z.literal('user.changed'), userId: id }),
  z.strictObject({ type: z.literal('user.deleted'), userId: id }),
  z.strictObject({ type: z.literal('users.changed') }),
]);

/**
 * Where an event comes from: a write of this server, or one another server committed (told by the
 * event relay). Caches drop entries for both; work that belongs to the write itself (removing a
 * deleted tale's files) is done once, by the server that made it.
 */
export interface EventOrigin {
  remote: boolean;
}
export type Listener = (event: AppEvent, origin: EventOrigin) => void | Promise<void>;
/** Collects an event of the transaction under way; it is published once that commits. */
export type Emit = (event: AppEvent) => void;

/** Carries this server's committed events to the others (event-relay.ts). */
export interface EventSender {
  send(events: readonly AppEvent[]): Promise<void>;
  /**
   * SQL that tells the other servers as part of the transaction that made the events, run with its
   * COMMIT (the PostgreSQL relay's NOTIFY, delivered by the database exactly when the change is);
   * a sender without it is asked to `send` once the transaction committed.
   */
  atCommit?(events: readonly AppEvent[]): string;
}

/** One per app (in its Deps): two apps in one process do not hear each other, unless a relay joins them. */
export interface EventBus {
  /**
   * Events this server committed: every listener hears each event, in order, and is waited for (a
   * failure is logged); then the relay, if any, tells the other servers.
   */
  publish(events: readonly AppEvent[], options?: { relayed?: boolean }): Promise<void>;
  /**
   * SQL to run with the COMMIT of the transaction these events come from, when the relay tells the
   * other servers that way (then `publish` is told `relayed`); undefined when it sends afterwards.
   */
  atCommit(events: readonly AppEvent[]): string | undefined;
  /** Whether `atCommit` gives SQL for events (the relay tells with the COMMIT), so they must be known before it. */
  readonly tellsAtCommit: boolean;
  /** Events another server committed, as the relay received them: the listeners hear them as remote. */
  deliver(events: readonly AppEvent[]): Promise<void>;
  /** Sends every later publish to the other servers too. */
  relayTo(sender: EventSender): void;
  /** Adds a listener; answers the function that removes it. */
  subscribe(listener: Listener): () => void;
}

export function createEventBus(log?: FastifyBaseLogger): EventBus {
  const listeners = new Set<Listener>();
  let sender: EventSender | undefined;
  const tell = async (events: readonly AppEvent[], origin: EventOrigin) => {
    for (const event of events) {
      for (const listener of listeners) {
        try {
          await listener(event, origin);
        } catch (err) {
          log?.error({ err, event, remote: origin.remote }, 'an event listener failed; the committed write stands');
        }
      }
    }
  };
  return {
    async publish(events, options) {
      const unique = dedupe(events);
      if (!unique.length) return;
      await tell(unique, { remote: false });
      if (!options?.relayed) await sender?.send(unique);
    },
    atCommit(events) {
      const unique = dedupe(events);
      if (!unique.length || !sender?.atCommit) return undefined;
      return sender.atCommit(unique);
    },
    get tellsAtCommit() {
      return sender?.atCommit !== undefined;
    },
    async deliver(events) {
      await tell(dedupe(events), { remote: true });
    },
    relayTo(next) {
      sender = next;
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
 * Runs a transaction that says `pending` (`run`, given what it carries at its ends: the advisory
 * lock it needs with its BEGIN, locks.ts, and the events' NOTIFY with its COMMIT where the relay
 * can tell the other servers that way, PostgreSQL), then tells this server's listeners, and the
 * relay when the commit did not. Nothing is told when `run` throws.
 */
async function withEvents<T>(
  deps: { events: EventBus },
  pending: readonly AppEvent[],
  lock: readonly (string | number)[] | undefined,
  run: (ends: TransactionEnds) => Promise<T>,
): Promise<T> {
  let relayed = false;
  const result = await run({
    lock,
    atCommit: () => {
      const told = deps.events.atCommit(pending);
      relayed = told !== undefined;
      return told ?? '';
    },
  });
  await deps.events.publish(pending, { relayed });
  return result;
}

/**
 * Runs `work` in one transaction and publishes the events it emitted once that committed (none if
 * it threw, so nobody drops a cache or removes a file for a change that rolled back). `lock` names
 * an advisory lock (locks.ts) the transaction holds from its first moment. Every write
 * of a feature goes through here, so "what changed" is said where the change is made.
 */
export async function transact<T>(
  deps: { db: Db; events: EventBus },
  work: (tx: Db, emit: Emit) => Promise<T>,
  options: { lock?: readonly (string | number)[] } = {},
): Promise<T> {
  const pending: AppEvent[] = [];
  return withEvents(deps, pending, options.lock, (ends) => inTransaction(deps.db, (tx) => work(tx, (event) => pending.push(event)), ends));
}

/**
 * `transact` for a write that is one statement, known whole before it starts, with its events: the
 * transaction (its lock, the statement, the events' NOTIFY) is one round trip on PostgreSQL
 * (db/transaction.ts, `inOneTrip`). Events given as a function of the statement's rows (a new
 * row's id) cost a second trip only where the relay tells with the COMMIT. Answers the rows.
 */
export async function transactOne<T>(
  deps: { db: Db; events: EventBus },
  statement: Statement,
  events: readonly AppEvent[] | ((rows: T[]) => AppEvent[]),
  options: { lock?: readonly (string | number)[] } = {},
): Promise<T[]> {
  if (typeof events !== 'function') return withEvents(deps, events, options.lock, (ends) => inOneTrip<T>(deps.db, statement, ends));
  // Events named by what the statement wrote (a new row's id): known only once it ran. Where the
  // relay tells with the COMMIT, that waits for them (a second trip); otherwise they are told after.
  const pending: AppEvent[] = [];
  const seen = (rows: T[]) => {
    pending.push(...events(rows));
  };
  return withEvents(deps, pending, options.lock, async (ends) => {
    if (deps.events.tellsAtCommit) return inTripThenCommit<T>(deps.db, statement, seen, ends);
    const rows = await inOneTrip<T>(deps.db, statement, ends);
    seen(rows);
    return rows;
  });
}

/**
 * `transact` for a write of two statements, the second made from what the first read under the
 * transaction's lock: two round trips on PostgreSQL (db/transaction.ts, `inTwoTrips`). `then`
 * decides (it may throw, which rolls back) and emits the events. Answers the second's rows.
 */
export async function transactTwo<A, B>(
  deps: { db: Db; events: EventBus },
  first: Statement,
  then: (rows: A[], emit: Emit) => Statement,
  options: { lock?: readonly (string | number)[] } = {},
): Promise<B[]> {
  const pending: AppEvent[] = [];
  return withEvents(deps, pending, options.lock, (ends) =>
    inTwoTrips<A, B>(deps.db, first, (read) => then(read, (event) => pending.push(event)), ends),
  );
}
