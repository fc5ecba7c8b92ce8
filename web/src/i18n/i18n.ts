import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@common/constants';
import { i18nOptions } from './options';

const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/**
 * The remembered choice wins; a first visit with an English browser gets English; everyone
 * else gets the product default (ru).
 */
export function initialLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage disabled: fall through to the browser setting
  }
  const browser = (navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase();
  return browser.startsWith('en') ? 'en' : DEFAULT_LANGUAGE;
}

function applyToDocument(lng: string) {
  document.documentElement.lang = lng;
}

type Catalogue = Record<string, string>;

/**
 * Each language's strings are a chunk of their own, fetched when the language is first shown: a
 * page downloads one catalogue, not both (they were a third of the entry chunk).
 */
const catalogues: Record<Language, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./en.json'),
  ru: () => import('./ru.json'),
};

const lng = initialLanguage();
/** The language last asked for: a slower catalogue does not switch back to an earlier choice. */
let wanted: Language = lng;

/**
 * Settles once the first language's strings are in and i18next is set up: main.tsx renders then.
 * Should the catalogue not come, the page still renders (with the keys) rather than stay blank.
 */
export const i18nReady: Promise<unknown> = catalogues[lng]()
  .then(
    (m) => m.default,
    (): Catalogue => ({}),
  )
  .then((strings) =>
    i18n.use(initReactI18next).init({
      ...i18nOptions,
      resources: { [lng]: { translation: strings } },
      lng,
      initAsync: false,
    }),
  );
applyToDocument(lng);
i18n.on('languageChanged', applyToDocument);

/** Switches once the language's strings are in (fetched the first time it is chosen). */
export function setLanguage(next: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
  } catch {
    // not remembered, but still switched for this page
  }
  wanted = next;
  const switchTo = () => {
    if (wanted === next) void i18n.changeLanguage(next);
  };
  if (i18n.hasResourceBundle(next, 'translation')) switchTo();
  else
    void catalogues[next]().then((m) => {
      i18n.addResourceBundle(next, 'translation', m.default);
      switchTo();
    });
}

export function currentLanguage(): Language {
  const l = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(l) ? l : DEFAULT_LANGUAGE;
}

export default i18n;
