import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** SPEC §2: to a hash smoothly with a 60 px offset (below the sticky navbar), else to the top. */
export const HASH_SCROLL_OFFSET = 60;

export function hashScrollTop(elementTop: number, scrollY: number) {
  return Math.max(0, elementTop + scrollY - HASH_SCROLL_OFFSET);
}

export function ScrollManager() {
  const { pathname, hash } = useLocation();

  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0 });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let attempts = 0;
    let frame = 0;
    // The page may still be loading: look for the target for a short while.
    const find = () => {
      const element = document.getElementById(id);
      if (element) {
        const top = hashScrollTop(element.getBoundingClientRect().top, window.scrollY);
        window.scrollTo({ top, behavior: 'smooth' });
      } else if (attempts++ < 60) {
        frame = requestAnimationFrame(find);
      }
    };
    find();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);

  return null;
}
