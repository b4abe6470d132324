import type { MenuNode } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import {
  activeNavPath,
  buildNavItems,
  flattenNavLinks,
  groupContainsPath,
  isActivePath,
  type NavItem,
} from './nav-items';

const node = (id: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id,
  title: `menu.${id}`,
  title_en: `${id} en`,
  title_my: `${id} my`,
  icon: 'Dashboard',
  path: null,
  action: null,
  subject: null,
  children: [],
  ...extra,
});

const menus: MenuNode[] = [
  node('dashboard', { path: '/dashboard', action: 'read', subject: 'dashboard' }),
  node('pos', { path: '/pos', action: 'read', subject: 'pos' }),
  node('customer', {
    children: [
      node('customer-list', { path: '/customer/list', action: 'read', subject: 'customer' }),
      node('wallet', { path: '/customer/wallet', action: 'read', subject: 'wallet' }),
    ],
  }),
  node('product', {
    children: [
      node('product-list', { path: '/product/list', action: 'read', subject: 'list-product' }),
    ],
  }),
];

const registered = new Set(['/dashboard', '/customer/list', '/customer/wallet', '/pos']);
const filter = (allowed: string[], language: 'en' | 'my' = 'en') => ({
  isRegistered: (path: string) => registered.has(path),
  can: (action: string, subject: string) => allowed.includes(`${action}-${subject}`),
  language,
});

describe('menu from the server', () => {
  it('shows links whose page exists and whose ability the user has', () => {
    const items = buildNavItems(
      menus,
      filter(['read-dashboard', 'read-customer', 'read-list-product']),
    );
    expect(items.map((i) => i.id)).toEqual(['dashboard', 'customer']);
    expect(flattenNavLinks(items).map((l) => l.path)).toEqual(['/dashboard', '/customer/list']);
  });

  it('hides a group with no visible child (unregistered or forbidden)', () => {
    const items = buildNavItems(menus, filter(['read-list-product', 'read-pos']));
    expect(items.map((i) => i.id)).toEqual(['pos']);
  });

  it('titles in the interface language', () => {
    const [first] = buildNavItems(menus, filter(['read-dashboard'], 'my'));
    expect(first?.title).toBe('dashboard my');
  });

  it('marks the active page and group', () => {
    const [, group] = buildNavItems(
      menus,
      filter(['read-dashboard', 'read-customer', 'read-wallet']),
    );
    expect(isActivePath('/customer/list', '/customer/list')).toBe(true);
    expect(isActivePath('/order/list', '/order/list/2')).toBe(true);
    expect(isActivePath('/order', '/orders')).toBe(false);
    expect(group?.kind === 'group' && groupContainsPath(group, '/customer/wallet')).toBe(true);
    expect(group?.kind === 'group' && groupContainsPath(group, '/customer')).toBe(false);
  });
});

describe('the highlighted menu item', () => {
  const link = (path: string): NavItem => ({
    kind: 'link',
    id: path,
    title: path,
    icon: null,
    path,
  });
  const items: NavItem[] = [
    link('/dashboard'),
    link('/outlet'),
    link('/outlet/time-management'),
    {
      kind: 'group',
      id: 'product',
      title: 'Product',
      icon: null,
      children: [
        link('/product/list'),
        link('/product/add'),
        link('/product/category'),
        link('/product/variant-addon'),
      ],
    },
    link('/order/list'),
    link('/refund/list'),
    link('/customer/list'),
    link('/settings/user'),
  ];

  it('is the longest menu path the page is or is under: one item, never two', () => {
    expect(activeNavPath(items, '/outlet/time-management')).toBe('/outlet/time-management');
    expect(activeNavPath(items, '/outlet')).toBe('/outlet');
    expect(activeNavPath(items, '/product/add')).toBe('/product/add');
    expect(activeNavPath(items, '/settings/user/view/7')).toBe('/settings/user');
  });

  it('is the list for a record, its edit form and the add-category form', () => {
    expect(activeNavPath(items, '/order/details/abc')).toBe('/order/list');
    expect(activeNavPath(items, '/refund/details/abc')).toBe('/refund/list');
    expect(activeNavPath(items, '/customer/details/abc')).toBe('/customer/list');
    expect(activeNavPath(items, '/product/edit/abc')).toBe('/product/list');
    expect(activeNavPath(items, '/product/category-list')).toBe('/product/category');
  });

  it('is nothing for a page outside the menu', () => {
    expect(activeNavPath(items, '/account-settings/account')).toBeNull();
    expect(activeNavPath(items, '/orders')).toBeNull();
    expect(activeNavPath([link('/dashboard')], '/order/details/abc')).toBeNull();
  });
});
