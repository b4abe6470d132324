import {
  findAppSetting,
  isTwoStepChallenge,
  type LiveOrderEvent,
  type LoginResponseData,
  type SessionData,
} from '@kopi/contract';
import { storageKey } from '../app-config';
import { http } from '../http/http';
import { i18n } from '../i18n/i18n';
import { createLiveSocket } from '../live/live-orders-socket';
import { onSettingsChanged, settingsStore } from '../settings/settings-store';
import { toast } from '../toasts';
import { sessionChannel } from './session-channel';
import { registerSessionRuntime } from './session-runtime-slot';
import { establishSession, refreshSession, requireData, scheduleRenewal } from './session-service';
import { sessionStore, setLocked, setTokens } from './session-store';

// What a signed-in tab adds to the session: the lock screen and its broadcast to other tabs,
// saving layout settings per user, and the live-order socket.

// ---- lock screen ----------------------------------------------------------------------------

export function lockSession() {
  const { token, user } = sessionStore.getState();
  if (!token) return;
  setLocked(true);
  sessionChannel.post({ type: 'lock', isLocked: true, userId: user?.id ?? null });
}

export type UnlockResult = { kind: 'unlocked' } | { kind: 'two-step'; challengeToken: string };

/**
 * SPEC §4: unlocking signs in again with the user's username and the typed password. The new
 * session replaces the old one, which is signed out so sessions do not pile up.
 */
export async function unlockSession(password: string): Promise<UnlockResult> {
  const { user } = sessionStore.getState();
  if (!user) throw new Error('No user to unlock');
  const data = requireData(
    await http.post<LoginResponseData>(
      '/login',
      { username: user.username, password },
      // The lock card says what was wrong itself: only a password was typed.
      { auth: 'none', errorToast: 'silent' },
    ),
  );
  if (isTwoStepChallenge(data)) return { kind: 'two-step', challengeToken: data.challenge_token };
  completeUnlock(data);
  return { kind: 'unlocked' };
}

export async function unlockWithCode(challengeToken: string, code: string) {
  const data = requireData(
    await http.post<SessionData>(
      '/two-steps',
      { challenge_token: challengeToken, code },
      { auth: 'none' },
    ),
  );
  completeUnlock(data);
}

function completeUnlock(data: SessionData) {
  const oldToken = sessionStore.getState().token;
  if (oldToken) {
    // Plain fetch: the client would retry with the *new* token and end the new session.
    void fetch('/api/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${oldToken}`, 'Idempotency-Key': crypto.randomUUID() },
    }).catch(() => undefined);
  }
  establishSession(data, 'unlock');
  setLocked(false);
  sessionChannel.post({ type: 'unlock', isLocked: false, userId: data.id });
  toast.success(i18n.t('auth.lock.unlocked'));
}

// ---- other tabs -----------------------------------------------------------------------------

sessionChannel.subscribe((message) => {
  const state = sessionStore.getState();
  if (message.type === 'lock') {
    // Every signed-in tab locks: the person at the keyboard stepped away.
    if (state.token) setLocked(true);
  } else if (message.type === 'unlock') {
    // Only tabs of the same user unlock; they refresh their own session for new abilities.
    if (state.token && state.isLocked && state.user?.id === message.userId) {
      setLocked(false);
      void refreshSession().catch(() => undefined);
    }
  } else if (message.type === 'rotated') {
    if (state.refreshToken === message.previousRefreshToken) {
      setTokens(message.token, message.refreshToken);
      scheduleRenewal();
    }
  }
});

// ---- settings saved per user ----------------------------------------------------------------

let saveTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleSettingsSave() {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void saveSettingsNow(), 300);
}

/** PUT /api/registrationdata/{id} with the profile and the layout settings (SPEC §3). */
export async function saveSettingsNow(keepalive = false) {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  const { token, user } = sessionStore.getState();
  if (!token || !user) return;
  const { 'color-scheme': _resolved, ...settings } = settingsStore.getState();
  await http
    .put(
      `/registrationdata/${encodeURIComponent(user.id)}`,
      {
        fullname: user.fullname,
        ...(user.email ? { email: user.email } : {}),
        settings,
      },
      { errorToast: 'silent', keepalive },
    )
    .catch(() => undefined);
}

onSettingsChanged(() => scheduleSettingsSave());
if (typeof window !== 'undefined') {
  // A change made just before closing the tab still reaches the server.
  window.addEventListener('pagehide', () => {
    if (saveTimer) void saveSettingsNow(true);
  });
}

// ---- live orders ----------------------------------------------------------------------------

// On unless the tenant's app settings switch live orders off (entry "live_orders", enabled false).
const LIVE_FLAG = storageKey('live-orders');
let liveOrdersAvailable = (() => {
  try {
    return sessionStorage.getItem(LIVE_FLAG) !== 'false';
  } catch {
    return true;
  }
})();

