import { setTimeout as sleep } from 'node:timers/promises';
import { type SQL, and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { tales } from '../../db/schema';
import { nowSeconds } from '../../db/time';
import type { AppEvent, EventBus } from '../../events';
import { listedPosts } from './queries';
import type { SearchTerms } from './search';
import { type IndexReader, type IndexedTale, WordIndex } from './word-index';

/**
 * The search engine in this server's memory (SEARCH_ENGINE=memory; docs/decisions.md, "Search at
 * a million tales"): a WordIndex of every listed tale, read from the database when the server
 * starts (in batches, in the background: the database's search answers until it is whole) and kept
 * up to date by the events every write already sends, this server's own and, through the event
 * relay, the other servers'.
 *
 * - `tale.saved`: the tale is read again (its words, hashtags, time, who may read it).
 * - `tale.deleted`, `user.deleted`: its tales leave.
 * - `author.changed`: the author's tales are read again (tales are found by their author's names).
 * - `feed.changed` (a server that may have missed events): the index is read again whole.
 *
 * This server's own writes are in the index before the writer is answered (the event bus waits
 * for its listeners). A read that raced a newer change of the same tale never overwrites it: each
 * change takes a tick, and a row read before a later change of its tale or author is not applied.
 */
export interface MemorySearch {
  /** The index when it holds every listed tale; undefined while it is read (the database answers meanwhile). */
  index(): WordIndex | undefined;
  /** Resolves once the index is whole (tests, benchmarks). */
  whenReady(): Promise<void>;
  close(): void;
}

/** Tales read at once while the index is built. */
const BATCH = 5_000;

const engines = new WeakMap<EventBus, MemorySearch>();

/** This app's memory search, when configured (found by the app's event bus, one per app). */
export function memorySearchOf(deps: { events: EventBus }): MemorySearch | undefined {
  return engines.get(deps.events);
}

/**
 * The index to answer from now, if any: configured, read whole, and hearing the other servers'
 * writes (while the event relay is cut off it may miss them, so the database answers; once the
 * relay is back, `feed.changed` has it read again).
 */
export function answeringIndex(deps: { events: EventBus; relay?: { readonly up: boolean } }): WordIndex | undefined {
  if (deps.relay && !deps.relay.up) return undefined;
  return engines.get(deps.events)?.index();
}

/** A search in memory: its total and the ids of one page, in feed order. */
export function searchInMemory(
  index: WordIndex,
  terms: SearchTerms,
  reader: IndexReader,
  page: (total: number) => { offset: number; limit: number },
): { total: number; ids: number[] } {
  const found = index.matches(terms, reader);
  const { offset, limit } = page(found.length);
  return { total: found.length, ids: index.page(found, offset, limit) };
}

export interface IndexRow {
  id: number;
  owner_id: number;
  is_sticked: number;
  publish_at: number;
  is_for_registered: number;
  words: string[] | null;
  tags: string[] | null;
}

const columns = {
  id: tales.id,
  owner_id: tales.owner_id,
  is_sticked: tales.is_sticked,
  publish_at: tales.publish_at,
  is_for_registered: tales.is_for_registered,
  words: sql<string[] | null>`tsvector_to_array(${tales.search_vector})`,
  tags: tales.tags,
};

const toIndexed = (r: IndexRow): IndexedTale => ({
  id: r.id,
  owner: r.owner_id,
  sticky: r.is_sticked,
  publishAt: Number(r.publish_at),
  members: r.is_for_registered === 1,
  words: r.words ?? [],
  tags: r.tags ?? [],
});

/** Which tales to read: a batch of the whole index (ids after `after`), some tales, or an author's. */
export type TalesToRead = { after: number; limit: number } | { ids: number[] } | { owner: number };

/** The index's view of listed tales (the feed index's condition): drafts and unsaved tales are never in it. */
export async function readTales(db: Db, which: TalesToRead): Promise<IndexRow[]> {
  const listed = (where: SQL) => db.select(columns).from(tales).where(and(listedPosts, where));
  if ('after' in which) return (await listed(gt(tales.id, which.after)).orderBy(tales.id).limit(which.limit)) as IndexRow[];
  return (await listed('ids' in which ? inArray(tales.id, which.ids) : eq(tales.owner_id, which.owner))) as IndexRow[];
}

export function createMemorySearch(deps: {
  db: Db;
  events: EventBus;
  log: FastifyBaseLogger;
  /** How rows are read (tests hold one back to race it against a later change). */
  read?: typeof readTales;
}): MemorySearch {
  const { db, log, read = readTales } = deps;
  let current: WordIndex | undefined;
  let building: WordIndex | undefined;
  let closed = false;
  const stopping = new AbortController();
  let ready!: () => void;
  let readyPromise = new Promise<void>((r) => (ready = r));
  let isReady = false;
  // Each rebuild's number: only the newest goes on (a failed read and a relay outage may both ask for one).
  let generation = 0;
  // Ticks of the latest change of each tale and author while reads are under way (pruned when none is).
  let tick = 0;
  let inFlight = 0;
  const taleTick = new Map<number, number>();
  const ownerTick = new Map<number, number>();
  const stale = (r: { id: number; owner_id: number }, at: number) =>
    (taleTick.get(r.id) ?? 0) > at || (ownerTick.get(r.owner_id) ?? 0) > at;
  /** Every index a change must reach: the one answering, and the one being read. */
  const targets = () => [current, building].filter((x): x is WordIndex => x !== undefined);
  const settle = () => {
    if (--inFlight === 0) {
      taleTick.clear();
      ownerTick.clear();
    }
  };
  const wait = (ms: number) => sleep(ms, undefined, { signal: stopping.signal, ref: false }).catch(() => undefined);

  /** Reads every listed tale into a new index, then answers from it; false when a newer rebuild took over. */
  async function build(gen: number): Promise<boolean> {
    const index = new WordIndex();
    building = index;
    const started = Date.now();
    const mine = () => !closed && gen === generation && building === index;
    let after = 0;
    for (;;) {
      if (!mine()) return false;
      const at = ++tick;
      inFlight++;
      let rows: IndexRow[];
      try {
        rows = await read(db, { after, limit: BATCH });
        if (!mine()) return false;
        for (const r of rows) if (!stale(r, at)) index.put(toIndexed(r));
      } finally {
        settle();
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1].id;
      // let requests in between batches
      await new Promise((r) => setImmediate(r));
    }
    if (!mine()) return false;
    index.prepare(nowSeconds());
    current = index;
    building = undefined;
    log.info(
      { tales: index.size, ms: Date.now() - started, heapMB: Math.round(process.memoryUsage().heapUsed / 2 ** 20) },
      'search index ready',
    );
    isReady = true;
    ready();
    return true;
  }

  /** Reads the index again whole, again after a failure; the database's search answers meanwhile. */
  async function rebuild(): Promise<void> {
    const gen = ++generation;
    if (isReady) {
      isReady = false;
      readyPromise = new Promise<void>((r) => (ready = r));
    }
    current = undefined;
    building = undefined;
    for (let pause = 500; !closed && gen === generation; pause = Math.min(pause * 2, 30_000)) {
      try {
        await build(gen);
        return;
      } catch (err) {
        if (closed || gen !== generation) return;
        log.warn({ err }, 'reading the search index failed; searches use the database until it is read');
        building = undefined;
        await wait(pause);
      }
    }
  }

  /** Reads these tales (or this author's) again; a tale no longer listed leaves. */
  async function reread(change: { ids: number[] } | { owner: number }): Promise<void> {
    const at = ++tick;
    inFlight++;
    try {
      let known: number[];
      const which: TalesToRead = 'owner' in change ? { owner: change.owner } : { ids: change.ids };
      if ('owner' in change) {
        ownerTick.set(change.owner, at);
        known = [...new Set(targets().flatMap((index) => index.talesOf(change.owner)))];
      } else {
        for (const id of change.ids) taleTick.set(id, at);
        known = change.ids;
      }
      let rows: IndexRow[];
      try {
        rows = await read(db, which);
      } catch {
        // once more after a moment (a connection the database just closed), before giving up on the index
        await wait(200);
        rows = await read(db, which);
      }
      const seen = new Set(rows.map((r) => r.id));
      for (const index of targets()) {
        for (const r of rows) if (!stale(r, at)) index.put(toIndexed(r));
        for (const id of known) if (!seen.has(id) && (taleTick.get(id) ?? 0) <= at) index.remove(id);
      }
    } catch (err) {
      if (closed) return;
      // the index may now miss a change: it is read again whole, the database answering meanwhile
      log.warn({ err }, 'a change could not be read into the search index; reading it again whole');
      void rebuild();
    } finally {
      settle();
    }
  }

  function removeTale(id: number) {
    if (inFlight) taleTick.set(id, ++tick);
    for (const index of targets()) index.remove(id);
  }

  function removeOwner(owner: number) {
    if (inFlight) ownerTick.set(owner, ++tick);
    for (const index of targets()) for (const id of index.talesOf(owner)) index.remove(id);
  }

  const listener = async (event: AppEvent) => {
    switch (event.type) {
      case 'tale.saved':
        await reread({ ids: [event.taleId] });
        break;
      case 'tale.deleted':
        removeTale(event.taleId);
        break;
      case 'user.deleted':
        removeOwner(event.userId);
        break;
      case 'author.changed':
        await reread({ owner: event.userId });
        break;
      case 'feed.changed':
        void rebuild();
        break;
    }
  };
  const unsubscribe = deps.events.subscribe(listener);
  const engine: MemorySearch = {
    index: () => current,
    whenReady: () => readyPromise,
    close() {
      closed = true;
      stopping.abort();
      unsubscribe();
      current = undefined;
      building = undefined;
    },
  };
  engines.set(deps.events, engine);
  void rebuild();
  return engine;
}
