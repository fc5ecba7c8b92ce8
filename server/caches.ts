/**
 * Every in-memory cache of the server, one set per app (in its Deps), and what drops them: the
 * events committed writes publish (events.ts). Nothing here is module state, so two apps in one
 * process (tests, benchmarks) never see each other's entries or changes.
 *
 * Correctness comes from the events, not from the short lives: a write on this server is seen by
 * the next request here, and the event relay (event-relay.ts) brings the writes of other servers
 * and of the command-line tool within milliseconds. Only while the relay is cut off does a change
 * made elsewhere wait for an entry's short life (FEED_CACHE_MS / SESSION_CACHE_MS) to end; when it
 * is back, everything is dropped once, for what it may have missed.
 */
import type { Config } from './config';
import type { EventBus } from './events';
import type { ResolvedSession } from './features/auth/sessions';
import type { ListDays } from './features/tales/positions';
import type { TaleRow } from './features/tales/queries';
import type { Pagination } from '../common/schemas/envelope';

/** How long entries live: fixed, or asked each time (shorter while the event relay is cut off). */
export type Ttl = number | (() => number);
const lifeOf = (ttl: Ttl): (() => number) => (typeof ttl === 'number' ? () => ttl : ttl);

/** How long entries live at most while this server cannot hear the others' writes. */
export const CUT_OFF_TTL_MS = 1_000;

/**
 * Promises of values kept for `ttlMs` while `version()` stays the same. Callers asking for a key
 * that is being loaded share the one load, so a burst of misses runs one query, not sixty-four.
 * A value past its time but of the current version is still answered while one caller's load
 * replaces it in the background, so readers never queue behind a refresh; a value of an older
 * version (something was written) is never answered.
 */
export class Memo<V> {
  private entries = new Map<string, { until: number; version: number; value: Promise<V>; refreshing: boolean }>();
  private readonly ttl: () => number;
  constructor(
    ttlMs: Ttl,
    private readonly version: () => number,
    private readonly max = 5_000,
  ) {
    this.ttl = lifeOf(ttlMs);
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const ttlMs = this.ttl();
    if (ttlMs === 0) return load();
    const now = Date.now();
    const version = this.version();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      // an entry made under a longer life (the relay was up) lasts no longer than the life now
      if (hit.until > now && hit.until - ttlMs <= now) return hit.value;
      if (!hit.refreshing) {
        hit.refreshing = true;
        load().then(
          (v) => {
            if (this.entries.get(key) === hit)
              this.entries.set(key, { until: Date.now() + ttlMs, version, value: Promise.resolve(v), refreshing: false });
          },
          () => {
            hit.refreshing = false;
          },
        );
      }
      return hit.value;
    }
    if (this.entries.size >= this.max) {
      for (const [k, e] of this.entries) if (e.version !== version) this.entries.delete(k);
      // Still full: the oldest go (a Map iterates in insertion order).
      for (const k of this.entries.keys()) {
        if (this.entries.size < this.max) break;
        this.entries.delete(k);
      }
    }
    const value = load();
    const entry = { until: now + ttlMs, version, value, refreshing: false };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}

/**
 * Resolved sessions by token for SESSION_CACHE_MS, so a reader's burst of requests (a page and its
 * API calls, a scroll through the feed) costs one session query, not one each. A load that
 * started before a change is never kept: each entry carries the tick at which its query began, and
 * a change records a later tick, so a read racing a commit cannot put the old state back.
 */
export class SessionCache {
  private entries = new Map<string, { value: ResolvedSession; since: number; until: number }>();
  private tick = 0;
  /** The tick of each user's latest change, with when it was made (to forget old ones). */
  private changes = new Map<number, { tick: number; at: number }>();
  /** The tick of the latest change that concerns everyone. */
  private everyoneTick = 0;

  private readonly ttl: () => number;
  constructor(
    ttlMs: Ttl,
    private readonly max = 20_000,
  ) {
    this.ttl = lifeOf(ttlMs);
  }

