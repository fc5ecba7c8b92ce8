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
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Config } from './config';
import type { EventBus } from './events';
import type { ResolvedSession } from './features/auth/sessions';
import type { ListDays } from './features/tales/positions';
import type { TaleFactsRow, TaleRow } from './features/tales/queries';
import type { Pagination } from '../common/schemas/envelope';
import type { Liker } from '../common/schemas/conversation';
import type { CheckedData } from './http/serializer';
import type { NotificationContext } from './features/notifications/service';

/** How long entries live: fixed, or asked each time (shorter while the event relay is cut off). */
export type Ttl = number | (() => number);
const lifeOf = (ttl: Ttl): (() => number) => (typeof ttl === 'number' ? () => ttl : ttl);

/** How long entries live at most while this server cannot hear the others' writes. */
export const CUT_OFF_TTL_MS = 1_000;

/**
 * What a cached value depends on: a tale by its id (its text, counters, likes), a list by name
 * (`list:feed`, `list:author:7`, `list:tag:lake`, `list:search`: which tales it holds, in what
 * order), a person by id (`user:7`: the names and emblem shown beside what they wrote or liked), or
 * a tale's facts by id (`facts:7`: whose it is, where in a thread, who may see and comment on it;
 * see factsDependency).
 */
export type Dependency = number | string;

/** The name a list's dependency goes by (see Dependency). */
export const listDependency = (list: string): string => `list:${list}`;

/** The name a person's dependency goes by (see Dependency). */
export const userDependency = (userId: number): string => `user:${userId}`;

/**
 * The name of what a tale is that no like, comment or upload changes (its TaleFactsRow): only its
 * save (`tale.saved`) and its delete change that, so a like, which changes the tale's counter,
 * leaves the facts that the next like checks in memory.
 */
export const factsDependency = (taleId: number): string => `facts:${taleId}`;

/** Drops a full map's oldest entries (a Map iterates in insertion order) until it is below 90% of `max`. */
function trimOldest<K>(map: Map<K, unknown>, max: number, remove: (key: K) => void = (key) => map.delete(key)) {
  for (const k of map.keys()) {
    if (map.size < max * 0.9) break;
    remove(k);
  }
}

/**
 * Which tales and lists each cached value was made of, so that a change to one tale (a like, a
 * comment, an upload) drops only the values that show it, and a saved tale only the lists it can
 * be in. Where rows are read, `use` names them; a value made inside another's load (a page inside
 * an answer) names its dependencies to the outer one too. A change records a tick, and a value
 * whose load began before a change to one of its dependencies is not kept, so a read racing a
 * commit cannot put the old row back.
 */
export class TaleDependencies {
  private readonly collecting = new AsyncLocalStorage<Set<Dependency>>();
  private tick = 0;
  /** Each changed tale's or list's latest tick, with when (to forget old ones). */
  private readonly changes = new Map<Dependency, { tick: number; at: number }>();
  private readonly memos = new Set<Memo<unknown>>();

  /** The value being made shows these tales (or lists). */
  use(ids: Iterable<Dependency>) {
    const into = this.collecting.getStore();
    if (into) for (const id of ids) into.add(id);
  }

  /** Runs a load, collecting what it uses. */
  collect<V>(load: () => Promise<V>): { value: Promise<V>; uses: Set<Dependency>; since: number } {
    const uses = new Set<Dependency>();
    return { value: this.collecting.run(uses, load), uses, since: this.tick };
  }

  /** The latest change's tick: a value read from now on is older than no change yet to come. */
  now(): number {
    return this.tick;
  }

  changedSince(uses: Set<Dependency>, since: number): boolean {
    if (this.tick === since) return false;
    for (const id of uses) if ((this.changes.get(id)?.tick ?? 0) > since) return true;
    return false;
  }

  /** A committed write changed how this tale reads. */
  taleChanged(id: number) {
    this.changed(id);
  }

