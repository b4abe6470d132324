import { useCallback, useEffect, useState } from 'react';
import { storageKey } from '../../lib/app-config';

/** The current time, renewed every `intervalMs`: every card's timer ticks together. */
export function useNow(intervalMs = 15_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Full-screen mode for a screen behind the bar. The whole page goes full screen (Fullscreen API on
 * the document) and the board covers it: making only the board's element full screen would hide
 * the reject dialog and the toasts, which render outside it. Esc leaves it (the browser's own Esc
 * where the API exists, a key handler where it does not).
 */
export function useBoardFullscreen({ escapeBlocked }: { escapeBlocked: boolean }) {
  const [active, setActive] = useState(false);

  const exit = useCallback(() => {
    setActive(false);
    if (typeof document !== 'undefined' && document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
    }
  }, []);

  const enter = useCallback(() => {
    setActive(true);
    const root = typeof document !== 'undefined' ? document.documentElement : null;
    // Refused (no user gesture, iframe, iPhone): the board still covers the window.
    if (root?.requestFullscreen) void root.requestFullscreen().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!active) return;
    const onChange = () => {
      if (!document.fullscreenElement) setActive(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !escapeBlocked) exit();
    };
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('keydown', onKey);
    };
  }, [active, escapeBlocked, exit]);

  // Leaving the page leaves full screen too.
  useEffect(
    () => () => {
      if (typeof document !== 'undefined' && document.fullscreenElement) {
        void document.exitFullscreen().catch(() => undefined);
      }
    },
    [],
  );

  return { active, enter, exit, toggle: active ? exit : enter };
}

/** The outlet the user last chose on the board, per user, in this browser. */
export function useRememberedOutlet(userId: string | null) {
  const key = `${storageKey('status-board-outlet')}:${userId ?? ''}`;
  const [outletId, setOutletId] = useState<string | null>(() => read(key));
  const choose = useCallback(
    (next: string | null) => {
      setOutletId(next);
      try {
        if (next) localStorage.setItem(key, next);
        else localStorage.removeItem(key);
      } catch {
        // storage unavailable: the choice lasts for this visit
      }
    },
    [key],
  );
  return [outletId, choose] as const;
}

function read(key: string) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
