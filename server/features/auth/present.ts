import { can } from '../../../common/policies';
import type { CurrentUser, PublicUser } from '../../../common/schemas/user';
import type { UserRow } from './sessions';

/** The caller as the client keeps it; never a hash, reset code or another user's token. */
export function toCurrentUser(user: UserRow, roles: string[], token: string, countNotifications: number): CurrentUser {
  return {
    id: user.id,
    mail: user.mail,
    firstname: user.firstname,
    lastname: user.lastname,
    emblem: user.emblem,
    birth: user.birth,
    about_myself: user.about_myself,
    language: user.language,
    timezone: user.timezone,
    is_verified: user.is_verified,
    banned_till: user.banned_till,
    created_at: user.created_at,
    last_time: user.last_time,
    count_notifications: countNotifications,
    token,
    rbac_user_role: roles.map((name) => ({ name })),
    rbac_permission: [],
  };
}

/** A profile as `viewer` may see it: mail only for the owner and staff. */
export function toPublicUser(user: UserRow, roles: string[], viewer: CurrentUser): PublicUser {
  const out: PublicUser = {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    emblem: user.emblem,
    birth: user.birth,
    about_myself: user.about_myself,
    language: user.language,
    timezone: user.timezone,
    created_at: user.created_at,
    banned_till: user.banned_till,
    rbac_user_role: roles.map((name) => ({ name })),
  };
  if (can.seeMail(viewer, user.id)) out.mail = user.mail;
  return out;
}
