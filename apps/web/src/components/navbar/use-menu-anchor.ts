import { useState, type MouseEvent } from 'react';

/**
 * The open state of a navbar button's menu or panel: where it is anchored, how to close it, and
 * the props the button takes to open it and say what it opens (`menu` or `dialog`).
 */
export function useMenuAnchor(popup: 'menu' | 'dialog') {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return {
    anchor,
    open: Boolean(anchor),
    close,
    buttonProps: {
      onClick: (e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget),
      'aria-haspopup': popup,
      'aria-expanded': Boolean(anchor),
    },
  };
}
