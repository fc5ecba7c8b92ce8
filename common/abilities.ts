import { ROLE_ADMIN, ROLE_MODERATOR } from './constants';

/**
 * Who may do what (spec section 6, behaviour.md "Roles"). The server enforces these; the web uses
 * the same functions only to decide which buttons to show.
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

export const can = {
  /** Owner, admin or moderator edit a profile. */
  editProfile: (a: Actor | null | undefined, userId: number) => isOwner(a, userId) || isStaff(a),
  /** The account itself or an admin deletes it. */
  deleteUser: (a: Actor | null | undefined, userId: number) => isOwner(a, userId) || isAdmin(a),
  seeMailOf: (a: Actor | null | undefined, userId: number) => isOwner(a, userId) || isStaff(a),
  manageUsers: (a: Actor | null | undefined) => isAdmin(a),
  useAdminTools: (a: Actor | null | undefined) => isAdmin(a),
  useStaffTools: (a: Actor | null | undefined) => isStaff(a),
  /** Rename, reorder and delete a file: its owner or staff. */
  manageFile: (a: Actor | null | undefined, file: { owner_id: number }) => isOwner(a, file.owner_id) || isStaff(a),
};
