import { CURRENT_USER_STORAGE_KEY } from '@common/constants';
import { type CurrentUser, GUEST } from '@common/models/user';
import { createStore, useStore } from './store';

/**
 * The session as the browser knows it (spec section 4): restored from localStorage on load and
 * replaced by the CurrentUser of every server response; a guest (id null) means logged out.
 */
function isCurrentUser(v: unknown): v is CurrentUser {
  return typeof v === 'object' && v !== null && 'id' in v && (typeof v.id === 'number' || v.id === null);
}

function normalise(v: CurrentUser): CurrentUser {
  return {
    ...GUEST,
    ...v,
    rbac_user_role: Array.isArray(v.rbac_user_role) ? v.rbac_user_role : [],
    rbac_permission: Array.isArray(v.rbac_permission) ? v.rbac_permission : [],
  };
}

function readStored(): CurrentUser {
  try {
    const raw = localStorage.getItem(CURRENT_USER_STORAGE_KEY);
    if (!raw) return GUEST;
    const parsed: unknown = JSON.parse(raw);
    return isCurrentUser(parsed) ? normalise(parsed) : GUEST;
  } catch {
    return GUEST;
  }
}

const currentUserStore = createStore<CurrentUser>(readStored());

/**
 * Where countSince is kept for the other tabs, written just before the CurrentUser it goes with:
 * a tab that follows another's CurrentUser through the storage event takes its moment too, and
 * so does not put back an older count of its own answers afterwards.
 */
export const COUNT_SINCE_STORAGE_KEY = `${CURRENT_USER_STORAGE_KEY}.countSince`;

function readStoredSince(): number {
  try {
    const since = Number(localStorage.getItem(COUNT_SINCE_STORAGE_KEY));
    return Number.isFinite(since) && since > 0 ? since : 0;
  } catch {
    return 0;
  }
}

/**
 * The earliest moment (ms, this clock) at which the unread count now held could have been read.
 * Counts come from every answer's CurrentUser, read by the server once the request arrived, and
 * from the live stream, which sends each change as it commits. An answer to a request sent
 * before the count now held arrived may have been read before it, and would put an older count
 * back (the stream sends a count only when it changes, so the badge would stay wrong): its count
 * is not taken. Nothing newer is lost that way: while the stream is live it sends every change
 * after its own count, and while it is not, the next poll or call brings the count again.
 */
let countSince = readStoredSince();

const isSameSession = (a: CurrentUser, b: CurrentUser): boolean => a.id !== null && a.id === b.id && a.token === b.token;

function store(user: CurrentUser): void {
  const prev = currentUserStore.get();
  if (JSON.stringify(prev) === JSON.stringify(user)) return;
  try {
    localStorage.setItem(COUNT_SINCE_STORAGE_KEY, String(countSince));
    localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // storage full or disabled: the session still lives in memory and in the cookie
  }
  currentUserStore.set(user);
}

/** When the count held was read at the earliest; a clock set back since then forgets it. */
const heldSince = (): number => (countSince <= Date.now() ? countSince : 0);

export const getCurrentUser = currentUserStore.get;

/**
 * The CurrentUser of an answer to a request sent at `sentAt` (Date.now() when it left). The same
 * session's unread count is taken only if nothing read later is held already (see countSince).
 */
export function setCurrentUser(next: unknown, sentAt: number): void {
  if (!isCurrentUser(next)) return;
  let user = normalise(next);
  const prev = currentUserStore.get();
  if (isSameSession(user, prev) && sentAt < heldSince()) user = { ...user, count_notifications: prev.count_notifications };
  else countSince = sentAt;
  store(user);
}

/**
 * An unread count for `userId` read no earlier than `since`: from the live stream (the moment it
 * arrived) or a poll (the moment it was sent). Ignored for another session, or when a count read
 * later is held.
 */
export function setNotificationCount(userId: number, count: number, since: number): void {
  const prev = currentUserStore.get();
  if (prev.id !== userId || since < heldSince()) return;
  countSince = since;
  store({ ...prev, count_notifications: count });
}

export function useCurrentUser(): CurrentUser {
  return useStore(currentUserStore);
}

/**
 * Another tab logged in or out, or took a newer count: follow it, with the moment its count was
 * read (the later of the two within one session; another session's own).
 */
export function followStored(): void {
  const user = readStored();
  const since = readStoredSince();
  countSince = isSameSession(user, currentUserStore.get()) ? Math.max(countSince, since) : since;
  currentUserStore.set(user);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === CURRENT_USER_STORAGE_KEY) followStored();
  });
}