  /** A committed write changed which tales these lists hold (names as in listDependency). */
  listsChanged(lists: Iterable<string>) {
    for (const list of lists) this.changed(listDependency(list));
  }

  /** A committed write changed how this person shows beside what they wrote or liked, or took it away. */
  userChanged(userId: number) {
    this.changed(userDependency(userId));
  }

  /** A committed write saved or deleted this tale: who may see or comment on it, or whether it is there, may have changed. */
  factsChanged(taleId: number) {
    this.changed(factsDependency(taleId));
  }

  private changed(dep: Dependency) {
    const at = Date.now();
    this.changes.set(dep, { tick: ++this.tick, at });
    if (this.changes.size > 50_000) for (const [k, c] of this.changes) if (at - c.at > 600_000) this.changes.delete(k);
    for (const memo of this.memos) memo.dropUsing(dep);
  }

  register(memo: Memo<unknown>) {
    this.memos.add(memo);
  }
}

interface Entry<V> {
  until: number;
  version: number;
  value: Promise<V>;
  refreshing: boolean;
  /** The tales and lists the value shows, once its load has ended (tracked memos only). */
  uses?: Set<Dependency>;
  /** About how many bytes the value takes (memos with a budget). */
  weight?: number;
  /** The value, when `put` kept it (what `peek` answers). */
  put?: { value: V };
}

/**
 * Promises of values kept for `ttlMs` while `version()` stays the same (and, given `tales`, while
 * none of the tales they show changed). Callers asking for a key that is being loaded share the one
 * load, so a burst of misses runs one query, not sixty-four (on probation, two: the first ask's own
 * and the shared one). A value past its time but still good
 * is answered while one caller's load replaces it in the background, so readers never queue behind
 * a refresh; a value something was written to since is never answered.
 */
export class Memo<V> {
  private entries = new Map<string, Entry<V>>();
  /** Keys by the tales and lists their values show. */
  private byTale = new Map<Dependency, Set<string>>();
  /** The version whose older values were last swept out of a full memo. */
  private sweptVersion = -1;
  /** With probation: the keys asked for lately and when first, in two generations (the newer one and the one before). */
  private asked = new Map<string, number>();
  private askedBefore = new Map<string, number>();
  private readonly ttl: () => number;
  constructor(
    ttlMs: Ttl,
    private readonly version: () => number,
    private readonly max = 5_000,
    private readonly tales?: TaleDependencies,
    /**
     * Once half full (of entries or of its budget), keep a new key's value only when the key is
     * asked for again within a value's life of its first ask (and within about the last `max` new
     * keys): for memos whose keys are often asked once, or seldom (a new search's page, a deep
     * page), which are then loaded and answered without the cost of keeping them, and without
     * pushing out values that are asked for again. A key that comes back only after a value's life
     * would find a kept value past its time, whose refresh loads it anyway: keeping it would save
     * no load, and cost the collector the copy.
     */
    private readonly probation = false,
    private readonly options: {
      /** Values kept by put also count against a size: about how many bytes each takes, and how many all may. */
      budget?: { weigh: (value: V) => number; bytes: number };
      /** Told of each value as it is kept (so what is made of it can be kept with it: see Caches.presented). */
      kept?: (value: V) => void;
    } = {},
  ) {
    this.ttl = lifeOf(ttlMs);
    tales?.register(this as Memo<unknown>);
  }

  /** Drops every value that shows this tale or list. */
  dropUsing(taleId: Dependency) {
    for (const key of this.byTale.get(taleId) ?? []) this.remove(key);
  }

  /** About how many bytes the values kept by put take (see options.budget). */
  private weight = 0;

