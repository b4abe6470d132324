import type { UiSettings } from './ui-settings';

// Without zod (see values.ts).
// SPEC §9 layout defaults.
export const uiSettingsDefaults = {
  'color-scheme': 'light',
  theme: 'system',
  skin: 'default',
  primaryColor: '#7A9E7E',
  isVerticalNavSemiDark: false,
  isNavbarBlurEnabled: true,
  isVerticalNavCollapsed: false,
  appContentWidth: 'boxed',
  navLayout: 'vertical',
  navbarType: 'sticky',
  footerType: 'static',
  direction: 'ltr',
  language: 'en',
  idleLockMinutes: 15,
  newOrderSound: true,
} as const satisfies Required<UiSettings>;
