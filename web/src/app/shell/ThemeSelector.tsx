import { NavDropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { setTheme, THEME_CHOICES, type ThemeChoice, useThemeChoice } from '@/lib/theme';

const SIGN: Record<ThemeChoice, string> = { auto: '◐', light: '☀', dark: '☾' };

/** Light, dark, or as the system says: switched at once and remembered on this device. */
export function ThemeSelector() {
  const { t } = useTranslation();
  const active = useThemeChoice();
  const names: Record<ThemeChoice, string> = { auto: t('theme.auto'), light: t('theme.light'), dark: t('theme.dark') };
  return (
    <NavDropdown
      id="nav-theme"
      align="end"
      title={
        <>
          <span aria-hidden="true">{SIGN[active]}</span>
          <span className="visually-hidden">{t('theme.label', { theme: names[active] })}</span>
        </>
      }
      data-testid="theme-selector"
    >
      {THEME_CHOICES.map((c) => (
        <NavDropdown.Item
          key={c}
          as="button"
          active={c === active}
          aria-current={c === active ? 'true' : undefined}
          onClick={() => setTheme(c)}
        >
          <span aria-hidden="true" className="me-2">
            {SIGN[c]}
          </span>
          {names[c]}
        </NavDropdown.Item>
      ))}
    </NavDropdown>
  );
}