  /** Drops the key's entry; `replaced`: another entry for it is put at once. */
  private remove(key: string, replaced = false) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    // on probation, a key whose value goes (a write dropped it, the memo was full) was asked lately
    if (this.probation && !replaced) this.noteAsk(key, Date.now());
    this.weight -= e.weight ?? 0;
    for (const id of e.uses ?? []) {
      const keys = this.byTale.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byTale.delete(id);
    }
  }

  /**
   * Puts an entry whose value has loaded, filed under the tales it shows. With a budget, a value
   * over a hundredth of it is not kept, and the least used go until a tenth of it is free.
   */
  private keep(key: string, entry: Entry<V>, value: V) {
    this.remove(key, true);
    const { budget } = this.options;
    if (budget) {
      entry.weight ??= budget.weigh(value);
      if (entry.weight > budget.bytes / 100) return;
      if (this.weight + entry.weight > budget.bytes) {
        for (const [k, e] of this.entries) {
          if (this.weight + entry.weight <= budget.bytes * 0.9) break;
          // a value still loading weighs nothing yet, and its callers wait for it
          if (e.weight !== undefined) this.remove(k);
        }
      }
    }
    this.entries.set(key, entry);
    this.weight += entry.weight ?? 0;
    this.options.kept?.(value);
    for (const id of entry.uses ?? []) {
      const keys = this.byTale.get(id) ?? new Set<string>();
      keys.add(key);
      this.byTale.set(id, keys);
    }
  }

  /**
   * Runs a load. On a tracked memo, answers the tales it used as well, and whether one of them
   * changed while it loaded: then the value is answered to those who asked but never kept.
   */
  private async track(load: () => Promise<V>): Promise<{ value: V; uses?: Set<Dependency>; stale: boolean }> {
    if (!this.tales) return { value: await load(), stale: false };
    const run = this.tales.collect(load);
    const value = await run.value;
    return { value, uses: run.uses, stale: this.tales.changedSince(run.uses, run.since) };
  }

  /** The value; its tales are also named to a load this one runs inside of. */
  private named(entry: Entry<V>): Promise<V> {
    if (!this.tales) return entry.value;
    const tales = this.tales;
    return entry.value.then((v) => {
      if (entry.uses) tales.use(entry.uses);
      return v;
    });
  }

  /** Half the entries it may hold, or half its budget, taken. */
  private halfFull(): boolean {
    const { budget } = this.options;
    return this.entries.size >= this.max / 2 || (budget !== undefined && this.weight >= budget.bytes / 2);
  }

  /**
   * Whether the key is asked for the first time lately (probation): not within a value's life
   * (`ttlMs`) of a first ask still noted, nor of its value going. A first ask is noted for next time.
   */
  private firstAsk(key: string, now: number, ttlMs: number): boolean {
    const at = this.asked.get(key) ?? this.askedBefore.get(key);
    if (at !== undefined && now - at <= ttlMs) return false;
    this.noteAsk(key, now);
    return true;
  }

  /** Notes the key as asked at `now`, in the newer generation (a full one becomes the older, and the older goes). */
  private noteAsk(key: string, now: number) {
    if (this.asked.size >= this.max) {
      this.askedBefore = this.asked;
      this.asked = new Map();
    }
    this.asked.set(key, now);
  }

  /**
   * The value `put` kept for the key, while within its life (and its version), or undefined; loads
   * nothing. A hit moves the key to the end, so a full memo lets go of the least used first.
   */
  peek(key: string): V | undefined {
    return this.peekAll([key])[0];
  }

  /** `peek` for many keys at once: the life, the version and the time are asked for once. */
  peekAll(keys: readonly string[]): (V | undefined)[] {
    const ttlMs = this.ttl();
    if (ttlMs === 0) return keys.map(() => undefined);
    const version = this.version();
    const now = Date.now();
    return keys.map((key) => {
      const hit = this.entries.get(key);
      if (!hit?.put || hit.version !== version || hit.until <= now || hit.until - ttlMs > now) return undefined;
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.put.value;
    });
  }

  /** Where a read whose values go to `put` begins: a change after it keeps them out. */
  begin(): number {
    return this.tales?.now() ?? 0;
  }

  /**
   * Keeps a value read since `begin()`, filed under the tales it shows, unless one of them changed
   * since; with a budget, the least used go to make room, and a value over a hundredth of it is not kept.
   */
  put(key: string, value: V, uses: readonly Dependency[], since: number) {
    const ttlMs = this.ttl();
    const used = new Set(uses);
    if (ttlMs === 0 || this.tales?.changedSince(used, since)) return;
    if (this.entries.size >= this.max) trimOldest(this.entries, this.max, (k) => this.remove(k));
    this.keep(
      key,
      {
        until: Date.now() + ttlMs,
        version: this.version(),
        refreshing: false,
        value: Promise.resolve(value),
        uses: used,
        put: { value },
      },
      value,
    );
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const ttlMs = this.ttl();
    if (ttlMs === 0) return load();
    const now = Date.now();
    const version = this.version();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      // an entry made under a longer life (the relay was up) lasts no longer than the life now
      if (hit.until > now && hit.until - ttlMs <= now) return this.named(hit);
      if (!hit.refreshing) {
        hit.refreshing = true;
        this.track(load).then(
          ({ value, uses, stale }) => {
            if (this.entries.get(key) !== hit) return;
            if (stale) this.remove(key);
            else this.keep(key, { until: Date.now() + ttlMs, version, refreshing: false, value: Promise.resolve(value), uses }, value);
          },
          () => {
            hit.refreshing = false;
          },
        );
      }
      return this.named(hit);
    }
    if (this.probation && !hit && this.halfFull() && this.firstAsk(key, now, ttlMs)) return load();
    if (this.entries.size >= this.max) {
      // Values of an older version go first, swept once per version (not on every miss of a full memo).
      if (this.sweptVersion !== version) {
        this.sweptVersion = version;
        for (const [k, e] of this.entries) if (e.version !== version) this.remove(k);
      }
      // Still full: the oldest go, a tenth at a time.
      trimOldest(this.entries, this.max, (k) => this.remove(k));
    }
    const tracked = this.track(load);
    const entry: Entry<V> = { until: now + ttlMs, version, refreshing: false, value: tracked.then((t) => t.value) };
    this.remove(key, true);
    this.entries.set(key, entry);
    tracked.then(
      ({ uses, stale, value }) => {
        entry.uses = uses; // named to an outer load even when not kept, so that it is not kept either
        if (this.entries.get(key) !== entry) return;
        if (stale) this.remove(key);
        else this.keep(key, entry, value);
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    return this.named(entry);
  }
}

