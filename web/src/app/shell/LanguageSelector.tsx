import { NavDropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@common/constants';
import { currentLanguage, setLanguage } from '@/i18n/i18n';

/** Each language is named in itself, so a reader finds theirs whatever is shown now. */
const NATIVE_NAME: Record<Language, string> = { en: 'English', ru: 'Русский' };

export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage();
  return (
    <NavDropdown
      id="nav-language"
      align="end"
      title={
        <>
          <span aria-hidden="true">{active.toUpperCase()}</span>
          <span className="visually-hidden">{t('nav.languageLabel', { language: NATIVE_NAME[active] })}</span>
        </>
      }
      data-testid="language-selector"
      key={i18n.language}
    >
      {LANGUAGES.map((lng) => (
        <NavDropdown.Item key={lng} as="button" lang={lng} active={lng === active} onClick={() => setLanguage(lng)}>
          {NATIVE_NAME[lng]}
        </NavDropdown.Item>
      ))}
    </NavDropdown>
  );
}
