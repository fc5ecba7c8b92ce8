import type { InitOptions } from 'i18next';
import { LANGUAGES } from '@common/constants';

/**
 * The one set of strings of the app: en.json and ru.json, every key in the default namespace. A
 * message template is its own key (wire protocol); the app's own strings are named by the screen or
 * piece that shows them (`comments.reply`, `paginator.next`). The app's i18next instance and the
 * tests' instances are set up from the same options; the catalogues are not among them: the app
 * fetches the one language it shows (i18n.ts), the tests take both (testI18n.ts).
 */
export const i18nOptions = {
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // message templates are keys and contain dots and colons ("Invalid Email Address! (field:mail)")
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions;
