import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { onUnauthorized } from '../lib/http/http';
import { useRouteCatalog } from '../lib/route-catalog';
import { sessionStore, useIsSignedIn, useSessionUser } from '../lib/session/session-store';
import { useStore } from '../lib/store';
import { changePasswordRedirect, homePath, loginRedirect, rootRedirect } from '../lib/route-guard';
import { ScrollManager } from './scroll-manager';

/** The root route: scroll behaviour and the SPEC §4 "401 → sign-in page" navigation. */
export function RootFrame() {
  const navigate = useNavigate();
  const location = useLocation();
  const target = `${location.pathname}${location.search}${location.hash}`;

  useEffect(
    () => onUnauthorized(() => void navigate(loginRedirect(target), { replace: true })),
    [navigate, target],
  );

  return (
    <>
      <ScrollManager />
      <Outlet />
    </>
  );
}

/** "/" → /dashboard or /login, keeping the query (SPEC §2). */
export function RootRedirect() {
  const signedIn = useIsSignedIn();
  const { search } = useLocation();
  const abilities = useStore(sessionStore, (s) => s.abilities);
  const menus = useStore(sessionStore, (s) => s.menus);
  const { isRegistered } = useRouteCatalog();
  const home = homePath(abilities, menus, isRegistered);
  return <Navigate to={rootRedirect(signedIn, search, home)} replace />;
}

/** Every default-layout page needs a session; checking here avoids loading the layout for visitors. */
export function RequireSession({ children }: { children: React.ReactNode }) {
  const signedIn = useIsSignedIn();
  const user = useSessionUser();
  const location = useLocation();
  const target = `${location.pathname}${location.search}${location.hash}`;
  if (!signedIn) return <Navigate to={loginRedirect(target)} replace />;
  // Signed in with a temporary password: every permission-bound call answers 403 until it is
  // changed, so nothing else loads first.
  if (user?.must_change_password) return <Navigate to={changePasswordRedirect(target)} replace />;
  return children;
}
