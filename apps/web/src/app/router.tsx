import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { BlankLayout } from '../components/layouts/blank-layout';
import { rootRedirect } from '../lib/route-guard';
import { useIsSignedIn } from '../lib/session/session-store';
import { toRouteObject } from './guarded-route';
import { RootFrame } from './root-frame';
import { publicRoutes } from './routes';
import type { AppRouteDef } from './route-types';
import { signedInHomeElement, signedInRoutesElement } from './signed-in-tree';

/** "/": a visitor goes straight to sign-in; a signed-in user to their home page. */
function RootIndex() {
  const signedIn = useIsSignedIn();
  const { search } = useLocation();
  if (!signedIn) return <Navigate to={rootRedirect(false, search)} replace />;
  return signedInHomeElement;
}

/**
 * Public routes as data → the entry's route tree. Every other path (signed-in pages and the
 * not-found page) goes to the signed-in table, loaded on demand (see signed-in-tree.tsx).
 */
export function buildRouteObjects(routes: AppRouteDef[]): RouteObject[] {
  return [
    {
      element: <RootFrame />,
      children: [
        { index: true, element: <RootIndex /> },
        { element: <BlankLayout />, children: routes.map(toRouteObject) },
        { path: '*', element: signedInRoutesElement },
      ],
    },
  ];
}

const routeObjects = buildRouteObjects(publicRoutes);

export function AppRoutes() {
  return useRoutes(routeObjects);
}
