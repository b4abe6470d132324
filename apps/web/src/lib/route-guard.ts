import { normaliseAbility } from '@kopi/contract';
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

/** SPEC §2: "/" goes to the dashboard with a token, else to sign-in, keeping the query. */
export const rootRedirect = (signedIn: boolean, search: string) =>
  `${signedIn ? DASHBOARD_PATH : LOGIN_PATH}${search}`;

/** Where to go after signing in: the kept target when it is a local path, else the dashboard. */
export const afterSignInPath = (search: string) => keptTarget(search) ?? DASHBOARD_PATH;
