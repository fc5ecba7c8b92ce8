import type { TFunction } from 'i18next';

export interface NameParts {
  firstname?: string | null;
  lastname?: string | null;
}

/** First and last name as the person wrote them, or '' when they gave none. */
export function fullName(parts: NameParts): string {
  return [parts.firstname, parts.lastname]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * What the site calls a person, everywhere (menu, bylines, comments, likers, notifications,
 * profile): their name, or "User #7" ("Пользователь №7") when they gave none. Never their mail,
 * which only they and staff may see.
 */
export function displayName(t: TFunction, parts: NameParts, id: number | null | undefined): string {
  return fullName(parts) || t('user.fallback', { id: id ?? '?' });
}
