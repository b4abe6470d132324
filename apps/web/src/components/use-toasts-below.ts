import { type RefObject, useLayoutEffect } from 'react';
import { toastTopVariable } from '../lib/toasts';

/**
 * Starts the toasts just below `element` (a bar of actions at the top right, such as the POS's
 * Hold and Recall) while it is on screen, so a toast never covers what the user reaches for
 * next. Follows the bar as it wraps or resizes.
 */
export function useToastsBelow(element: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const bar = element.current;
    if (!bar) return;
    const root = document.documentElement.style;
    const place = () =>
      root.setProperty(toastTopVariable, `${bar.getBoundingClientRect().bottom + 8}px`);
    place();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.removeProperty(toastTopVariable);
    };
  }, [element]);
}