/**
 * Resolved sessions by token for SESSION_CACHE_MS, so a reader's burst of requests (a page and its
 * API calls, a scroll through the feed) costs one session query, not one each; and numbers about a
 * user that change only with events naming the user (how many notifications they have). A load that
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

  /** What is known about a user (how many notifications they have), by `kind:userId`. */
  private userValues = new Map<string, { value: unknown; since: number; until: number }>();

  /** Where a load of a user value begins: pass it to keepUserValue with what the load read. */
  begin(): number {
    return ++this.tick;
  }

  /** A value about a user (a number unless said), kept under the rule of their sessions: any change of the user drops it. */
  userValue<T = number>(kind: string, userId: number): T | undefined {
    const hit = this.userValues.get(`${kind}:${userId}`);
    if (!hit) return undefined;
    const ttlMs = this.ttl();
    const now = Date.now();
    if (hit.until > now && hit.until - ttlMs <= now && !this.changedSince(userId, hit.since)) return hit.value as T;
    this.userValues.delete(`${kind}:${userId}`);
    return undefined;
  }

  /** Keeps what a load that began at `since` read, unless the user changed since. */
  keepUserValue<T = number>(kind: string, userId: number, value: T, since: number) {
    const ttlMs = this.ttl();
    if (ttlMs === 0 || this.changedSince(userId, since)) return;
    if (this.userValues.size >= this.max) trimOldest(this.userValues, this.max);
    this.userValues.set(`${kind}:${userId}`, { value, since, until: Date.now() + ttlMs });
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
      if (this.entries.size >= this.max) trimOldest(this.entries, this.max);
      this.entries.set(key, { value, since, until: Math.min(now + ttlMs, value.expiresAt * 1000) });
    }
    return value;
  }
}

