import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@kopi/contract';
import {
  afterSignInPath,
  changePasswordRedirect,
  decideAccess,
  homePath,
  keptTarget,
  loginRedirect,
  rootRedirect,
} from './route-guard';

const can =
  (...allowed: string[]) =>
  (action: string, subject: string) =>
    allowed.includes(`${action}-${subject}`);

describe('route guard (SPEC §2)', () => {
  it('sends visitors of a protected route to sign in, keeping where they were going', () => {
    expect(
      decideAccess(
        { access: 'signed-in' },
        { signedIn: false, can: can(), target: '/dashboard?x=1' },
      ),
    ).toEqual({ kind: 'redirect', to: '/login?to=%2Fdashboard%3Fx%3D1' });
  });

  it('sends a signed-in user away from signed-out-only routes to / (or the kept page)', () => {
    expect(
      decideAccess({ access: 'signed-out-only' }, { signedIn: true, can: can(), target: '/login' }),
    ).toEqual({ kind: 'redirect', to: '/' });
    expect(
      decideAccess(
        { access: 'signed-out-only' },
        { signedIn: true, can: can(), target: '/login?to=%2Faccess-control' },
      ),
    ).toEqual({ kind: 'redirect', to: '/access-control' });
    expect(
      decideAccess(
        { access: 'signed-out-only' },
        { signedIn: false, can: can(), target: '/login' },
      ),
    ).toEqual({ kind: 'allow' });
  });

  it('opens public routes to everyone', () => {
    for (const signedIn of [true, false]) {
      expect(
        decideAccess({ access: 'public' }, { signedIn, can: can(), target: '/not-authorized' }),
      ).toEqual({ kind: 'allow' });
    }
  });

  it('sends a user without the ability to /not-authorized, comparing lowercased', () => {
    const route = { access: 'signed-in' as const, action: 'Read', subject: 'AclDemo' };
    expect(decideAccess(route, { signedIn: true, can: can(), target: '/access-control' })).toEqual({
      kind: 'redirect',
      to: '/not-authorized',
    });
    expect(
      decideAccess(route, { signedIn: true, can: can('read-acldemo'), target: '/access-control' }),
    ).toEqual({ kind: 'allow' });
  });

  it('redirects / to the dashboard or sign-in, keeping the query', () => {
    expect(rootRedirect(true, '?a=1')).toBe('/dashboard?a=1');
    expect(rootRedirect(false, '?a=1&b=2')).toBe('/login?a=1&b=2');
    expect(rootRedirect(false, '')).toBe('/login');
  });

  it('only keeps local targets', () => {
    expect(keptTarget('?to=%2Forder%2Flist')).toBe('/order/list');
    expect(keptTarget('?to=https%3A%2F%2Fevil.example')).toBeNull();
    expect(keptTarget('?to=%2F%2Fevil.example')).toBeNull();
    expect(afterSignInPath('')).toBe('/dashboard');
    expect(loginRedirect('/')).toBe('/login');
  });

  it('starts a user without the dashboard on the first page of their menu that exists', () => {
    const node = (path: string | null, children: MenuNode[] = []): MenuNode => ({
      id: path ?? 'group',
      title: 'menu.x',
      title_en: 'x',
      title_my: 'x',
      icon: null,
      path,
      action: null,
      subject: null,
      children,
    });
    const menus = [node(null, [node('/customer/list'), node('/pos')]), node('/app/status-order')];
    const registered = (path: string) => path !== '/customer/list';
    expect(homePath([{ action: 'read', subject: 'dashboard' }], menus, registered)).toBe(
      '/dashboard',
    );
    expect(homePath([{ action: 'read', subject: 'pos' }], menus, registered)).toBe('/pos');
    expect(homePath([], [], registered)).toBe('/dashboard');
    expect(rootRedirect(true, '?a=1', '/pos')).toBe('/pos?a=1');
  });

  it('sends a temporary password to be changed first, keeping the page asked for', () => {
    expect(changePasswordRedirect('/order/list?page=2')).toBe(
      '/change-password?to=%2Forder%2Flist%3Fpage%3D2',
    );
    expect(keptTarget('?to=%2Forder%2Flist%3Fpage%3D2')).toBe('/order/list?page=2');
  });
});
