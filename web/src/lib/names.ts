import type { TFunction } from 'i18next';
import { type NameParts, fullName } from '@common/models/user';

export { type NameParts, fullName };

/**
 * What the site calls a person, everywhere (menu, bylines, comments, likers, notifications,
 * profile): their name, or "User #7" ("Пользователь №7") when they gave none. Never their mail,
 * which only they and staff may see.
 */
export function displayName(t: TFunction, parts: NameParts, id: number | null | undefined): string {
  return fullName(parts) || t('user.fallback', { id: id ?? '?' });
}
