/**
 * Resolved sessions kept in this server's memory for SESSION_CACHE_MS, so a reader's burst of
 * requests (a page and its API calls, a scroll through the feed) costs one session query, not one
 * each. Correctness comes from invalidation, not from the short life:
 *
 * - Every change on this server to what a session answers (the user's row, roles, ban, sessions,
 *   unread notifications) calls `userChanged(id)` once it is committed; `everyoneChanged()` where
 *   a change reaches users it does not name (a deleted tale takes its notifications with it).
 * - A load that started before a change is never kept: each entry carries the tick at which its
 *   query began, and a change records a later tick, so a read racing a commit cannot put the old
 *   state back.
 *
 * Other servers, and the command-line tool, are not told: there a change shows after at most
 * SESSION_CACHE_MS (docs/decisions.md, "Sessions in memory"). `0` turns the cache off.
 */
import type { ResolvedSession } from './sessions';

let tick = 0;
/** The tick of each user's latest change, with when it was made (to forget old ones). */
const changes = new Map<number, { tick: number; at: number }>();
/** The tick of the latest change that concerns everyone. */
let everyoneTick = 0;
/** How long any cache may keep an entry; a change older than that can no longer matter. */
let longestTtlMs = 0;

/** The user's row, roles, ban, sessions or unread count changed (and is committed). */
export function userChanged(userId: number) {
  const now = Date.now();
  changes.set(userId, { tick: ++tick, at: now });
  if (changes.size > 50_000) {
    for (const [id, c] of changes) if (now - c.at > longestTtlMs) changes.delete(id);
  }
}

/** Something changed for users not named (bulk deletes): every cached session is dropped. */
export function everyoneChanged() {
  everyoneTick = ++tick;
}

const changedSince = (userId: number, since: number) => everyoneTick > since || (changes.get(userId)?.tick ?? 0) > since;

interface Entry {
  value: ResolvedSession;
  /** The tick when its query started. */
  since: number;
  until: number;
}

export class SessionCache {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 20_000,
  ) {
    longestTtlMs = Math.max(longestTtlMs, ttlMs);
  }

  /** The session of a token hash from memory when still good, otherwise from `load`. */
  async resolve(key: string, load: () => Promise<ResolvedSession | null>): Promise<ResolvedSession | null> {
    if (this.ttlMs === 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.until > now && !changedSince(hit.value.user.id, hit.since)) return hit.value;
      this.entries.delete(key);
    }
    const since = ++tick;
    const value = await load();
    if (value && !changedSince(value.user.id, since)) {
      if (this.entries.size >= this.max) {
        // The oldest go first (a Map iterates in insertion order).
        for (const k of this.entries.keys()) {
          if (this.entries.size < this.max * 0.9) break;
          this.entries.delete(k);
        }
      }
      this.entries.set(key, { value, since, until: now + this.ttlMs });
    }
    return value;
  }
}
