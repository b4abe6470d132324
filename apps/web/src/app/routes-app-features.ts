import type { AppRouteDef } from './route-types';

// Signed-in routes: the customer app's feature switches (decision 041) — a business's own
// switches under User App, and the platform's catalogue under General Settings.
export const appFeatureRoutes: AppRouteDef[] = [
  {
    path: '/user-app/enable-disable',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'enable-disable',
    titleKey: 'pageTitles.appFeatures',
    icon: 'ToggleOn',
    searchable: true,
    page: () =>
      import('../features/app-features/pages/enable-disable-page').then((m) => m.EnableDisablePage),
  },
  {
    // SPEC §2 leaves its access open: the platform's catalogue, read-general-setting (superadmin).
    path: '/ge/features',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'general-setting',
    titleKey: 'pageTitles.featureCatalogue',
    icon: 'Extension',
    searchable: true,
    page: () =>
      import('../features/app-features/pages/feature-catalogue-page').then(
        (m) => m.FeatureCataloguePage,
      ),
  },
];
