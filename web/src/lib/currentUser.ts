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

export const getCurrentUser = currentUserStore.get;

export function setCurrentUser(next: unknown): void {
  if (!isCurrentUser(next)) return;
  const user = normalise(next);
  const prev = currentUserStore.get();
  if (JSON.stringify(prev) === JSON.stringify(user)) return;
  try {
    localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // storage full or disabled: the session still lives in memory and in the cookie
  }
  currentUserStore.set(user);
}

export function useCurrentUser(): CurrentUser {
  return useStore(currentUserStore);
}

/** Another tab logged in or out: follow it. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === CURRENT_USER_STORAGE_KEY) currentUserStore.set(readStored());
  });
}
