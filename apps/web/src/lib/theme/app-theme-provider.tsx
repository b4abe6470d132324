import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { updateSettings, useSettings } from '../settings/settings-store';
import { createAppTheme } from './create-app-theme';
import { useMuiTexts } from './mui-texts';

const darkQuery = '(prefers-color-scheme: dark)';

function subscribeToDeviceScheme(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(darkQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const deviceIsDark = () =>
  typeof window !== 'undefined' && Boolean(window.matchMedia?.(darkQuery).matches);

/** Resolves light/dark/system (system follows the device, live) into the MUI theme mode. */
export function useResolvedMode(): 'light' | 'dark' {
  const theme = useSettings().theme;
  const prefersDark = useSyncExternalStore(subscribeToDeviceScheme, deviceIsDark, () => false);
  return theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;
}

const withoutVars = (...input: Parameters<typeof createAppTheme>) => ({
  ...createAppTheme(...input),
  vars: null,
});

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const mode = useResolvedMode();
  const texts = useMuiTexts();

  // SPEC §3 cookie "color-scheme" holds the scheme actually shown.
  useEffect(() => {
    updateSettings({ 'color-scheme': mode }, 'silent');
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  const theme = useMemo(
    () =>
      withoutVars(
        {
          mode,
          primaryColor: settings.primaryColor,
          skin: settings.skin,
          direction: settings.direction,
        },
        texts,
      ),
    [mode, settings.primaryColor, settings.skin, settings.direction, texts],
  );

  // What @mui/material's ThemeProvider does for a theme without CSS variables, minus the CSS
  // variables provider it would also bundle (kept off the sign-in page's budget).
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
