import { lazy, Suspense, type ReactNode } from 'react';
import { matchPath, Outlet, useRoutes, type RouteObject } from 'react-router';
import { BlankLayout } from '../components/layouts/blank-layout';
import { PageLoader } from '../components/page-loader';
import { withChunkReload } from '../lib/chunk-reload';
import type { PageEntry, RouteCatalog } from '../lib/route-catalog';
import { GuardedRoute, lazyPage } from './guarded-route';
import { RequireSession, RootFrame, RootRedirect } from './root-frame';
import { RouteErrorBoundary } from './route-error-boundary';
import { appRoutes } from './routes';
import type { AppRouteDef } from './route-types';

// The navigation frame, the query cache and CASL are not needed on the sign-in pages, so they
// load with the first page that uses them.
const loadDefaultShell = withChunkReload(() =>
  import('./default-shell').then((m) => m.DefaultShell),
);
const DefaultShell = lazy(async () => ({ default: await loadDefaultShell() }));
// Full-screen signed-in pages with abilities (the POS): the cache and CASL without the frame.
const loadBlankShell = withChunkReload(() => import('./blank-shell').then((m) => m.BlankShell));
const BlankShell = lazy(async () => ({ default: await loadBlankShell() }));

/** A blank-layout page that checks abilities needs the blank shell (the sign-in pages do not). */
const needsBlankShell = (def: AppRouteDef) =>
  def.layout === 'blank' && def.access === 'signed-in' && Boolean(def.action && def.subject);

/** A signed-in frame: visitors go to sign-in before any of it loads. */
const signedIn = (shell: ReactNode) => (
  <RequireSession>
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoader />}>{shell}</Suspense>
    </RouteErrorBoundary>
  </RequireSession>
);

const toRouteObject = (def: AppRouteDef): RouteObject => ({
  path: def.path,
  element: <GuardedRoute def={def} page={lazyPage(def)} />,
});

/** Routes as data → the route tree: blank and default layouts under one root. */
export function buildRouteObjects(routes: AppRouteDef[]): RouteObject[] {
  return [
    {
      element: <RootFrame />,
      children: [
        { index: true, element: <RootRedirect /> },
        {
          element: <BlankLayout />,
          children: [
            ...routes.filter((r) => r.layout === 'blank' && !needsBlankShell(r)).map(toRouteObject),
            {
              element: signedIn(
                <BlankShell>
                  <Outlet />
                </BlankShell>,
              ),
              children: routes.filter(needsBlankShell).map(toRouteObject),
            },
          ],
        },
        {
          element: signedIn(<DefaultShell />),
          children: routes.filter((r) => r.layout === 'default').map(toRouteObject),
        },
      ],
    },
  ];
}

const routeObjects = buildRouteObjects(appRoutes);

export function AppRoutes() {
  return useRoutes(routeObjects);
}

/** What shared components need to know about the routes (see lib/route-catalog). */
export function buildRouteCatalog(routes: AppRouteDef[]): RouteCatalog {
  const patterns = routes
    .filter((r) => r.page && r.path !== '*' && !r.path.endsWith('/*'))
    .map((r) => r.path);
  const pages: PageEntry[] = routes
    .filter((r) => r.searchable && r.titleKey)
    .map((r) => ({
      path: r.path,
      titleKey: r.titleKey!,
      icon: r.icon,
      action: r.action,
      subject: r.subject,
    }));
  // The account settings tabs are pages of their own for search and shortcuts.
  pages.push(
    { path: '/account-settings/account', titleKey: 'account.tabs.account', icon: 'ManageAccounts' },
    { path: '/account-settings/security', titleKey: 'account.tabs.security', icon: 'Security' },
    { path: '/account-settings/preferences', titleKey: 'account.tabs.preferences', icon: 'Tune' },
  );
  return {
    pages,
    isRegistered: (path) => patterns.some((pattern) => matchPath(pattern, path) !== null),
  };
}

export const appRouteCatalog = buildRouteCatalog(appRoutes);
