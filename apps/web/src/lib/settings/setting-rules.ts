import type { UiSettings } from '@kopi/contract';
import { locales } from '@kopi/contract/values';

// The contract's uiSettingsSchema as plain checks. Cookies are read before the first paint, and
// zod would add ~20 kB to every first visit (the sign-in page's budget). The lists are typed
// against UiSettings, and setting-rules.test.ts holds them to the schema value for value.

type Settings = Required<UiSettings>;

/** Every option of a string union, and only those (a missing or extra one fails to compile). */
const oneOf =
  <T extends string>() =>
  <const L extends readonly T[]>(
    ...options: L & ([T] extends [L[number]] ? unknown : ['missing an option'])
  ) =>
  (value: unknown): value is T =>
    (options as readonly unknown[]).includes(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

export const settingRules: { [K in keyof Settings]: (value: unknown) => value is Settings[K] } = {
  'color-scheme': oneOf<Settings['color-scheme']>()('light', 'dark'),
  theme: oneOf<Settings['theme']>()('light', 'dark', 'system'),
  skin: oneOf<Settings['skin']>()('default', 'bordered'),
  primaryColor: (value): value is string =>
    typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value),
  isVerticalNavSemiDark: isBoolean,
  isNavbarBlurEnabled: isBoolean,
  isVerticalNavCollapsed: isBoolean,
  appContentWidth: oneOf<Settings['appContentWidth']>()('boxed', 'fluid'),
  navLayout: oneOf<Settings['navLayout']>()('vertical', 'horizontal'),
  navbarType: oneOf<Settings['navbarType']>()('sticky', 'hidden'),
  footerType: oneOf<Settings['footerType']>()('static'),
  direction: oneOf<Settings['direction']>()('ltr', 'rtl'),
  language: oneOf<Settings['language']>()(...locales),
  idleLockMinutes: (value): value is number =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 240,
  newOrderSound: isBoolean,
};

/** A valid value for `key`, as the schema would accept it. */
export const isValidSetting = <K extends keyof Settings>(key: K, value: unknown) =>
  settingRules[key](value);
