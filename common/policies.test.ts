import { describe, expect, it } from 'vitest';
import type { Actor } from './abilities';
import { MSG } from './messages';
import { type Verdict, callers, policies } from './policies';

/** Every policy × every actor, as a table: a row per policy, a column per actor. */
const OWNER_ID = 10;
const actors: Record<string, Actor | null> = {
  visitor: null,
  owner: { id: OWNER_ID, rbac_user_role: [] },
  other: { id: 11, rbac_user_role: [] },
  moderator: { id: 12, rbac_user_role: [{ name: 'moderator' }] },
  admin: { id: 13, rbac_user_role: [{ name: 'admin' }] },
};
type ActorName = keyof typeof actors;

const NOW = 1_800_000_000;
const published = { owner_id: OWNER_ID, is_submitted: 1, is_draft: 0, publish_at: NOW - 60, is_for_registered: 0 };
const thread = { owner_id: OWNER_ID, is_comment_denied: 0, is_comment_for_owner: 0 };
const mine = { owner_id: OWNER_ID };

const Y = 'yes';
const L = 401;
const D = 403;
const H = 404;
type Expected = typeof Y | 401 | 403 | 404;

/** [what, the call, visitor, owner, other, moderator, admin] */
const table: [string, (a: Actor | null) => Verdict, Expected, Expected, Expected, Expected, Expected][] = [
  ['readTale published', (a) => policies.readTale(a, published, NOW), Y, Y, Y, Y, Y],
  ['readTale members-only', (a) => policies.readTale(a, { ...published, is_for_registered: 1 }, NOW), L, Y, Y, Y, Y],
  ['readTale draft', (a) => policies.readTale(a, { ...published, is_draft: 1 }, NOW), H, Y, H, Y, Y],
  ['readTale unsaved', (a) => policies.readTale(a, { ...published, is_submitted: 0 }, NOW), H, Y, H, Y, Y],
  ['readTale scheduled', (a) => policies.readTale(a, { ...published, publish_at: NOW + 60 }, NOW), H, Y, H, Y, Y],
  ['startTale', (a) => policies.startTale(a), L, Y, Y, Y, Y],
  ['editTale', (a) => policies.editTale(a, mine), L, Y, D, Y, Y],
  ['deleteTale', (a) => policies.deleteTale(a, mine), L, Y, D, Y, Y],
  ['comment open', (a) => policies.comment(a, thread), L, Y, Y, Y, Y],
  ['comment closed', (a) => policies.comment(a, { ...thread, is_comment_denied: 1 }), L, Y, D, Y, Y],
  ['comment owner-only', (a) => policies.comment(a, { ...thread, is_comment_for_owner: 1 }), L, Y, D, Y, Y],
  ['editComment', (a) => policies.editComment(a, mine), L, Y, D, Y, Y],
  ['seeHistory', (a) => policies.seeHistory(a, mine), L, Y, D, Y, Y],
  ['restoreRevision', (a) => policies.restoreRevision(a, mine), L, Y, D, Y, Y],
  ['deleteComment', (a) => policies.deleteComment(a, mine), L, Y, D, Y, Y],
  ['like', (a) => policies.like(a), L, Y, Y, Y, Y],
  ['attachFile', (a) => policies.attachFile(a, mine), L, Y, D, Y, Y],
  ['manageFile', (a) => policies.manageFile(a, mine), L, Y, D, Y, Y],
  ['setStaffFlags', (a) => policies.setStaffFlags(a), L, D, D, Y, Y],
  ['writeFreeCode', (a) => policies.writeFreeCode(a), L, D, D, D, Y],
  ['editProfile', (a) => policies.editProfile(a, OWNER_ID), L, Y, D, Y, Y],
  ['deleteUser', (a) => policies.deleteUser(a, OWNER_ID), L, Y, D, D, Y],
  ['exportData', (a) => policies.exportData(a, OWNER_ID), L, Y, D, D, Y],
  ['seeMail', (a) => policies.seeMail(a, OWNER_ID), D, Y, D, Y, Y],
  ['seeDraftsOf', (a) => policies.seeDraftsOf(a, OWNER_ID), D, Y, D, Y, Y],
  ['readNotifications', (a) => policies.readNotifications(a), L, Y, Y, Y, Y],
  ['manageUsers', (a) => policies.manageUsers(a), L, D, D, D, Y],
  ['useAdminTools', (a) => policies.useAdminTools(a), L, D, D, D, Y],
  ['useStaffTools', (a) => policies.useStaffTools(a), L, D, D, Y, Y],
];

const outcome = (v: Verdict): Expected => (v.ok ? Y : v.status);

describe('the policy table', () => {
  const names = Object.keys(actors) as ActorName[];
  for (const [what, call, ...expected] of table) {
    it(what, () => {
      const got = names.map((n) => outcome(call(actors[n])));
      expect(Object.fromEntries(names.map((n, i) => [n, got[i]]))).toEqual(Object.fromEntries(names.map((n, i) => [n, expected[i]])));
    });
  }

  it('covers every policy', () => {
    const covered = new Set(table.map(([what]) => what.split(' ')[0]));
    expect([...covered].sort()).toEqual(Object.keys(policies).sort());
  });

  it('says why with the catalogue', () => {
    expect(policies.comment(actors.other, { ...thread, is_comment_denied: 1 })).toEqual({
      ok: false,
      status: 403,
      template: MSG.commentsClosed,
    });
    expect(policies.comment(actors.other, { ...thread, is_comment_for_owner: 1 })).toEqual({
      ok: false,
      status: 403,
      template: MSG.commentsOwnerOnly,
    });
    expect(policies.editTale(null, mine)).toEqual({ ok: false, status: 401, template: MSG.loginFirst });
    expect(policies.editTale(actors.other, mine)).toEqual({ ok: false, status: 403, template: MSG.accessDenied });
    expect(policies.readTale(actors.other, { ...published, is_draft: 1 }, NOW)).toEqual({ ok: false, status: 404, template: MSG.notFound });
  });
});

describe('who may call an endpoint (the access of its declaration)', () => {
  const names = Object.keys(actors) as ActorName[];
  /** [access, visitor, owner, other, moderator, admin] */
  const levels: [keyof typeof callers, Expected, Expected, Expected, Expected, Expected][] = [
    ['anyone', Y, Y, Y, Y, Y],
    ['user', L, Y, Y, Y, Y],
    ['staff', L, D, D, Y, Y],
    ['admin', L, D, D, D, Y],
  ];
  for (const [access, ...expected] of levels) {
    it(access, () => {
      expect(names.map((n) => outcome(callers[access](actors[n])))).toEqual(expected);
    });
  }

  it('covers every level, and refuses with the catalogue', () => {
    expect(levels.map(([access]) => access).sort()).toEqual(Object.keys(callers).sort());
    expect(callers.user(null)).toEqual({ ok: false, status: 401, template: MSG.loginFirst });
    expect(callers.admin(actors.moderator)).toEqual({ ok: false, status: 403, template: MSG.accessDenied });
  });
});
