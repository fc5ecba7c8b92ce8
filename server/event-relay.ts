import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { z } from 'zod';
import { type AppEvent, AppEventSchema, type EventSender } from './events';

/**
 * Carries committed events between the servers of one site, so a write on one drops the caches of
 * every other at once (docs/decisions.md, "Events across servers"). Through Redis pub/sub when the
 * site has Redis, otherwise through PostgreSQL's LISTEN/NOTIFY; a single server on PGlite needs
 * neither. Delivery is best effort: a message lost while a connection is down is made up for by
 * dropping every cache when it is back, and until then entries live only their short TTL.
 */
export interface EventRelay extends EventSender {
  readonly kind: 'redis' | 'postgres';
  /** Whether the relay is listening now. */
  readonly up: boolean;
  /** Settles once the relay first listens, or after `ms` if it cannot yet (it keeps trying). */
  ready(ms?: number): Promise<void>;
  close(): Promise<void>;
}

export interface RelayOptions {
  /** A message from another server, checked; the events are for the local bus's `deliver`. */
  onEvents(events: AppEvent[]): void;
  /** The relay was cut off and listens again: what was sent meanwhile is lost, so drop everything. */
  onResumed(): void;
  log?: FastifyBaseLogger;
  /** Names this server in its messages, to skip its own (a random id by default). */
  serverId?: string;
}

/** What travels: who sent it and the events of one commit (or a part of them, under NOTIFY's 8,000 bytes). */
const MessageSchema = z.strictObject({
  from: z.string().min(1).max(100),
  // each event checked on its own (reader): one a newer server sends that this one does not know is skipped, not the whole commit
  events: z.array(z.unknown()).min(1).max(500),
});

/** NOTIFY takes at most 8,000 bytes; messages stay well under it whatever the transport. */
const MAX_MESSAGE_BYTES = 6_000;
/** Waits between attempts to listen again, doubling up to the last. */
const BACKOFF_MS = [100, 250, 500, 1_000, 2_000, 5_000];

/** Splits a commit's events into messages each small enough for NOTIFY. */
export function messagesOf(from: string, events: readonly AppEvent[]): string[] {
  const out: string[] = [];
  let batch: AppEvent[] = [];
  const flush = () => {
    if (batch.length) out.push(JSON.stringify({ from, events: batch }));
    batch = [];
  };
  for (const event of events) {
    batch.push(event);
    if (batch.length >= 500 || JSON.stringify({ from, events: batch }).length > MAX_MESSAGE_BYTES) {
      const last = batch.pop() as AppEvent;
      flush();
      batch = [last];
    }
  }
  flush();
  return out;
}

/** A promise settled by the first `settle()`, or after the wait given to `ready`. */
function readiness() {
  let settle = () => {};
  const first = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return {
    settle: () => settle(),
    ready: (ms = 3_000) => Promise.race([first, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]),
  };
}

/** Reads one message; anything malformed, oversized or of this server is ignored (and a malformed one logged). */
function reader(serverId: string, options: RelayOptions) {
  // messagesOf writes `from` first: this server's own messages come back and are skipped unread
  const own = JSON.stringify({ from: serverId }).slice(0, -1);
  return (text: string) => {
    if (text.startsWith(own)) return;
    if (text.length > MAX_MESSAGE_BYTES * 2) return options.log?.warn({ bytes: text.length }, 'an oversized event message was ignored');
    let parsed: z.infer<typeof MessageSchema>;
    try {
      parsed = MessageSchema.parse(JSON.parse(text));
    } catch {
      return options.log?.warn({ text: text.slice(0, 200) }, 'a malformed event message was ignored');
    }
    if (parsed.from === serverId) return;
    const events: AppEvent[] = [];
    for (const raw of parsed.events) {
      const event = AppEventSchema.safeParse(raw);
      if (event.success) events.push(event.data);
      // during a rolling upgrade a newer server may tell of events this one has no use for
      else options.log?.warn({ event: JSON.stringify(raw).slice(0, 200) }, 'an event this server does not know was skipped');
    }
    if (events.length) options.onEvents(events);
  };
}

/**
 * The Redis channel a site's servers share: qualified by the database's name, so sites with their
 * own databases on one Redis do not mix. Not by its host: servers may name one PostgreSQL
 * differently (localhost, an address, a pooler) and must still hear each other. Two sites whose
 * databases share a name on one Redis set EVENTS_CHANNEL apart.
 */
export function channelFor(base: string, databaseUrl: string): string {
  return `${base}:${decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'postgres'}`;
}

