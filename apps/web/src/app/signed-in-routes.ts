import type { AppRouteDef } from './route-types';
import { appFeatureRoutes } from './routes-app-features';
import { catalogueRoutes } from './routes-catalogue';
import { contentTextRoutes } from './routes-content-texts';
import { operationsRoutes } from './routes-operations';
import { paymentGatewayRoutes } from './routes-payment-gateways';
import { settingsRoutes } from './routes-settings';
import { userAppRoutes } from './routes-user-app';
import { voucherRoutes } from './routes-vouchers';

// The signed-in route table as data, nothing else: this chunk loads with the first path that is
// not a sign-in page (see signed-in-tree.tsx). It imports no code the entry has, so the bundler
// keeps the entry whole (a shared import here would split entry modules into chunks of their own
// that /login then fetches one by one).

/** The not-found page for any path no route claims (public: visitors see it too). */
const notFoundRoute: AppRouteDef = {
  path: '*',
  layout: 'blank',
  access: 'public',
  titleKey: 'pages.notFound',
  page: () => import('../features/misc/pages/not-found-page').then((m) => m.NotFoundPage),
};

/** Every route past the sign-in pages, loaded with the first of them (see router.tsx). */
export const signedInRoutes: AppRouteDef[] = [
  ...operationsRoutes,
  ...catalogueRoutes,
  ...settingsRoutes,
  ...contentTextRoutes,
  ...appFeatureRoutes,
  ...paymentGatewayRoutes,
  ...userAppRoutes,
  ...voucherRoutes,
  notFoundRoute,
];
