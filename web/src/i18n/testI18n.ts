import i18next, { type i18n as I18n } from 'i18next';
import en from './en.json';
import { i18nOptions } from './options';
import ru from './ru.json';

/** The app's options with both catalogues in, for unit tests. */
export const i18nTestOptions = { ...i18nOptions, resources: { en: { translation: en }, ru: { translation: ru } } };

/** A separate i18next instance set up like the app's, for unit tests. */
export async function testI18n(lng = 'ru'): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.init({ ...i18nTestOptions, lng });
  return i18n;
}

const section = (catalogue: Record<string, string>, prefix: string) =>
  Object.fromEntries(Object.entries(catalogue).flatMap(([k, v]) => (k.startsWith(prefix) ? [[k.slice(prefix.length), v]] : [])));

/** The strings of one screen or piece (keys starting `prefix`, which is cut off), in both languages. */
export const catalogueSection = (prefix: string) => ({ en: section(en, prefix), ru: section(ru, prefix) });
