import { useEffect } from 'react';
import { storageKey } from '../app-config';
import { useSetting } from '../settings/settings-store';
import { lockSession } from './session-runtime';
import { useIsLocked, useIsSignedIn } from './session-store';

const ACTIVITY_KEY = storageKey('last-activity');
const activityEvents = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'];

/** The latest activity in any tab (shared through localStorage, so an active tab keeps all open). */
export function lastActivity(localAt: number, shared: string | null): number {
  const sharedAt = Number(shared);
  return Number.isFinite(sharedAt) ? Math.max(localAt, sharedAt) : localAt;
}

export const isIdle = (now: number, lastAt: number, minutes: number) =>
  now - lastAt >= minutes * 60_000;

/** Locks the session after the user's idle time (preference idleLockMinutes, default 15). */
export function useIdleLock() {
  const minutes = useSetting('idleLockMinutes');
  const signedIn = useIsSignedIn();
  const locked = useIsLocked();

  useEffect(() => {
    if (!signedIn || locked) return;
    let localAt = Date.now();
    let lastWrite = 0;
    const record = () => {
      localAt = Date.now();
      if (localAt - lastWrite > 5_000) {
        lastWrite = localAt;
        try {
          localStorage.setItem(ACTIVITY_KEY, String(localAt));
        } catch {
          // private mode: this tab's own activity still counts
        }
      }
    };
    record();
    for (const name of activityEvents) window.addEventListener(name, record, { passive: true });
    const check = setInterval(() => {
      let shared: string | null;
      try {
        shared = localStorage.getItem(ACTIVITY_KEY);
      } catch {
        shared = null;
      }
      if (isIdle(Date.now(), lastActivity(localAt, shared), minutes)) lockSession();
    }, 10_000);
    return () => {
      clearInterval(check);
      for (const name of activityEvents) window.removeEventListener(name, record);
    };
  }, [minutes, signedIn, locked]);
}
