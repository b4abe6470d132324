import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme, mix, onPrimary } from './create-app-theme';
import { breakpointValues, primaryPresets } from './theme-tokens';

/** The light sage theme, left to right, with the given settings changed. */
const sageTheme = (settings: Partial<Parameters<typeof createAppTheme>[0]> = {}) =>
  createAppTheme({
    mode: 'light',
    primaryColor: '#7A9E7E',
    skin: 'default',
    direction: 'ltr',
    ...settings,
  });

describe('theme (SPEC §1/§9)', () => {
  it('uses Public Sans, the spec breakpoints and layers', () => {
    const theme = sageTheme();
    expect(theme.typography.fontFamily).toMatch(/^"Public Sans"/);
    expect(theme.breakpoints.values).toEqual(breakpointValues);
    expect(breakpointValues).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 });
    expect(theme.zIndex.modal).toBe(2400);
    expect(theme.zIndex.overlay).toBe(2000);
    expect(theme.palette.primary.main).toBe('#7A9E7E');
  });

  it.each(
    primaryPresets.flatMap((p) =>
      (['light', 'dark'] as const).map((mode) => [p.id, p.color, mode] as const),
    ),
  )('%s in %s mode keeps text readable (4.5:1)', (_id, color, mode) => {
    const theme = createAppTheme({ mode, primaryColor: color, skin: 'default', direction: 'ltr' });
    expect(getContrastRatio(theme.palette.primary.contrastText, color)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(onPrimary(color), color)).toBeGreaterThanOrEqual(4.5);
    expect(
      getContrastRatio(theme.palette.primaryText, theme.palette.background.paper),
    ).toBeGreaterThanOrEqual(4.5);
    // A selected toggle or tab draws it on a primary tint: 24% over paper at most (dark, hovered).
    const tint = mix(theme.palette.background.paper, color, mode === 'dark' ? 0.24 : 0.12);
    expect(getContrastRatio(theme.palette.primaryText, tint)).toBeGreaterThanOrEqual(4.5);
  });

  it('mixes a colour over another as the eye sees it', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('rgb(128, 128, 128)');
    expect(mix('#272D29', '#87A78A', 0)).toBe('rgb(39, 45, 41)');
  });

  it('draws borders instead of shadows in the bordered skin', () => {
    const theme = sageTheme({ skin: 'bordered', direction: 'rtl' });
    expect(theme.components?.MuiCard?.defaultProps).toEqual({ elevation: 0 });
    expect(theme.direction).toBe('rtl');
  });
});
