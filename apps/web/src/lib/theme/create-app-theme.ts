import {
  createTheme,
  darken,
  decomposeColor,
  getContrastRatio,
  lighten,
  recomposeColor,
  type Theme,
  type ThemeOptions,
} from '@mui/material/styles';

/** Text on a filled primary surface: white when it reads (4.5:1), else near-black. */
export const onPrimary = (primary: string) =>
  getContrastRatio(primary, '#fff') >= 4.5 ? '#fff' : 'rgba(0, 0, 0, 0.87)';
import { breakpointValues, zIndexes } from './theme-tokens';

export interface ThemeInput {
  mode: 'light' | 'dark';
  primaryColor: string;
  skin: 'default' | 'bordered';
  direction: 'ltr' | 'rtl';
}

const backgrounds = {
  light: { default: '#F6F5F1', paper: '#FFFFFF' },
  dark: { default: '#1E2320', paper: '#272D29' },
};

/**
 * Darkens (light mode) or lightens (dark mode) a colour until it reads as text on the background,
 * with a margin over 4.5:1 so it still reads on the light primary tint of selected controls.
 */
export function readableOn(color: string, background: string, mode: 'light' | 'dark'): string {
  let candidate = color;
  for (let step = 1; step <= 20 && getContrastRatio(candidate, background) < 5.2; step++) {
    candidate = mode === 'light' ? darken(color, step * 0.05) : lighten(color, step * 0.05);
  }
  return candidate;
}

/** `overlay` laid over `base` at `opacity`, as one opaque colour. */
export function mix(base: string, overlay: string, opacity: number): string {
  const b = decomposeColor(base).values;
  const o = decomposeColor(overlay).values;
  const rgb = [0, 1, 2].map((i) => Math.round(b[i]! * (1 - opacity) + o[i]! * opacity));
  return recomposeColor({ type: 'rgb', values: rgb as [number, number, number] });
}

/**
 * The strongest primary tint a selected control sits on over paper: MUI's selected opacity with
 * its hover opacity (0.08 + 0.04 light, 0.16 + 0.08 dark).
 */
export const selectedTint = (primary: string, paper: string, mode: 'light' | 'dark') =>
  mix(paper, primary, mode === 'light' ? 0.12 : 0.24);

/** The app's theme; `texts` gives MUI's own words in the screen's language (useMuiTexts). */
export function createAppTheme(
  { mode, primaryColor, skin, direction }: ThemeInput,
  texts: ThemeOptions = {},
): Theme {
  const background = backgrounds[mode];
  // Primary as text reads on paper and on the tint of a selected control alike.
  const primaryText = readableOn(
    primaryColor,
    selectedTint(primaryColor, background.paper, mode),
    mode,
  );
  const bordered = skin === 'bordered';
  const divider = mode === 'light' ? 'rgba(47, 43, 61, 0.12)' : 'rgba(225, 222, 245, 0.12)';

  return createTheme(
    {
      direction,
      breakpoints: { values: breakpointValues },
      zIndex: zIndexes,
      shape: { borderRadius: 8 },
      palette: {
        mode,
        // 4.5 keeps button text readable on light primaries such as sage green.
        contrastThreshold: 4.5,
        primary: { main: primaryColor },
        primaryText,
        background,
        divider,
        success: { main: mode === 'light' ? '#2E7D32' : '#66BB6A' },
        error: { main: mode === 'light' ? '#C62828' : '#EF5350' },
        // #9A5B00: 4.97:1 on the page's background, 5.43:1 on white (outlined buttons, chips).
        warning: { main: mode === 'light' ? '#9A5B00' : '#FFA726' },
        // #026FB0: 4.93:1 on the page's background.
        info: { main: mode === 'light' ? '#026FB0' : '#29B6F6' },
      },
      typography: {
        fontFamily: '"Public Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
        h1: { fontSize: '2.25rem', fontWeight: 600 },
        h2: { fontSize: '1.875rem', fontWeight: 600 },
        h3: { fontSize: '1.5rem', fontWeight: 600 },
        h4: { fontSize: '1.375rem', fontWeight: 600 },
        h5: { fontSize: '1.125rem', fontWeight: 600 },
        h6: { fontSize: '1rem', fontWeight: 600 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        MuiCssBaseline: {
          styleOverrides: {
            html: { scrollPaddingTop: 60 },
            '@media print': { '.no-print': { display: 'none !important' } },
            // Asked for less motion (WCAG 2.3.3): drawers, menus and collapses jump to their
            // end instead of sliding, growing or fading; spinners stand still.
            '@media (prefers-reduced-motion: reduce)': {
              '*, *::before, *::after': {
                animationDuration: '0.01ms !important',
                animationIterationCount: '1 !important',
                transitionDuration: '0.01ms !important',
                scrollBehavior: 'auto !important',
              },
            },
          },
        },
        MuiPaper: {
          defaultProps: bordered ? { elevation: 0 } : {},
          styleOverrides: {
            root: bordered ? { border: `1px solid ${divider}`, boxShadow: 'none' } : {},
          },
        },
        MuiCard: {
          defaultProps: bordered ? { elevation: 0 } : { elevation: 2 },
        },
        MuiAppBar: {
          defaultProps: { elevation: 0, color: 'inherit' },
          styleOverrides: bordered ? { root: { borderTop: 0, borderLeft: 0, borderRight: 0 } } : {},
        },
        // Text painted in the primary colour uses the readable variant.
        MuiLink: {
          styleOverrides: { root: { color: primaryText, textDecorationColor: primaryText } },
        },
        MuiButton: {
          styleOverrides: {
            root: ({ ownerState }) =>
              ownerState.color === 'primary' && ownerState.variant !== 'contained'
                ? { color: primaryText }
                : {},
          },
        },
        MuiToggleButton: {
          styleOverrides: {
            root: ({ theme }) => ({
              // The default (action.active) falls just under 4.5:1 on the hover tint.
              color: theme.palette.text.secondary,
              '&.Mui-selected, &.Mui-selected:hover': { color: primaryText },
            }),
          },
        },
        MuiTab: {
          styleOverrides: { root: { '&.Mui-selected': { color: primaryText } } },
        },
        MuiFormLabel: {
          styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: primaryText } } },
        },
        MuiInputLabel: {
          styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: primaryText } } },
        },
        MuiTooltip: { defaultProps: { arrow: true } },
      },
    },
    texts,
  );
}
