import { useEffect, useRef } from 'react';

export type PosShortcut = 'F2' | 'F3' | 'F4' | 'F8';

/**
 * The counter's function keys, which work anywhere on the page (even while typing) but not behind
 * an open dialog, where the key is still swallowed so the browser does nothing with it.
 */
export function usePosShortcuts(blocked: boolean, actions: Record<PosShortcut, () => void>) {
  const latest = useRef({ blocked, actions });
  useEffect(() => {
    latest.current = { blocked, actions };
  });
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const { blocked: isBlocked, actions: current } = latest.current;
      if (!Object.hasOwn(current, e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      if (!isBlocked) current[e.key as PosShortcut]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
