import * as React from 'react';

export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'cadence-theme';

interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

const ThemeContext = React.createContext<ThemeContextValue | null>(null);

const SYSTEM_DARK = '(prefers-color-scheme: dark)';

/** The visitor's own choice, when they made one on this device. */
function readStoredTheme(): Theme | null {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'dark' || stored === 'light' ? stored : null;
  } catch {
    return null;
  }
}

function subscribeToSystem(onChange: () => void): () => void {
  const query = window.matchMedia(SYSTEM_DARK);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const systemTheme = (): Theme => (window.matchMedia(SYSTEM_DARK).matches ? 'dark' : 'light');

/**
 * Light or dark, applied as the `dark` class on <html>: the system's theme (and its changes) until
 * the visitor picks one with the toggle, which is then stored locally (public/theme-init.js applies
 * the same rule before the first paint).
 */
export function ThemeProvider({ children }: { children: React.ReactNode }) {
  const [chosen, setChosen] = React.useState<Theme | null>(readStoredTheme);
  const system = React.useSyncExternalStore(subscribeToSystem, systemTheme, () => 'light' as const);
  const theme = chosen ?? system;

  React.useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);

  const setTheme = React.useCallback((next: Theme) => {
    setChosen(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      /* storage unavailable: the choice lasts for this page only */
    }
  }, []);

  const value = React.useMemo<ThemeContextValue>(
    () => ({
      theme,
      setTheme,
      toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark'),
    }),
    [theme, setTheme],
  );

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const ctx = React.useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside <ThemeProvider>');
  return ctx;
}
