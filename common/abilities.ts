import { ROLE_ADMIN, ROLE_MODERATOR } from './constants';

/**
 * Who someone is: signed in, their roles, owner of a row. What they may do is the policy table
 * (policies.ts), built on these.
 */
export interface Actor {
  id: number | null;
  rbac_user_role: { name: string }[];
  banned_till?: number | null;
}

export const isLoggedIn = (a: Actor | null | undefined): a is Actor & { id: number } => a?.id != null;
export const hasRole = (a: Actor | null | undefined, role: string) => isLoggedIn(a) && a.rbac_user_role.some((r) => r.name === role);
export const isAdmin = (a: Actor | null | undefined) => hasRole(a, ROLE_ADMIN);
export const isModerator = (a: Actor | null | undefined) => hasRole(a, ROLE_MODERATOR);
export const isStaff = (a: Actor | null | undefined) => isAdmin(a) || isModerator(a);
export const isOwner = (a: Actor | null | undefined, ownerId: number | null | undefined) =>
  isLoggedIn(a) && ownerId != null && a.id === ownerId;
export const isBanned = (a: Actor | null | undefined, nowSeconds = Math.floor(Date.now() / 1000)) =>
  a?.banned_till != null && a.banned_till > nowSeconds;
