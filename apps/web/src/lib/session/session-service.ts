import type { AppSettingEntry, LoginResponseData, RefreshData, SessionData } from '@kopi/contract';
import { isTwoStepChallenge } from '@kopi/contract/values';
import { storageKey } from '../app-config';
import { http } from '../http/http';
import { HttpError } from '../http/http-client';
import { i18n } from '../i18n/i18n';
import {
  sanitizeSettings,
  settingKeys,
  settingsStore,
  updateSettings,
} from '../settings/settings-store';
import { createStore, useStore } from '../store';
import { toast } from '../toasts';
import { sessionChannel } from './session-channel';
import { loadSessionRuntime, sessionRuntime } from './session-runtime-slot';
import { applySessionAnswer, clearSession, sessionStore } from './session-store';

// Signing in, refreshing and signing out: what the sign-in pages need. Everything a signed-in
// tab adds (lock screen, other tabs, live orders, saving settings) is in session-runtime.ts,
// loaded as soon as there is a session.

export type SignInResult = { kind: 'signed-in' } | { kind: 'two-step'; challengeToken: string };

/** SPEC §7: an answer without data means "User is empty". */
export function requireData<T>(data: T | null | undefined): T {
  if (!data || (typeof data === 'object' && Object.keys(data).length === 0)) {
    const message = i18n.t('http.userEmpty');
    toast.error(message);
    throw new HttpError(200, message);
  }
  return data;
}

// ---- access-token renewal ------------------------------------------------------------------

/** Seconds-since-epoch expiry of a JWT, or null when it cannot be read. */
export function tokenExpiry(token: string | null): number | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
    };
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}

let renewTimer: ReturnType<typeof setTimeout> | null = null;

/** Renews the access token a minute before it expires, so an active user is never cut off. */
export function scheduleRenewal() {
  if (renewTimer) clearTimeout(renewTimer);
  renewTimer = null;
  const exp = tokenExpiry(sessionStore.getState().token);
  if (!exp) return;
  // A little jitter so duplicated tabs sharing a token do not renew at the same instant.
  const delay = Math.max(10_000, exp * 1000 - Date.now() - 60_000 - Math.random() * 15_000);
  renewTimer = setTimeout(() => {
    if (sessionStore.getState().token) void refreshSession().catch(() => undefined);
  }, delay);
}

// ---- refresh (one at a time, across tabs) -------------------------------------------------

let refreshInFlight: Promise<void> | null = null;

async function withRefreshLock(task: () => Promise<void>) {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task();
  await locks.request(storageKey('refresh'), async () => {
    // Let a rotation broadcast by the tab that held the lock arrive first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await task();
  });
}

/** POST /api/refresh-token with the refresh token as Bearer; updates tokens and abilities. */
export function refreshSession(): Promise<void> {
  refreshInFlight ??= withRefreshLock(async () => {
    const previous = sessionStore.getState().refreshToken;
    if (!previous) return;
    const data = requireData(
      await http.post<RefreshData>('/refresh-token', undefined, { auth: 'refresh' }),
    );
    sessionChannel.post({
      type: 'rotated',
      previousRefreshToken: previous,
      token: data.token,
      refreshToken: data.refresh_token,
    });
    establishSession(data, 'refresh');
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

// ---- establishing a session -----------------------------------------------------------------

function settingsDiffer(server: ReturnType<typeof sanitizeSettings>) {
  const local = settingsStore.getState();
  return settingKeys.some(
    (key) => key !== 'color-scheme' && server[key] !== undefined && server[key] !== local[key],
  );
}

export function establishSession(
  data: SessionData | RefreshData,
  source: 'login' | 'refresh' | 'unlock',
) {
  applySessionAnswer(data);
  const serverSettings = sanitizeSettings(data.settings);
  const differ = settingsDiffer(serverSettings);
  // Signing in (maybe on another browser) restores the user's stored layout. On refresh and
  // unlock this browser's cookies are newest, and the runtime saves them if they differ.
  if (source === 'login') updateSettings(serverSettings, 'silent');
  scheduleRenewal();
  const runtime = sessionRuntime();
  if (runtime) runtime.established(source, differ);
  else void loadSessionRuntime().then((loaded) => loaded?.established(source, differ));
}

/** The tenant's app settings (feature switches), loaded after every session start. */
export const appSettingsStore = createStore<AppSettingEntry[]>([]);
export const useAppSettings = () => useStore(appSettingsStore, (s) => s);

/** SPEC §7: app settings with the refresh token as Bearer; empty gives "Settings is empty". */
export async function loadAppSettings(): Promise<AppSettingEntry[]> {
  // The parser (zod) loads with the answer, not with the sign-in page.
  const [data, { parseAppSettings }] = await Promise.all([
    http.get<unknown>('/app/settings', { auth: 'refresh' }),
    import('./app-settings-answer'),
  ]);
  const status = parseAppSettings(data);
  if (!status || status.length === 0) {
    toast.error(i18n.t('http.settingsEmpty'));
    return [];
  }
  appSettingsStore.setState(status);
  sessionRuntime()?.appSettingsLoaded(status);
  return status;
}

export async function signIn(username: string, password: string): Promise<SignInResult> {
  const data = requireData(
    // The sign-in page shows the refusal inline; a toast would say it twice.
    await http.post<LoginResponseData>(
      '/login',
      { username, password },
      { auth: 'none', errorToast: 'silent' },
    ),
  );
  if (isTwoStepChallenge(data)) return { kind: 'two-step', challengeToken: data.challenge_token };
  establishSession(data, 'login');
  void loadAppSettings().catch(() => undefined);
  return { kind: 'signed-in' };
}

export async function verifyTwoStep(challengeToken: string, code: string) {
  const data = requireData(
    await http.post<SessionData>(
      '/two-steps',
      { challenge_token: challengeToken, code },
      { auth: 'none' },
    ),
  );
  establishSession(data, 'login');
  void loadAppSettings().catch(() => undefined);
}

/** POST /api/logout (ends the session family), then forget everything of this session. */
export async function signOut() {
  const { token } = sessionStore.getState();
  sessionRuntime()?.signingOut();
  if (renewTimer) clearTimeout(renewTimer);
  if (token) {
    await http
      .post('/logout', undefined, { errorToast: 'silent', handleUnauthorized: false })
      .catch(() => undefined);
  }
  clearSession();
  appSettingsStore.setState([]);
}

// ---- app start ------------------------------------------------------------------------------

/**
 * SPEC §4: with an access token, refresh the session (abilities, menus, settings), connect the
 * live-order socket (the runtime does, once loaded); app settings are loaded afterwards.
 */
export async function startSession() {
  if (!sessionStore.getState().token) return;
  scheduleRenewal();
  await loadSessionRuntime();
  try {
    await refreshSession();
  } catch {
    // The HTTP client has already reported it (a 401 also ends the session).
  }
  if (sessionStore.getState().token) await loadAppSettings().catch(() => undefined);
}
