import type { UiSettings } from '@kopi/contract';
import { uiSettingsDefaults } from '@kopi/contract/values';
import { storageKey } from '../app-config';
import { readCookie, writeCookie } from '../cookies';
import { createStore, useStore } from '../store';
import { isValidSetting } from './setting-rules';

export type Settings = Required<UiSettings>;
export type SettingKey = keyof Settings;

export const settingKeys = Object.keys(uiSettingsDefaults) as SettingKey[];

/** Keys the customizer owns; "reset" restores these to SPEC §9 and leaves language/preferences. */
export const layoutSettingKeys = [
  'theme',
  'skin',
  'primaryColor',
  'isVerticalNavSemiDark',
  'isNavbarBlurEnabled',
  'isVerticalNavCollapsed',
  'appContentWidth',
  'navLayout',
  'navbarType',
  'footerType',
  'direction',
] as const satisfies readonly SettingKey[];

export const settingCookieName = (key: SettingKey) => storageKey(key);

/** Cookie values are plain text for strings and JSON for booleans/numbers ("dark", "true", "15"). */
export function encodeSettingValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function decodeSettingValue(key: SettingKey, raw: string): unknown {
  const candidates: unknown[] = [raw];
  try {
    candidates.unshift(JSON.parse(raw));
  } catch {
    // plain strings are stored unquoted
  }
  for (const candidate of candidates) if (isValidSetting(key, candidate)) return candidate;
  return undefined;
}

/** Keeps only valid, known keys; anything else is dropped rather than trusted. */
export function sanitizeSettings(input: unknown): UiSettings {
  if (!input || typeof input !== 'object') return {};
  const result: Record<string, unknown> = {};
  for (const key of settingKeys) {
    const value = (input as Record<string, unknown>)[key];
    if (value !== undefined && isValidSetting(key, value)) result[key] = value;
  }
  return result as UiSettings;
}

export function readSettingsFromCookies(read: (name: string) => string | undefined = readCookie) {
  const fromCookies: Record<string, unknown> = {};
  for (const key of settingKeys) {
    const raw = read(settingCookieName(key));
    if (raw === undefined) continue;
    const value = decodeSettingValue(key, raw);
    if (value !== undefined) fromCookies[key] = value;
  }
  return fromCookies as UiSettings;
}

/**
 * SPEC §4: switching to horizontal forces a hidden navbar to sticky and expands the navigation
 * (a horizontal menu lives in the navbar and cannot be collapsed).
 */
export function applyLayoutRules(previous: Settings, next: Settings): Settings {
  if (next.navLayout === 'horizontal') {
    const switched = previous.navLayout !== 'horizontal';
    return {
      ...next,
      navbarType: next.navbarType === 'hidden' ? 'sticky' : next.navbarType,
      isVerticalNavCollapsed: switched ? false : next.isVerticalNavCollapsed,
    };
  }
  return next;
}

export function writeSettingsCookies(settings: UiSettings, write = writeCookie) {
  for (const key of settingKeys) {
    const value = settings[key];
    if (value !== undefined) write(settingCookieName(key), encodeSettingValue(value));
  }
}

type SettingsListener = (settings: Settings, changed: UiSettings) => void;
const changeListeners = new Set<SettingsListener>();

export const settingsStore = createStore<Settings>({
  ...uiSettingsDefaults,
  ...readSettingsFromCookies(),
});

/** Called for user-made changes (the session layer saves them to the server). */
export function onSettingsChanged(listener: SettingsListener) {
  changeListeners.add(listener);
  return () => {
    changeListeners.delete(listener);
  };
}

function diff(previous: Settings, next: Settings): UiSettings {
  const changed: Record<string, unknown> = {};
  for (const key of settingKeys) if (previous[key] !== next[key]) changed[key] = next[key];
  return changed as UiSettings;
}

/**
 * Applies a change, writes the cookies and tells listeners. `source: 'silent'` is used when
 * restoring a user's stored settings, which must not be echoed back to the server.
 */
export function updateSettings(patch: UiSettings, source: 'user' | 'silent' = 'user') {
  const previous = settingsStore.getState();
  const next = applyLayoutRules(previous, { ...previous, ...sanitizeSettings(patch) });
  const changed = diff(previous, next);
  if (Object.keys(changed).length === 0) return;
  writeSettingsCookies(changed);
  settingsStore.setState(next);
  if (source === 'user') for (const listener of changeListeners) listener(next, changed);
}

/** SPEC §9 defaults for the layout; language and personal preferences are kept. */
export function resetLayoutSettings() {
  const defaults: Record<string, unknown> = {};
  for (const key of layoutSettingKeys) defaults[key] = uiSettingsDefaults[key];
  updateSettings(defaults as UiSettings);
}

export const useSettings = () => useStore(settingsStore, (s) => s);
export const useSetting = <K extends SettingKey>(key: K) => useStore(settingsStore, (s) => s[key]);
