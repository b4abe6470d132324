import { lazy, Suspense, useContext, useEffect, type ComponentType } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { useTranslation } from '../lib/i18n/use-translation';
import { PageLoader } from '../components/page-loader';
import { appTitle } from '../lib/app-config';
import { useCan } from '../lib/can-context';
import { withChunkReload } from '../lib/chunk-reload';
import { PageFallbackContext } from '../lib/page-fallback';
import { decideAccess } from '../lib/route-guard';
import { useIsSignedIn } from '../lib/session/session-store';
import { RouteErrorBoundary } from './route-error-boundary';
import type { AppRouteDef } from './route-types';

/** One lazy component per route (created with the route table), with the reload-once rule. */
export function lazyPage(def: AppRouteDef): ComponentType | null {
  if (!def.page) return null;
  const load = withChunkReload(def.page);
  return lazy(async () => ({ default: await load() }));
}

export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | ${appTitle}` : appTitle;
  }, [title]);
}

/** Applies the SPEC §2 guard, then renders the route's page (loaded on demand). */
export function GuardedRoute({
  def,
  page: Page,
}: {
  def: AppRouteDef;
  page: ComponentType | null;
}) {
  const signedIn = useIsSignedIn();
  const can = useCan();
  const location = useLocation();
  const { t } = useTranslation();
  const fallback = useContext(PageFallbackContext);

  const decision = decideAccess(def, {
    signedIn,
    can,
    target: `${location.pathname}${location.search}${location.hash}`,
  });
  useDocumentTitle(def.titleKey && decision.kind === 'allow' ? t(def.titleKey) : undefined);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (def.redirectTo) return <Navigate to={def.redirectTo} replace />;
  if (!Page) return null;
  return (
    <RouteErrorBoundary key={location.pathname}>
      <Suspense fallback={fallback ?? <PageLoader />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export const toRouteObject = (def: AppRouteDef): RouteObject => ({
  path: def.path,
  element: <GuardedRoute def={def} page={lazyPage(def)} />,
});