export function redisRelay(url: string, channel: string, options: RelayOptions): EventRelay {
  const serverId = options.serverId ?? randomUUID();
  const read = reader(serverId, options);
  const retryStrategy = (attempt: number) => BACKOFF_MS[Math.min(attempt - 1, BACKOFF_MS.length - 1)];
  // Sending while Redis is away fails at once instead of queueing: a late message is worth nothing
  // (the receivers drop everything when they are back). The messages of the writes that commit in
  // one turn of the event loop go to Redis in one socket write (auto-pipelining).
  const publisher = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy,
    enableAutoPipelining: true,
  });
  const subscriber = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null, retryStrategy });
  let everUp = false;
  let warned = false;
  const firstUp = readiness();
  publisher.on('error', () => {});
  subscriber.on('error', (err) => {
    if (everUp && !warned) options.log?.warn({ err }, 'the event relay lost Redis; caches live their short TTL until it is back');
    warned = true;
  });
  subscriber.on('message', (_channel: string, text: string) => read(text));
  // ioredis subscribes again by itself after every reconnect; 'ready' says it is listening
  subscriber.on('ready', () => {
    if (everUp) {
      options.log?.info('the event relay listens again (Redis)');
      options.onResumed();
    }
    everUp = true;
    warned = false;
    firstUp.settle();
  });
  void subscriber.subscribe(channel).catch(() => {});

  return {
    kind: 'redis',
    get up() {
      return subscriber.status === 'ready';
    },
    ready: firstUp.ready,
    async send(events) {
      for (const message of messagesOf(serverId, events)) {
        try {
          await publisher.publish(channel, message);
        } catch (err) {
          options.log?.debug({ err }, 'an event message could not be sent (Redis is away)');
        }
      }
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

export function postgresRelay(url: string, channel: string, options: RelayOptions): EventRelay {
  const serverId = options.serverId ?? randomUUID();
  const read = reader(serverId, options);
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let everUp = false;
  let timer: NodeJS.Timeout | undefined;
  const firstUp = readiness();

  const reconnectSoon = () => {
    if (closed || timer) return;
    const wait = BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)];
    timer = setTimeout(() => {
      timer = undefined;
      void listen();
    }, wait);
    timer.unref();
  };

  async function listen() {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000, application_name: 'tales-event-relay' });
    const lost = (err?: Error) => {
      if (client !== next) return;
      client = null;
      if (!closed) {
        options.log?.warn({ err }, 'the event relay lost PostgreSQL; caches live their short TTL until it is back');
        reconnectSoon();
      }
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (n) => {
      if (n.channel === channel && n.payload) read(n.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      next.removeAllListeners();
      next.on('error', () => {});
      await next.end().catch(() => {});
      if (!closed) {
        if (attempt === 0) options.log?.warn({ err }, 'the event relay cannot listen on PostgreSQL yet; it keeps trying');
        reconnectSoon();
      }
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    attempt = 0;
    if (everUp) {
      options.log?.info('the event relay listens again (PostgreSQL)');
      options.onResumed();
    }
    everUp = true;
    firstUp.settle();
  }
  void listen();

  return {
    kind: 'postgres',
    get up() {
      return client !== null;
    },
    ready: firstUp.ready,
    // NOTIFY in the writing transaction: PostgreSQL delivers it when (and only if) that commits,
    // on the write's own connection rather than one shared by every write
    atCommit(events) {
      return messagesOf(serverId, events)
        .map((message) => `select pg_notify(${pg.escapeLiteral(channel)}, ${pg.escapeLiteral(message)})`)
        .join(';');
    },
    async send(events) {
      const c = client;
      if (!c) return;
      for (const message of messagesOf(serverId, events)) {
        try {
          await c.query('select pg_notify($1, $2)', [channel, message]);
        } catch (err) {
          options.log?.debug({ err }, 'an event message could not be sent (PostgreSQL is away)');
        }
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * The relay a configuration asks for: none on PGlite (one server, nobody to tell), Redis when the
 * site has it, PostgreSQL otherwise.
 */
export function createEventRelay(
  config: { DATABASE_URL: string; REDIS_URL: string; EVENTS_CHANNEL: string },
  options: RelayOptions,
): EventRelay | undefined {
  if (!config.DATABASE_URL) return undefined;
  if (config.REDIS_URL) return redisRelay(config.REDIS_URL, channelFor(config.EVENTS_CHANNEL, config.DATABASE_URL), options);
  return postgresRelay(config.DATABASE_URL, config.EVENTS_CHANNEL, options);
}
