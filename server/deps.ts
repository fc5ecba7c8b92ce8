import type { FastifyBaseLogger } from 'fastify';
import type { Caches } from './caches';
import type { Config } from './config';
import type { Db } from './db/client';
import type { EventBus } from './events';
import type { RateLimiter } from './http/rate-limit';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';

/**
 * Reads a lower feature needs from a higher one, given by app.ts (the one way a dependency goes
 * up the feature order; docs/architecture.md, "Between features").
 */
export interface Lookups {
  /** Which of these tales the user liked (the likes feature; tales present `current_user_liked`). */
  likedBy(db: Db, userId: number, taleIds: number[]): Promise<Set<number>>;
  /** Whether a session token still signs its user in (the auth feature; live notification streams end when not). */
  sessionAlive(token: string): Promise<boolean>;
}

/** What features need from the outside world; built once per app, replaced in tests. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  storage: Storage;
  /** This app's events: published after commit by `transact` (events.ts). */
  events: EventBus;
  /** This app's in-memory caches, dropped by its events (caches.ts). */
  caches: Caches;
  lookups: Lookups;
  /** Whether this server hears the others' events now (event-relay.ts); absent on a single server. */
  relay?: { readonly kind: 'redis' | 'postgres'; readonly up: boolean };
}
