import { createStore, useStore } from './store';

/** The reader's choice: follow the system (auto), or always light, or always dark. */
export type ThemeChoice = 'auto' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['auto', 'light', 'dark'];
const KEY = 'theme';

const systemDark = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;

function stored(): ThemeChoice {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'auto';
  } catch {
    return 'auto';
  }
}

const choice = createStore<ThemeChoice>('auto');

/** What the page shows: the choice, or the system's for auto. */
export const resolvedTheme = (c: ThemeChoice): 'light' | 'dark' => (c === 'auto' ? (systemDark() ? 'dark' : 'light') : c);

/** Bootstrap's colour mode (data-bs-theme on the root) and the browser's own controls and scrollbars. */
function apply(): void {
  const theme = resolvedTheme(choice.get());
  document.documentElement.setAttribute('data-bs-theme', theme);
  document.documentElement.style.colorScheme = theme;
}

/** Reads the remembered choice and follows the system while it is auto; run once, before the first render. */
export function startTheme(): void {
  choice.set(stored());
  apply();
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (choice.get() === 'auto') apply();
  });
}

/** Changes the theme at once and remembers it on this device (auto forgets any choice). */
export function setTheme(next: ThemeChoice): void {
  choice.set(next);
  try {
    if (next === 'auto') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, next);
  } catch {
    // private mode: the choice lasts for this page only
  }
  apply();
}

export const useThemeChoice = (): ThemeChoice => useStore(choice);