export interface Caches {
  sessions: SessionCache;
  /** Which tales the cached pages, tales and answers show (a change to one drops only those). */
  taleUses: TaleDependencies;
  /** Pages everyone sees alike (the public feed, searches, an author's public posts, comments). */
  pages: Memo<{ rows: TaleRow[]; pagination: Pagination }>;
  /** Capped counts of those lists: valid as long as no tale came or went. */
  counts: Memo<number>;
  /** Each list's posts per day (tales/positions.ts): valid as long as no tale came, went or moved. */
  positions: Memo<ListDays>;
  /** Single tales by id: the tale page is read far more than written. */
  tales: Memo<TaleRow | undefined>;
  /**
   * Tales by id as the memory search's pages show them (tales/service.ts searchPageRows): kept, like
   * that index, until an event says they changed, within SEARCH_ROWS_CACHE_MB, the least used
   * going first.
   */
  searchRows: Memo<TaleRow>;
  /**
   * What each tale is, by id, apart from its counters and text (tales/service.ts taleFacts): kept
   * until the tale, its post or the comment it answers is saved or deleted, or an author deleted.
   */
  facts: Memo<TaleFactsRow | undefined>;
  /**
   * What a notification says of its item and post, by the item's id (notifications/service.ts
   * contextsOf): kept, like the search's rows, until an event says the item or its post changed.
   */
  contexts: Memo<NotificationContext>;
  /** Whole answers to visitors as JSON text (tales/visitor-answers.ts). */
  answers: Memo<string>;
  /** Pages of who liked a tale, shared like feed pages (likes/service.ts). */
  likers: Memo<Liker[]>;
  /**
   * Which tales of a page a user liked, by user and page: kept as long as a session, since a like
   * or unlike of one of those tales drops it (its tale.changed), on any server of the site.
   */
  liked: Memo<Set<number>>;
  /**
   * The JSON of each row a cache keeps (pages, searchRows) as lists show it, not liked and liked
   * (tales/service.ts presentedJson), by the row object: it goes when the row does, so it never
   * outlives what it was written from.
   */
  presented: WeakMap<TaleRow, { schema: unknown; json: [CheckedData?, CheckedData?] }>;
}

/**
 * About how many bytes a row takes kept, with its JSON written once or twice (tales/service.ts
 * presentedJson): its text three times over, and a kilobyte for the rest.
 */
function rowWeight(row: TaleRow): number {
  let chars = 0;
  for (const v of Object.values(row)) if (typeof v === 'string') chars += v.length;
  return 1_024 + 3 * chars;
}

/** About how many bytes a kept page takes: its rows (rowWeight) and a little for the rest. */
const pageWeight = (page: { rows: TaleRow[] }) => page.rows.reduce((sum, row) => sum + rowWeight(row), 256);

/** About how many bytes a text takes (two a character, as V8 keeps any beyond Latin-1). */
const textWeight = (text: string) => 64 + 2 * text.length;

/**
 * The app's caches, subscribed to its events. A change drops only what it can change
 * (TaleDependencies): how one tale reads (a like, a comment under it, an upload, its delete) drops
 * what shows that tale; a saved or deleted tale, the lists it is or was in; a renamed or deleted
 * person, what shows them. Only `feed.changed` (a server that may have missed writes) moves the
 * versions that every feed value is kept under. A drop takes more than it must, never less.
 */
