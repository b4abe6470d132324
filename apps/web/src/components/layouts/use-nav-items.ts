import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useAbility } from '@casl/react';
import { useTranslation } from '../../lib/i18n/use-translation';
import { canDo, type AppAbility } from '../../lib/abilities';
import { useRouteCatalog, type PageEntry } from '../../lib/route-catalog';
import { sessionStore } from '../../lib/session/session-store';
import { useSetting } from '../../lib/settings/settings-store';
import { useStore } from '../../lib/store';
import { activeNavPath, buildNavItems, flattenNavLinks, type NavItem } from './nav-items';

/** The catalog's pages the signed-in user may open. */
export function usePagesUserMayOpen(): PageEntry[] {
  const { pages } = useRouteCatalog();
  const ability = useAbility<AppAbility>();
  const abilities = useStore(sessionStore, (s) => s.abilities);
  return useMemo(
    () => pages.filter((page) => canDo(ability, page.action, page.subject)),
    // abilities: re-filter when the session's abilities change
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pages, ability, abilities],
  );
}

/** The signed-in user's menu (server menus ∩ registered pages ∩ abilities). */
export function useNavItems(): NavItem[] {
  const menus = useStore(sessionStore, (s) => s.menus);
  const abilities = useStore(sessionStore, (s) => s.abilities);
  const language = useSetting('language');
  const { isRegistered } = useRouteCatalog();
  const ability = useAbility<AppAbility>();
  return useMemo(
    () =>
      buildNavItems(menus, {
        isRegistered,
        can: (action, subject) => canDo(ability, action, subject),
        language,
      }),
    // abilities: rebuild when the session's abilities change
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [menus, abilities, language, isRegistered, ability],
  );
}

/** The menu path to highlight for the current page (see activeNavPath). */
export function useActiveNavPath(): string | null {
  const items = useNavItems();
  const { pathname } = useLocation();
  return useMemo(() => activeNavPath(items, pathname), [items, pathname]);
}

export interface OpenablePage {
  path: string;
  title: string;
  icon: string | null;
}

/** Every page the user may open: the menu's pages plus the app's own (account, access control…). */
export function useOpenablePages(): OpenablePage[] {
  const { t } = useTranslation();
  const navItems = useNavItems();
  const pages = usePagesUserMayOpen();
  return useMemo(() => {
    const byPath = new Map<string, OpenablePage>();
    for (const link of flattenNavLinks(navItems)) {
      byPath.set(link.path, { path: link.path, title: link.title, icon: link.icon });
    }
    for (const page of pages) {
      if (!byPath.has(page.path)) {
        byPath.set(page.path, {
          path: page.path,
          title: t(page.titleKey),
          icon: page.icon ?? null,
        });
      }
    }
    return [...byPath.values()];
  }, [navItems, pages, t]);
}
