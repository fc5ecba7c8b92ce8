/** Business constants of the product spec (section 9) shared by server and web. */
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const MAIL_MAX = 254;
export const NAME_MAX = 100;
export const ABOUT_MAX = 20_000;
export const RESET_CODE_LENGTH = 8;
export const RESET_CODE_TTL_SECONDS = 15 * 60;
export const RESET_CODE_MAX_TRIES = 5;
export const RESET_RESEND_SECONDS = 60;
/** Change password without the current one only this soon after login. */
export const FRESH_SESSION_SECONDS = 10 * 60;
export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';
export const CURRENT_USER_STORAGE_KEY = 'CurrentUser';
export const LANGUAGE_STORAGE_KEY = 'language';
/** The value our own client puts in x-requested-with; any non-empty value is accepted. */
export const REQUESTED_WITH = 'XMLHttpRequest';
/** Where uploaded files are served from (the files feature owns it). */
export const FILE_URL_PREFIX = '/files/';
const SERVED_FILE_PATH = /^\/files\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]{1,10})?$/;
/**
 * Whether a relative address is one of our served files, and nothing else: no dot segments, no
 * percent-escapes (decoded first, so `/files/%2e%2e/api/...` is refused), no query. Rich-text
 * images and emblems may point only here, so they cannot make a reader's browser call the API.
 */
export function isServedFilePath(src: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(src);
  } catch {
    return false;
  }
  return decoded === src && SERVED_FILE_PATH.test(src);
}
export const ROLE_ADMIN = 'admin';
export const ROLE_MODERATOR = 'moderator';
export const ROLES = [ROLE_ADMIN, ROLE_MODERATOR] as const;
export type RoleName = (typeof ROLES)[number];
