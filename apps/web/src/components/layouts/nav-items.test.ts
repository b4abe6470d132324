import type { MenuNode } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { buildNavItems, flattenNavLinks, groupContainsPath, isActivePath } from './nav-items';

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
  });
});