type LiveHandler = Parameters<typeof createLiveSocket>[0]['onEvent'];
const liveHandlers = new Set<LiveHandler>();

/** Screens (status board, order list, the bell) listen to live order events here. */
export function onLiveOrderEvent(handler: LiveHandler) {
  liveHandlers.add(handler);
  return () => {
    liveHandlers.delete(handler);
  };
}

/**
 * The chime's rule: an event that brings an order into PENDING, where the bar sees it first — a
 * counter sale (order.created) or a mobile order once it is paid (order.status → PENDING).
 */
export function bringsNewOrder(event: LiveOrderEvent) {
  if (event.type === 'order.created') return (event.message.status ?? 'PENDING') === 'PENDING';
  return event.type === 'order.status' && event.message.status === 'PENDING';
}

/** The access token the socket was opened with (a new session must reconnect). */
let socketToken: string | null = null;

export const liveSocket = createLiveSocket({
  url: (since) => {
    const { token, user, isLocked } = sessionStore.getState();
    if (!token || !user || isLocked || !liveOrdersAvailable) return null;
    socketToken = token;
    const params = new URLSearchParams({ token });
    if (user.id_outlet) params.set('outlet_id', user.id_outlet);
    if (since !== null) params.set('since', String(since));
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${protocol}//${window.location.host}/ws?${params.toString()}`;
  },
  // The session ended on the server: renewing it either gives a new token (reconnect) or a 401,
  // which signs the user out the usual way.
  onSessionEnded: () => {
    void refreshSession()
      .then(() => {
        if (sessionStore.getState().token && liveOrdersAvailable) liveSocket.connect();
      })
      .catch(() => undefined);
  },
  // Refreshing proves the session (and gives the retry a fresh token); a 401 signs out as usual.
  beforeReconnect: () =>
    refreshSession().then(
      () => Boolean(sessionStore.getState().token),
      () => Boolean(sessionStore.getState().token),
    ),
  onEvent: (event) => {
    if (bringsNewOrder(event) && settingsStore.getState().newOrderSound) chimeOncePerBurst();
    for (const handler of liveHandlers) handler(event);
  },
});

function setLiveOrdersAvailable(available: boolean) {
  liveOrdersAvailable = available;
  try {
    sessionStorage.setItem(LIVE_FLAG, String(available));
  } catch {
    // storage unavailable: keep the in-memory flag
  }
  if (available && sessionStore.getState().token) liveSocket.connect();
  if (!available) liveSocket.disconnect();
}

/** A burst (a rush, a replay after a reconnect) rings once, not once per order. */
const CHIME_BURST_MS = 2000;
let lastChimeAt = -Infinity;

export function chimeOncePerBurst(now = Date.now(), play = playChime) {
  if (now - lastChimeAt < CHIME_BURST_MS) return;
  lastChimeAt = now;
  play();
}

function playChime() {
  try {
    const context = new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.6);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.6);
    oscillator.onended = () => void context.close();
  } catch {
    // No audio (autoplay policy or no device): the bell count still updates.
  }
}

// A locked tab drops the socket (its URL needs an unlocked session) and reconnects on unlock.
let wasLocked = sessionStore.getState().isLocked;
sessionStore.subscribe(() => {
  const { isLocked, token } = sessionStore.getState();
  if (!token) liveSocket.disconnect();
  if (isLocked !== wasLocked) {
    wasLocked = isLocked;
    if (isLocked) liveSocket.disconnect();
    else if (liveOrdersAvailable) liveSocket.connect();
  }
});

registerSessionRuntime({
  established: (source, settingsDiffer) => {
    if (settingsDiffer) scheduleSettingsSave();
    if (!liveOrdersAvailable) return;
    // A new session (sign-in, unlock) reconnects with its token; a refresh keeps the socket.
    if (!liveSocket.active) liveSocket.connect();
    else if (source !== 'refresh' && socketToken !== sessionStore.getState().token) {
      liveSocket.restart();
    }
  },
  appSettingsLoaded: (entries) =>
    setLiveOrdersAvailable(findAppSetting(entries, 'live_orders')?.enabled !== false),
  signingOut: () => liveSocket.disconnect(),
});

// No connect here: the socket opens once the session is set up or refreshed (SPEC §4 order).

if (typeof window !== 'undefined') {
  // Leaving the page closes the socket on purpose, so its close does not start a reconnect (and
  // with it a token refresh whose answer the unloading page would lose).
  window.addEventListener('pagehide', () => liveSocket.disconnect());
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && liveOrdersAvailable && sessionStore.getState().token)
      liveSocket.connect();
  });
}
