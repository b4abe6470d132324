import type { AppRouteDef } from './route-types';

// Signed-in routes: the customer app's content (SPEC §2 User App).
export const userAppRoutes: AppRouteDef[] = [
  {
    path: '/user-app/banner',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'banner',
    titleKey: 'pageTitles.banner',
    icon: 'ViewCarousel',
    searchable: true,
    page: () => import('../features/banners/pages/banner-page').then((m) => m.BannerPage),
  },
];
