import type { Locale, MenuNode } from '@kopi/contract';

export interface NavLink {
  kind: 'link';
  id: string;
  title: string;
  icon: string | null;
  path: string;
}
export interface NavGroup {
  kind: 'group';
  id: string;
  title: string;
  icon: string | null;
  children: NavItem[];
}
export type NavItem = NavLink | NavGroup;

export interface NavFilter {
  /** Whether the path leads to a page of this build (the menu grows as pages land). */
  isRegistered: (path: string) => boolean;
  can: (action: string, subject: string) => boolean;
  language: Locale;
}

export const menuTitle = (node: MenuNode, language: Locale) =>
  (language === 'my' ? node.title_my : node.title_en) || node.title;

/**
 * The server's menu, reduced to what this user may open in this build: a link shows when its
 * page exists and the user's abilities allow it; a group shows when one of its children does.
 */
export function buildNavItems(menus: readonly MenuNode[], filter: NavFilter): NavItem[] {
  const items: NavItem[] = [];
  for (const node of menus) {
    const title = menuTitle(node, filter.language);
    if (node.children.length > 0) {
      const children = buildNavItems(node.children, filter);
      if (children.length > 0) {
        items.push({ kind: 'group', id: node.id, title, icon: node.icon, children });
      }
      continue;
    }
    if (!node.path || !filter.isRegistered(node.path)) continue;
    if (node.action && node.subject && !filter.can(node.action, node.subject)) continue;
    items.push({ kind: 'link', id: node.id, title, icon: node.icon, path: node.path });
  }
  return items;
}

export function flattenNavLinks(items: readonly NavItem[]): NavLink[] {
  return items.flatMap((item) => (item.kind === 'link' ? [item] : flattenNavLinks(item.children)));
}

/** True when the current path is the link's page or below it. */
export const isActivePath = (linkPath: string, pathname: string) =>
  pathname === linkPath || pathname.startsWith(`${linkPath}/`);

/**
 * Pages with no menu item of their own and the list they belong to: a record's details, its
 * edit form, the add-category form.
 */
const parentPages: [RegExp, string][] = [
  [/^\/product\/category-list$/, '/product/category'],
  [/^\/product\/(edit|add)(\/|$)/, '/product/list'],
  [/^\/([^/]+)\/(details|edit|view)(\/|$)/, '/$1/list'],
];

/**
 * The one menu path to highlight: the longest menu path the page is, or is under (so
 * /outlet/time-management is not also /outlet); a page without its own item highlights its list.
 */
export function activeNavPath(items: readonly NavItem[], pathname: string): string | null {
  const paths = flattenNavLinks(items).map((link) => link.path);
  const longestMatch = (path: string) =>
    paths
      .filter((linkPath) => isActivePath(linkPath, path))
      .reduce<string | null>((best, p) => (best && best.length >= p.length ? best : p), null);
  const own = longestMatch(pathname);
  if (own) return own;
  for (const [pattern, parent] of parentPages) {
    const found = pattern.exec(pathname);
    const match = found && longestMatch(parent.replace('$1', found[1] ?? ''));
    if (match) return match;
  }
  return null;
}

export const groupContainsPath = (group: NavGroup, activePath: string | null): boolean =>
  group.children.some((child) =>
    child.kind === 'link' ? child.path === activePath : groupContainsPath(child, activePath),
  );
