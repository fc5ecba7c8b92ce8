import type { InitOptions } from 'i18next';
import { LANGUAGES } from '@common/constants';
import en from './en.json';
import ru from './ru.json';

/**
 * The one set of strings of the app: en.json and ru.json, every key in the default namespace. A
 * message template is its own key (wire protocol); the app's own strings are named by the screen or
 * piece that shows them (`comments.reply`, `paginator.next`). The app's i18next instance and the
 * tests' instances are set up from the same options.
 */
export const i18nOptions = {
  resources: { en: { translation: en }, ru: { translation: ru } },
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // message templates are keys and contain dots and colons ("Invalid Email Address! (field:mail)")
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions;
