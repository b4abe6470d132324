import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { onUnauthorized } from '../lib/http/http';
import { useIsSignedIn } from '../lib/session/session-store';
import { loginRedirect, rootRedirect } from '../lib/route-guard';
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
  return <Navigate to={rootRedirect(signedIn, search)} replace />;
}

/** Every default-layout page needs a session; checking here avoids loading the layout for visitors. */
export function RequireSession({ children }: { children: React.ReactNode }) {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (!signedIn) {
    return (
      <Navigate
        to={loginRedirect(`${location.pathname}${location.search}${location.hash}`)}
        replace
      />
    );
  }
  return children;
}
