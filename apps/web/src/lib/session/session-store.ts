import type { MenuNode, RefreshData, SessionData, UserFields } from '@kopi/contract';
import { parsePermissions, type Ability } from '@kopi/contract/values';
import { storageKey } from '../app-config';
import { createStore, useStore } from '../store';

/**
 * Optional fields the web shows when the server sends them (outlet name on the dashboard,
 * whether two-step sign-in is on). Older answers without them still work.
 */
export interface SessionUserExtras {
  outlet_name?: string | null;
  two_step_enabled?: boolean;
  /** Signed in with a temporary password an administrator set: change it before anything else. */
  must_change_password?: boolean;
}
export type SessionUser = UserFields & SessionUserExtras;

export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  user: SessionUser | null;
  roleName: string | null;
  permissions: string[];
  /** SPEC §6: abilities parsed from the permission strings, kept for access control. */
  abilities: Ability[];
  menus: MenuNode[];
  isLocked: boolean;
}

export const emptySession: SessionState = {
  token: null,
  refreshToken: null,
  user: null,
  roleName: null,
  permissions: [],
  abilities: [],
  menus: [],
  isLocked: false,
};

const SESSION_KEY = storageKey('session');

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function load(): SessionState {
  const raw = storage()?.getItem(SESSION_KEY);
  if (!raw) return emptySession;
  try {
    const parsed = JSON.parse(raw) as Partial<SessionState>;
    return {
      ...emptySession,
      ...parsed,
      permissions: Array.isArray(parsed.permissions) ? parsed.permissions : [],
      abilities: Array.isArray(parsed.abilities) ? parsed.abilities : [],
      menus: Array.isArray(parsed.menus) ? parsed.menus : [],
    };
  } catch {
    return emptySession;
  }
}

// SPEC §9: tokens and abilities live in a session-persisted (per-tab) store.
export const sessionStore = createStore<SessionState>(load());
sessionStore.subscribe(() => {
  const state = sessionStore.getState();
  const store = storage();
  if (!store) return;
  if (!state.token && !state.refreshToken && !state.user) store.removeItem(SESSION_KEY);
  else store.setItem(SESSION_KEY, JSON.stringify(state));
});

const sessionFields = new Set([
  'token',
  'refresh_token',
  'permissions',
  'menus',
  'role_name',
  'role',
]);

/** Splits a login/refresh answer into the session state. Role comes from role_name or role. */
export function sessionFromAnswer(
  data: SessionData | (RefreshData & Partial<SessionData>),
  previous: SessionState = emptySession,
): SessionState {
  const user = Object.fromEntries(
    Object.entries(data).filter(([key]) => !sessionFields.has(key)),
  ) as unknown as SessionUser;
  const role = 'role' in data && data.role ? data.role : data.role_name;
  return {
    ...previous,
    token: data.token,
    refreshToken: data.refresh_token,
    user,
    roleName: role ?? previous.roleName,
    permissions: data.permissions,
    abilities: parsePermissions(data.permissions),
    menus: data.menus,
  };
}

export function applySessionAnswer(data: SessionData | RefreshData) {
  sessionStore.setState((previous) => sessionFromAnswer(data, previous));
}

export function updateSessionUser(patch: Partial<SessionUser>) {
  sessionStore.setState((s) => (s.user ? { ...s, user: { ...s.user, ...patch } } : s));
}

export function setTokens(token: string, refreshToken: string) {
  sessionStore.setState((s) => ({ ...s, token, refreshToken }));
}

/** SPEC §4: a 401 clears the access token (the guard then sends the user to sign in). */
export function clearAccessToken() {
  sessionStore.setState((s) => ({ ...s, token: null, isLocked: false }));
}

export function clearSession() {
  sessionStore.setState(emptySession);
}

export function setLocked(isLocked: boolean) {
  sessionStore.setState((s) => (s.isLocked === isLocked ? s : { ...s, isLocked }));
}

export const isSignedIn = (state: SessionState = sessionStore.getState()) => Boolean(state.token);

export const useSession = () => useStore(sessionStore, (s) => s);
export const useSessionUser = () => useStore(sessionStore, (s) => s.user);
export const useIsSignedIn = () => useStore(sessionStore, (s) => Boolean(s.token));
export const useIsLocked = () => useStore(sessionStore, (s) => s.isLocked && Boolean(s.token));
