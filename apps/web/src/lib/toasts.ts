import { createStore } from './store';

// SPEC §9 toasts: 2000 ms (long info 50000 ms), top-right, at most one on screen, newest on top,
// and a toast whose type matches one already shown is suppressed.
export type ToastType = 'success' | 'warning' | 'error' | 'info';
export type ToastKey = string;

export const toastDurations = { standard: 2000, longInfo: 50000 } as const;
export const maxToasts = 1;
export const toastPosition = { vertical: 'top', horizontal: 'right' } as const;
/** The CSS variable a screen sets to start the toasts lower than its own top-right actions. */
export const toastTopVariable = '--kopi-toast-top';

/** Tracks the toasts on screen (or on their way) by type. Pure, so the rule is unit-tested. */
export function createToastGate() {
  const shown = new Map<ToastKey, ToastType>();
  let sequence = 0;
  return {
    /** Returns a key for a new toast, or null when a toast of that type is already shown. */
    open(type: ToastType): ToastKey | null {
      for (const shownType of shown.values()) if (shownType === type) return null;
      const key = `toast-${++sequence}`;
      shown.set(key, type);
      return key;
    },
    release(key: ToastKey) {
      shown.delete(key);
    },
    shownTypes: () => [...shown.values()],
    clear: () => shown.clear(),
  };
}

export interface ToastRequest {
  key: ToastKey;
  type: ToastType;
  message: string;
  durationMs: number;
  /** Called once the toast has left the screen. */
  onGone: () => void;
}
export interface ToastHost {
  show: (request: ToastRequest) => void;
  dismiss: (key?: ToastKey) => void;
}

const gate = createToastGate();
let host: ToastHost | null = null;
let pending: ToastRequest[] = [];

/**
 * The toast renderer (notistack) is not needed to draw the sign-in page, so it loads with the
 * first toast: until it has registered, requests wait here.
 */
export const toastHostWanted = createStore(false);

export function registerToastHost(next: ToastHost | null) {
  host = next;
  if (!next) return;
  const waiting = pending;
  pending = [];
  for (const request of waiting) next.show(request);
}

export function showToast(type: ToastType, message: string, options: { long?: boolean } = {}) {
  const key = gate.open(type);
  if (key === null) return null;
  const durationMs =
    type === 'info' && options.long ? toastDurations.longInfo : toastDurations.standard;
  const request: ToastRequest = { key, type, message, durationMs, onGone: () => gate.release(key) };
  if (host) host.show(request);
  else {
    pending.push(request);
    toastHostWanted.setState(true);
  }
  return key;
}

export const toast = {
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
  warning: (message: string) => showToast('warning', message),
  info: (message: string, options?: { long?: boolean }) => showToast('info', message, options),
  dismiss: (key?: ToastKey) => host?.dismiss(key),
};

/** For tests: forget what is shown and queued, and that a host was wanted. */
export function resetToasts() {
  gate.clear();
  pending = [];
  host = null;
  toastHostWanted.setState(false);
}
