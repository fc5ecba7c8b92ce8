/** The user shapes both sides share, without zod (the feed screen imports them). */
export interface NamedRef {
  name: string;
}

/** A profile as anyone may read it; `mail` is present only for the owner and staff. */
export interface PublicUser {
  id: number;
  mail?: string;
  firstname: string;
  lastname: string;
  emblem: string;
  birth: number | null;
  about_myself: string;
  language: string;
  timezone: string;
  created_at: number;
  banned_till: number | null;
  rbac_user_role: NamedRef[];
}

/** The caller, on every response; a guest has id null and token null. */
export interface CurrentUser {
  id: number | null;
  mail: string;
  firstname: string;
  lastname: string;
  emblem: string;
  birth: number | null;
  about_myself: string;
  language: string;
  timezone: string;
  is_verified: number;
  banned_till: number | null;
  created_at: number | null;
  last_time: number | null;
  count_notifications: number;
  token: string | null;
  rbac_user_role: NamedRef[];
  rbac_permission: NamedRef[];
}

export const GUEST: CurrentUser = {
  id: null,
  mail: '',
  firstname: '',
  lastname: '',
  emblem: '',
  birth: null,
  about_myself: '',
  language: '',
  timezone: '',
  is_verified: 0,
  banned_till: null,
  created_at: null,
  last_time: null,
  count_notifications: 0,
  token: null,
  rbac_user_role: [],
  rbac_permission: [],
};

export interface NameParts {
  firstname?: string | null;
  lastname?: string | null;
}

/**
 * First and last name as the person wrote them, or '' when they gave none. What the site calls a
 * person is this, or "User #7" ("Пользователь №7") in the reader's language (web/src/lib/names.ts,
 * server/features/syndication/feeds.ts); never their mail.
 */
/**
 * A person's name or, when they gave none, "User #7" / "Пользователь №7": the server's texts
 * (feeds, JSON-LD); the web app says the same through its catalogue (user.fallback).
 */
export function nameOrFallback(parts: NameParts, id: number, lang: 'en' | 'ru' = 'en'): string {
  return fullName(parts) || (lang === 'ru' ? `Пользователь №${id}` : `User #${id}`);
}

export function fullName(parts: NameParts): string {
  return [parts.firstname, parts.lastname]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
}
