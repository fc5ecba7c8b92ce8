import i18next, { type i18n as I18n } from 'i18next';

/** A separate i18next instance set up like the app's, with one feature's strings, for unit tests. */
export async function testI18n(register: (i18n: I18n) => void, lng = 'ru'): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    fallbackLng: 'en',
    resources: {},
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  register(i18n);
  return i18n;
}
