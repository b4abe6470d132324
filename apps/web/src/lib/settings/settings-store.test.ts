import { uiSettingsDefaults } from '@kopi/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseCookies, readCookie, serializeCookie } from '../cookies';
import {
  applyLayoutRules,
  decodeSettingValue,
  encodeSettingValue,
  onSettingsChanged,
  readSettingsFromCookies,
  resetLayoutSettings,
  sanitizeSettings,
  settingsStore,
  updateSettings,
} from './settings-store';

function clearCookies() {
  for (const name of parseCookies(document.cookie).keys()) {
    document.cookie = `${encodeURIComponent(name)}=; Path=/; Max-Age=0`;
  }
}

beforeEach(() => {
  clearCookies();
  settingsStore.setState({ ...uiSettingsDefaults });
});

describe('cookies (SPEC §3/§9)', () => {
  it('are written with path / and URL-encoded values', () => {
    expect(serializeCookie('kopi-hq-primaryColor', '#7A9E7E')).toBe(
      'kopi-hq-primaryColor=%237A9E7E; Path=/; Max-Age=31536000; SameSite=Lax',
    );
    expect(parseCookies('a=1; kopi-hq-primaryColor=%234F6F52').get('kopi-hq-primaryColor')).toBe(
      '#4F6F52',
    );
  });

  it('store each changed setting under the app-title prefix and the spec name', () => {
    updateSettings({ theme: 'dark', skin: 'bordered', isVerticalNavCollapsed: true });
    expect(readCookie('kopi-hq-theme')).toBe('dark');
    expect(readCookie('kopi-hq-skin')).toBe('bordered');
    expect(readCookie('kopi-hq-isVerticalNavCollapsed')).toBe('true');
    updateSettings({ 'color-scheme': 'dark', appContentWidth: 'fluid', language: 'my' });
    expect(readCookie('kopi-hq-color-scheme')).toBe('dark');
    expect(readCookie('kopi-hq-appContentWidth')).toBe('fluid');
    expect(readCookie('kopi-hq-language')).toBe('my');
  });

  it('are read back (a reload) and invalid values are ignored', () => {
    const jar: Record<string, string> = {
      'kopi-hq-theme': 'dark',
      'kopi-hq-idleLockMinutes': '30',
      'kopi-hq-isNavbarBlurEnabled': 'false',
      'kopi-hq-skin': 'glossy',
      'kopi-hq-primaryColor': '#4F6F52',
    };
    expect(readSettingsFromCookies((name) => jar[name])).toEqual({
      theme: 'dark',
      idleLockMinutes: 30,
      isNavbarBlurEnabled: false,
      primaryColor: '#4F6F52',
    });
    expect(decodeSettingValue('theme', '"light"')).toBe('light');
    expect(encodeSettingValue(false)).toBe('false');
  });
});

describe('layout rules (SPEC §4/§9)', () => {
  it('switching to horizontal turns a hidden navbar sticky and expands the navigation', () => {
    const previous = {
      ...uiSettingsDefaults,
      navbarType: 'hidden',
      isVerticalNavCollapsed: true,
    } as const;
    const next = applyLayoutRules(previous, { ...previous, navLayout: 'horizontal' });
    expect(next.navbarType).toBe('sticky');
    expect(next.isVerticalNavCollapsed).toBe(false);
  });

  it('keeps the navbar sticky while horizontal', () => {
    updateSettings({ navLayout: 'horizontal' });
    updateSettings({ navbarType: 'hidden' });
    expect(settingsStore.getState().navbarType).toBe('sticky');
  });

  it('reset restores the defaults but keeps language and preferences', () => {
    updateSettings({
      theme: 'dark',
      skin: 'bordered',
      navLayout: 'horizontal',
      language: 'my',
      idleLockMinutes: 5,
    });
    resetLayoutSettings();
    const s = settingsStore.getState();
    expect(s).toMatchObject({
      theme: 'system',
      skin: 'default',
      appContentWidth: 'boxed',
      navLayout: 'vertical',
      navbarType: 'sticky',
      isNavbarBlurEnabled: true,
      isVerticalNavCollapsed: false,
      footerType: 'static',
      primaryColor: '#7A9E7E',
      language: 'my',
      idleLockMinutes: 5,
    });
  });

  it('tells listeners about user changes only (not restored or unchanged ones)', () => {
    const listener = vi.fn();
    const stop = onSettingsChanged(listener);
    updateSettings({ theme: 'dark' });
    updateSettings({ theme: 'dark' });
    updateSettings({ skin: 'bordered' }, 'silent');
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]?.[1]).toEqual({ theme: 'dark' });
    expect(settingsStore.getState().skin).toBe('bordered');
  });

  it('drops unknown or invalid settings from the server', () => {
    expect(
      sanitizeSettings({ theme: 'dark', skin: 'shiny', evil: 1, idleLockMinutes: 999 }),
    ).toEqual({
      theme: 'dark',
    });
    expect(sanitizeSettings(null)).toEqual({});
  });
});