  /** The user's row, roles, ban, sessions or unread count changed (and is committed). */
  userChanged(userId: number) {
    const now = Date.now();
    this.changes.set(userId, { tick: ++this.tick, at: now });
    if (this.changes.size > 50_000) {
      for (const [id, c] of this.changes) if (now - c.at > this.ttl()) this.changes.delete(id);
    }
  }

  /** Something changed for users not named (bulk deletes): every cached session is dropped. */
  everyoneChanged() {
    this.everyoneTick = ++this.tick;
  }

  private changedSince(userId: number, since: number) {
    return this.everyoneTick > since || (this.changes.get(userId)?.tick ?? 0) > since;
  }

  /** The session of a token hash from memory when still good, otherwise from `load`. */
  async resolve(key: string, load: () => Promise<ResolvedSession | null>): Promise<ResolvedSession | null> {
    const ttlMs = this.ttl();
    if (ttlMs === 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit) {
      const fresh = hit.until > now && hit.until - ttlMs <= now;
      if (fresh && !this.changedSince(hit.value.user.id, hit.since)) return hit.value;
      this.entries.delete(key);
    }
    const since = ++this.tick;
    const value = await load();
    if (value && !this.changedSince(value.user.id, since)) {
      if (this.entries.size >= this.max) {
        // The oldest go first (a Map iterates in insertion order).
        for (const k of this.entries.keys()) {
          if (this.entries.size < this.max * 0.9) break;
          this.entries.delete(k);
        }
      }
      this.entries.set(key, { value, since, until: now + ttlMs });
    }
    return value;
  }
}

export interface Caches {
  sessions: SessionCache;
  /** Pages everyone sees alike (the public feed, searches, an author's public posts, comments). */
  pages: Memo<{ rows: TaleRow[]; pagination: Pagination }>;
  /** Capped counts of those lists: valid as long as no tale came or went. */
  counts: Memo<number>;
  /** Each list's posts per day (tales/positions.ts): valid as long as no tale came, went or moved. */
  positions: Memo<ListDays>;
  /** Single tales by id: the tale page is read far more than written. */
  tales: Memo<TaleRow | undefined>;
  /** Whole answers to visitors as JSON text (tales/visitor-answers.ts). */
  answers: Memo<string>;
}

/**
 * The app's caches, subscribed to its events. Feed caches keep two versions: `content` moves with
 * every change to how a tale reads in a list (text, counters, likes, authors' names), `membership`
 * with the changes that add, remove or move tales, which are all a count depends on. A bump drops
 * more than it must, never less.
 */
export function createCaches(
  config: Pick<Config, 'FEED_CACHE_MS' | 'SESSION_CACHE_MS'>,
  events: EventBus,
  /** Whether this server is one of several and cannot hear the others now (its event relay is down). */
  cutOff: () => boolean = () => false,
): Caches {
  const version = { content: 0, membership: 0 };
  // while cut off, a write on another server shows here after CUT_OFF_TTL_MS at most
  const life = (ms: number) => () => (cutOff() ? Math.min(ms, CUT_OFF_TTL_MS) : ms);
  const ttl = config.FEED_CACHE_MS;
  const caches: Caches = {
    sessions: new SessionCache(life(config.SESSION_CACHE_MS)),
    pages: new Memo(life(ttl), () => version.content),
    counts: new Memo(life(ttl * 10), () => version.membership),
    positions: new Memo(life(ttl * 10), () => version.membership, 20_000),
    tales: new Memo(life(ttl), () => version.content, 20_000),
    answers: new Memo(life(ttl), () => version.content),
  };
  const everything = () => {
    version.membership++;
    version.content++;
  };
  events.subscribe((event) => {
    switch (event.type) {
      case 'tale.changed':
        version.content++;
        break;
      case 'feed.changed':
        everything();
        break;
      case 'tale.deleted':
      case 'user.deleted':
        everything();
        // Notifications about the tale or from the user went with it: unread counts moved.
        caches.sessions.everyoneChanged();
        break;
      case 'user.changed':
        caches.sessions.userChanged(event.userId);
        break;
      case 'users.changed':
        caches.sessions.everyoneChanged();
        break;
    }
  });
  return caches;
}
