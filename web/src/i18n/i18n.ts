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

const lng = initialLanguage();

void i18n.use(initReactI18next).init({
  ...i18nOptions,
  lng,
  initAsync: false,
});
applyToDocument(lng);
i18n.on('languageChanged', applyToDocument);

export function setLanguage(next: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
  } catch {
    // not remembered, but still switched for this page
  }
  void i18n.changeLanguage(next);
}

export function currentLanguage(): Language {
  const l = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(l) ? l : DEFAULT_LANGUAGE;
}

export default i18n;