export function createCaches(
  config: Pick<Config, 'FEED_CACHE_MS' | 'FEED_CACHE_MB' | 'SESSION_CACHE_MS' | 'SEARCH_ROWS_CACHE_MB'>,
  events: EventBus,
  /** Whether this server is one of several and cannot hear the others now (its event relay is down). */
  cutOff: () => boolean = () => false,
): Caches {
  const version = { content: 0, membership: 0, facts: 0 };
  // while cut off, a write on another server shows here after CUT_OFF_TTL_MS at most
  const life = (ms: number) => () => (cutOff() ? Math.min(ms, CUT_OFF_TTL_MS) : ms);
  const ttl = config.FEED_CACHE_MS;
  const taleUses = new TaleDependencies();
  // only rows a cache keeps get a place for their JSON: a place for every row read would cost the
  // collector more than writing the JSON of a row read once
  const presented: Caches['presented'] = new WeakMap();
  const presentable = (row: TaleRow) => {
    if (!presented.has(row)) presented.set(row, { schema: undefined, json: [undefined, undefined] });
  };
  const caches: Caches = {
    sessions: new SessionCache(life(config.SESSION_CACHE_MS)),
    taleUses,
    // within a budget of memory: a crawler reading every page of a large site would otherwise fill
    // them with pages nobody reads again, and the collector would carry them (docs/benchmarks.md)
    pages: new Memo<{ rows: TaleRow[]; pagination: Pagination }>(life(ttl), () => version.content, 5_000, taleUses, true, {
      budget: { weigh: pageWeight, bytes: config.FEED_CACHE_MB * 2 ** 20 },
      kept: (page) => page.rows.forEach(presentable),
    }),
    counts: new Memo(life(ttl * 10), () => version.membership, 5_000, taleUses),
    positions: new Memo(life(ttl * 10), () => version.membership, 20_000, taleUses),
    tales: new Memo(life(ttl), () => version.content, 20_000, taleUses),
    // an hour at most: events keep them exact, the life only bounds what nothing asks for
    searchRows: new Memo(life(ttl * 3_600), () => version.content, 1_000_000, taleUses, false, {
      budget: { weigh: rowWeight, bytes: config.SEARCH_ROWS_CACHE_MB * 2 ** 20 },
      kept: presentable,
    }),
    facts: new Memo(life(ttl * 10), () => version.facts, 20_000, taleUses),
    // an hour at most, as searchRows: the items of the notifications people read lately (a page of
    // ten for each of 10,000 readers), about a kilobyte each with what files them
    contexts: new Memo(life(ttl * 3_600), () => version.facts, 100_000, taleUses),
    answers: new Memo(life(ttl), () => version.content, 5_000, taleUses, true, {
      budget: { weigh: textWeight, bytes: config.FEED_CACHE_MB * 2 ** 20 },
    }),
    likers: new Memo(life(ttl), () => version.content, 5_000, taleUses),
    liked: new Memo(life(config.SESSION_CACHE_MS), () => version.content, 50_000, taleUses, true),
    presented,
  };
  const everything = () => {
    version.membership++;
    version.content++;
    version.facts++;
  };
  events.subscribe((event) => {
    switch (event.type) {
      case 'tale.changed':
        // Only what shows this tale (a like, a comment under it, an upload): lists keep their members.
        taleUses.taleChanged(event.taleId);
        break;
      case 'tale.saved':
        // Who may see it (draft, members only, publish time) or comment under it may have changed.
        taleUses.factsChanged(event.taleId);
        break;
      case 'lists.changed':
        // A saved tale: only the lists it is or was in, and searches (any of them may match it).
        taleUses.listsChanged(event.lists);
        break;
      case 'author.changed':
        taleUses.userChanged(event.userId);
        break;
      case 'feed.changed':
        everything();
        break;
      case 'tale.deleted':
        // What shows the tale or a comment under it (those name their post too); the lists it was
        // in come with the delete's lists.changed.
        taleUses.taleChanged(event.taleId);
        // The comments under it went too: their facts name it (tales/service.ts taleFacts).
        taleUses.factsChanged(event.taleId);
        // Notifications about it went with it: unread counts moved.
        caches.sessions.everyoneChanged();
        break;
      case 'user.deleted':
        // What shows the person's tales, comments and likes; their lists and the tales whose
        // counters moved come with the delete's own lists.changed and tale.changed.
        taleUses.userChanged(event.userId);
        // Their posts went with the comments of others under them, which no event names one by one.
        version.facts++;
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
