import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { buildRouteObjects } from './router';
import { publicRoutes } from './routes';
import { signedInRoutes } from './signed-in-routes';
import { buildRouteCatalog, buildSignedInRouteObjects } from './signed-in-tree';

const appRoutes = [...publicRoutes, ...signedInRoutes];
const byPath = Object.fromEntries(appRoutes.map((r) => [r.path, r]));

describe('routes as data', () => {
  it('registers the pages of this issue with the spec access rules', () => {
    expect(byPath['/login']).toMatchObject({ layout: 'blank', access: 'signed-out-only' });
    for (const p of ['/forgot-password', '/reset-password', '/two-steps'])
      expect(byPath[p]).toMatchObject({ access: 'signed-out-only' });
    expect(byPath['/locked']).toMatchObject({ layout: 'blank', access: 'signed-in' });
    expect(byPath['/not-authorized']).toMatchObject({ layout: 'blank', access: 'public' });
    expect(byPath['*']).toMatchObject({ layout: 'blank', access: 'public' });
    expect(byPath['/pages/misc/not-found/*']).toMatchObject({ layout: 'blank', access: 'public' });
    expect(byPath['/dashboard']).toMatchObject({
      layout: 'default',
      action: 'read',
      subject: 'dashboard',
    });
    expect(byPath['/access-control']).toMatchObject({ action: 'read', subject: 'acldemo' });
    expect(byPath['/account-settings']).toMatchObject({ redirectTo: '/account-settings/account' });
    expect(byPath['/account-settings/:tab']?.page).toBeTypeOf('function');
  });

  it('opens membership and referrals with their read permissions, as lazy pages', () => {
    expect(byPath['/customer/membership']).toMatchObject({
      layout: 'default',
      action: 'read',
      subject: 'membership',
    });
    expect(byPath['/customer/referral']).toMatchObject({
      layout: 'default',
      action: 'read',
      subject: 'referral',
    });
    expect(byPath['/customer/membership']?.page).toBeTypeOf('function');
    expect(byPath['/customer/referral']?.page).toBeTypeOf('function');
  });

  it('opens /voucher, where the menu points, with read voucher, as a lazy page', () => {
    expect(byPath['/voucher']).toMatchObject({
      layout: 'default',
      access: 'signed-in',
      action: 'read',
      subject: 'voucher',
    });
    expect(byPath['/voucher']?.page).toBeTypeOf('function');
    expect(buildRouteCatalog(appRoutes).isRegistered('/voucher')).toBe(true);
  });

  it('opens /voucher/rewards, where the Voucher menu points, with read reward', () => {
    expect(byPath['/voucher/rewards']).toMatchObject({ action: 'read', subject: 'reward' });
    expect(byPath['/voucher/rewards']?.page).toBeTypeOf('function');
    expect(buildRouteCatalog(appRoutes).isRegistered('/voucher/rewards')).toBe(true);
  });

  it('declares abilities lowercased, like parsed permission strings', () => {
    for (const r of appRoutes) {
      if (r.action) expect(r.action).toBe(r.action.toLowerCase());
      if (r.subject) expect(r.subject).toBe(r.subject.toLowerCase());
    }
  });

  it('knows which server menu paths have a page', () => {
    const catalog = buildRouteCatalog(appRoutes);
    expect(catalog.isRegistered('/dashboard')).toBe(true);
    expect(catalog.isRegistered('/account-settings/security')).toBe(true);
    expect(catalog.isRegistered('/order/list')).toBe(true);
    expect(catalog.isRegistered('/pos')).toBe(true);
    expect(catalog.isRegistered('/no-such-menu-path')).toBe(false);
    expect(catalog.isRegistered('/nowhere')).toBe(false);
    expect(catalog.pages.map((p) => p.path)).toContain('/access-control');
  });

  it('gives full-screen pages with abilities (the POS) the blank shell, not the sign-in pages', () => {
    const depth = (routes: RouteObject[], path: string, level = 0): number | null => {
      for (const r of routes) {
        if (r.path === path) return level;
        const found = r.children ? depth(r.children, path, level + 1) : null;
        if (found !== null) return found;
      }
      return null;
    };
    expect(appRoutes.find((r) => r.path === '/pos')).toMatchObject({
      layout: 'blank',
      access: 'signed-in',
      action: 'read',
      subject: 'pos',
    });
    const tree = buildRouteObjects(publicRoutes);
    // root frame → blank layout → page.
    expect(depth(tree, '/login')).toBe(2);
    expect(depth(tree, '/locked')).toBe(2);
    // The signed-in table: blank layout → page; the POS has the blank shell in between.
    const signedInTree = buildSignedInRouteObjects(signedInRoutes);
    expect(depth(signedInTree, '*')).toBe(1);
    expect(depth(signedInTree, '/pos')).toBe(2);
    expect(depth(signedInTree, '/dashboard')).toBe(1);
  });

  it('keeps the signed-in route table out of the entry: only public pages are in it', () => {
    const paths = publicRoutes.map((r) => r.path);
    expect(paths).toContain('/login');
    expect(paths).not.toContain('/dashboard');
    expect(publicRoutes.every((r) => r.layout === 'blank')).toBe(true);
    const tree = buildRouteObjects(publicRoutes);
    expect(tree[0]?.children?.some((r) => r.path === '*')).toBe(true);
  });

  it('registers the customer screens under their subjects, each page lazy', () => {
    expect(byPath['/customer/list']).toMatchObject({ action: 'read', subject: 'customer' });
    expect(byPath['/customer/details/:id']).toMatchObject({ action: 'read', subject: 'customer' });
    expect(byPath['/customer/wallet']).toMatchObject({ action: 'read', subject: 'wallet' });
    for (const path of ['/customer/list', '/customer/details/:id', '/customer/wallet'])
      expect(byPath[path]?.page).toBeTypeOf('function');
    expect(buildRouteCatalog(appRoutes).isRegistered('/customer/details/abc')).toBe(true);
  });
});
