import { useCallback, useContext } from 'react';
import { UNSAFE_NavigationContext, useHref, useLocation, type Location } from 'react-router';

/**
 * A check, for work that ends later (a debounced search), that the user is still on the page it
 * was started on. Opening a lazily loaded page runs in a transition: the router's history is
 * already at the new URL while the old page stays mounted, its timers running, until the new one
 * has loaded; a list writing its search into the URL then would take the user back to the list.
 */
export function useStillOnPage(): () => boolean {
  const here = useHref({ pathname: useLocation().pathname });
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return useCallback(() => {
    // The declarative routers' navigators are histories, which know where they are now; with
    // any other, leaving is only seen when the page unmounts (which cancels the timers anyway).
    const at = (navigator as Partial<{ location: Location }>).location;
    return !at || navigator.createHref({ pathname: at.pathname }) === here;
  }, [navigator, here]);
}
