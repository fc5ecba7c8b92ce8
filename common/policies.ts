import { type Actor, isAdmin, isLoggedIn, isOwner, isStaff } from './abilities';
import { MSG } from './messages';

/**
 * Who may do what, in the product's verbs (spec section 6, behaviour.md "Roles"), in one table.
 * Each policy answers yes, or a refusal with the status and the catalogue message that say why.
 * The server refuses with it (authorising the row it loaded inside the transaction that writes
 * it); the web asks the same table to show or hide controls.
 */
export type Verdict = { readonly ok: true } | { readonly ok: false; readonly status: 401 | 403 | 404; readonly template: string };

const YES: Verdict = { ok: true };
const refuse = (status: 401 | 403 | 404, template: string): Verdict => ({ ok: false, status, template });
const LOGIN_FIRST = refuse(401, MSG.loginFirst);
const DENIED = refuse(403, MSG.accessDenied);
const HIDDEN = refuse(404, MSG.notFound);

type Who = Actor | null | undefined;

/** What visibility and commenting read of a post. */
export interface TaleFacts {
  owner_id: number;
  is_submitted: number;
  is_draft: number;
  publish_at: number;
  is_for_registered: number;
}
export interface ThreadFacts {
  owner_id: number;
  is_comment_denied: number;
  is_comment_for_owner: number;
}

const signedIn = (a: Who): Verdict => (isLoggedIn(a) ? YES : LOGIN_FIRST);
const ownerOrStaff = (a: Who, ownerId: number): Verdict =>
  !isLoggedIn(a) ? LOGIN_FIRST : isOwner(a, ownerId) || isStaff(a) ? YES : DENIED;
const staff = (a: Who): Verdict => (!isLoggedIn(a) ? LOGIN_FIRST : isStaff(a) ? YES : DENIED);
const admin = (a: Who): Verdict => (!isLoggedIn(a) ? LOGIN_FIRST : isAdmin(a) ? YES : DENIED);

export const policies = {
  /** A post as the feed shows it, or to its owner and staff; hidden ones are not found (401 for members-only). */
  readTale(a: Who, t: TaleFacts, nowSeconds = Math.floor(Date.now() / 1000)): Verdict {
    if (isOwner(a, t.owner_id) || isStaff(a)) return YES;
    if (t.is_submitted !== 1 || t.is_draft === 1 || t.publish_at > nowSeconds) return HIDDEN;
    if (t.is_for_registered === 1 && !isLoggedIn(a)) return LOGIN_FIRST;
    return YES;
  },
  /** Opening the editor on one's own new tale. */
  startTale: signedIn,
  editTale: (a: Who, t: { owner_id: number }) => ownerOrStaff(a, t.owner_id),
  deleteTale: (a: Who, t: { owner_id: number }) => ownerOrStaff(a, t.owner_id),
  /** Commenting under a post: owner and staff always; others unless comments are closed or owner-only. */
  comment(a: Who, post: ThreadFacts): Verdict {
    if (!isLoggedIn(a)) return LOGIN_FIRST;
    if (isOwner(a, post.owner_id) || isStaff(a)) return YES;
    if (post.is_comment_denied === 1) return refuse(403, MSG.commentsClosed);
    if (post.is_comment_for_owner === 1) return refuse(403, MSG.commentsOwnerOnly);
    return YES;
  },
  editComment: (a: Who, c: { owner_id: number }) => ownerOrStaff(a, c.owner_id),
  /** A tale's or comment's earlier versions, and bringing one back: its author and staff, as its edits. */
  seeHistory: (a: Who, t: { owner_id: number }) => ownerOrStaff(a, t.owner_id),
  restoreRevision: (a: Who, t: { owner_id: number }) => ownerOrStaff(a, t.owner_id),
  deleteComment: (a: Who, c: { owner_id: number }) => ownerOrStaff(a, c.owner_id),
  like: signedIn,
  /** Attaching files to a tale: its owner or staff. */
  attachFile: (a: Who, target: { owner_id: number }) => ownerOrStaff(a, target.owner_id),
  /** Rename, reorder, delete a file: its owner or staff. */
  manageFile: (a: Who, file: { owner_id: number }) => ownerOrStaff(a, file.owner_id),
  /** is_sticked, is_sticked_on_home, is_adv. */
  setStaffFlags: staff,
  /** body_free, rendered in a sandboxed frame. */
  writeFreeCode: admin,
  editProfile: (a: Who, userId: number) => ownerOrStaff(a, userId),
  /** The account itself or an admin (not a moderator). */
  deleteUser: (a: Who, userId: number): Verdict => (!isLoggedIn(a) ? LOGIN_FIRST : isOwner(a, userId) || isAdmin(a) ? YES : DENIED),
  /** An archive of everything of a user's: the user or an admin (not a moderator), as the delete. */
  exportData: (a: Who, userId: number): Verdict => (!isLoggedIn(a) ? LOGIN_FIRST : isOwner(a, userId) || isAdmin(a) ? YES : DENIED),
  seeMail: (a: Who, userId: number): Verdict => (isOwner(a, userId) || isStaff(a) ? YES : DENIED),
  /** An author's drafts and scheduled posts in their feed: the author and staff. */
  seeDraftsOf: (a: Who, ownerId: number): Verdict => (isOwner(a, ownerId) || isStaff(a) ? YES : DENIED),
  readNotifications: signedIn,
  manageUsers: admin,
  useAdminTools: admin,
  useStaffTools: staff,
} as const;

export type Policy = keyof typeof policies;

/**
 * Who may call an endpoint at all, the `access` of its declaration in common/api: anyone, any
 * signed-in user, staff (moderators and admins), or admins. The server refuses before the handler
 * runs (401 for a visitor, 403 for a caller without the role); the rows a call touches are then
 * authorised with the verbs above.
 */
export const callers = {
  anyone: (_a: Who): Verdict => YES,
  user: signedIn,
  staff,
  admin,
} as const;

export type Access = keyof typeof callers;

/** For the web: whether to show a control. */
export const allows = (v: Verdict): boolean => v.ok;

/** The same table as yes/no questions (`can.editTale(user, tale)`), for showing controls and filtering fields. */
export const can = Object.fromEntries(
  Object.entries(policies).map(([name, policy]) => [name, (...args: unknown[]) => (policy as (...a: unknown[]) => Verdict)(...args).ok]),
) as { [P in Policy]: (...args: Parameters<(typeof policies)[P]>) => boolean };
