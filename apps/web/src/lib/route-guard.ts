import type { MenuNode } from '@kopi/contract';
import { normaliseAbility, type Ability } from '@kopi/contract/values';
import type { RouteAccess } from './route-access';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export interface GuardContext {
  signedIn: boolean;
  can: (action: string, subject: string) => boolean;
  /** The path (with query and hash) being opened, kept for after sign-in. */
  target: string;
}

/** The local path kept in "?to=" for after sign-in, or null. */
export function keptTarget(search: string): string | null {
  const to = new URLSearchParams(search).get('to');
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith(LOGIN_PATH)) return null;
  return to;
}

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const DASHBOARD_PATH = '/dashboard';
export const NOT_AUTHORIZED_PATH = '/not-authorized';
/** Where a user signed in with a temporary password must choose their own first. */
export const CHANGE_PASSWORD_PATH = '/change-password';

export function loginRedirect(target: string) {
  const keep = target && target !== '/' && !target.startsWith(LOGIN_PATH);
  return keep ? `${LOGIN_PATH}?to=${encodeURIComponent(target)}` : LOGIN_PATH;
}

/** SPEC §2 route guard. */
export function decideAccess(
  route: { access: RouteAccess; action?: string; subject?: string },
  context: GuardContext,
): GuardDecision {
  if (route.access === 'signed-out-only') {
    // A signed-in user goes home, or to the page kept for after sign-in.
    if (!context.signedIn) return { kind: 'allow' };
    const search = context.target.includes('?')
      ? context.target.slice(context.target.indexOf('?'))
      : '';
    return { kind: 'redirect', to: keptTarget(search.split('#')[0] ?? '') ?? HOME_PATH };
  }
  if (route.access === 'public') return { kind: 'allow' };
  if (!context.signedIn) return { kind: 'redirect', to: loginRedirect(context.target) };
  if (route.action && route.subject) {
    const wanted = normaliseAbility(route.action, route.subject);
    if (!context.can(wanted.action, wanted.subject)) {
      return { kind: 'redirect', to: NOT_AUTHORIZED_PATH };
    }
  }
  return { kind: 'allow' };
}

/**
 * Where a signed-in user starts. A cashier (may sell at the POS, reads no reports) starts at the
 * counter; everyone else on the dashboard, or for a role without it (a barista with only the
 * status board) the first page of their menu that exists, rather than the not-authorized page
 * right after signing in.
 */
export function homePath(
  abilities: readonly Ability[],
  menus: readonly MenuNode[],
  isRegistered: (path: string) => boolean,
): string {
  const has = (action: string, subject: string) =>
    abilities.some((a) => a.action === action && a.subject === subject);
  if (has('create', 'pos') && !has('read', 'report')) return '/pos';
  if (has('read', 'dashboard')) return DASHBOARD_PATH;
  const first = (nodes: readonly MenuNode[]): string | null => {
    for (const node of nodes) {
      if (node.path && isRegistered(node.path)) return node.path;
      const child = first(node.children);
      if (child) return child;
    }
    return null;
  };
  return first(menus) ?? DASHBOARD_PATH;
}

/** SPEC §2: "/" goes to the dashboard (the user's home) with a token, else to sign-in, keeping the query. */
export const rootRedirect = (signedIn: boolean, search: string, home: string = DASHBOARD_PATH) =>
  `${signedIn ? home : LOGIN_PATH}${search}`;

/** A temporary password is changed before anything else; the page asked for is kept. */
export const changePasswordRedirect = (target: string) =>
  `${CHANGE_PASSWORD_PATH}?to=${encodeURIComponent(target)}`;

/** Where to go after signing in: the kept target when it is a local path, else the dashboard. */
export const afterSignInPath = (search: string) => keptTarget(search) ?? DASHBOARD_PATH;
