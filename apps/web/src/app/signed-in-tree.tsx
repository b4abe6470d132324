import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchPath, Outlet, useRoutes, type RouteObject } from 'react-router';
import { BlankLayout } from '../components/layouts/blank-layout';
import { PageLoader } from '../components/page-loader';
import { withChunkReload } from '../lib/chunk-reload';
import { RouteCatalogProvider, type PageEntry, type RouteCatalog } from '../lib/route-catalog';
import { toRouteObject } from './guarded-route';
import { RequireSession, RootRedirect } from './root-frame';
import { RouteErrorBoundary } from './route-error-boundary';
import { publicRoutes } from './routes';
import type { AppRouteDef } from './route-types';

// The navigation frame, the query cache and CASL: with the first page that uses them.
const loadDefaultShell = withChunkReload(() =>
  import('./default-shell').then((m) => m.DefaultShell),
);
const DefaultShell = lazy(async () => ({ default: await loadDefaultShell() }));
// Full-screen signed-in pages with abilities (the POS): the cache and CASL without the frame.
const loadBlankShell = withChunkReload(() => import('./blank-shell').then((m) => m.BlankShell));
const BlankShell = lazy(async () => ({ default: await loadBlankShell() }));

/** A blank-layout page that checks abilities needs the blank shell (the error pages do not). */
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

/** Signed-in routes as data → their route tree: the blank pages, the POS shell, the frame. */
export function buildSignedInRouteObjects(routes: AppRouteDef[]): RouteObject[] {
  return [
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
  ];
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

// The table (signed-in-routes.ts) is data only; the tree is built here, in the entry, from code
// the entry has anyway.
const loadTable = withChunkReload(() => import('./signed-in-routes').then((m) => m.signedInRoutes));

/** The signed-in table's routes under its catalogue, or just "/" → the user's home page. */
function signedInComponent(home: boolean): ComponentType {
  return lazy(async () => {
    const routes = await loadTable();
    const catalog = buildRouteCatalog([...publicRoutes, ...routes]);
    const routeObjects = buildSignedInRouteObjects(routes);
    function Routes() {
      return useRoutes(routeObjects);
    }
    return {
      default: () => (
        <RouteCatalogProvider value={catalog}>
          {home ? <RootRedirect /> : <Routes />}
        </RouteCatalogProvider>
      ),
    };
  });
}

const SignedInRoutes = signedInComponent(false);
const SignedInHome = signedInComponent(true);

/** Every path that is not a sign-in page (signed-in pages and the not-found page). */
export const signedInRoutesElement = (
  <Suspense fallback={<PageLoader />}>
    <SignedInRoutes />
  </Suspense>
);

/** "/" for a signed-in user: their home page, which depends on the pages that exist. */
export const signedInHomeElement = (
  <Suspense fallback={<PageLoader />}>
    <SignedInHome />
  </Suspense>
);
