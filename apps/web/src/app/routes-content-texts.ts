import type { AppRouteDef } from './route-types';

// Signed-in routes of the customer app's texts: the tenant's wording (SPEC §2 gives the page to
// "read banner") and the platform's default wording (general-setting, the superadmin's).
export const contentTextRoutes: AppRouteDef[] = [
  {
    path: '/user-app/content-text',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'banner',
    titleKey: 'pageTitles.contentText',
    icon: 'TextSnippet',
    searchable: true,
    page: () =>
      import('../features/content-texts/pages/content-text-page').then((m) => m.ContentTextPage),
  },
  {
    path: '/ge/content-text',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'general-setting',
    titleKey: 'pageTitles.defaultContentText',
    icon: 'Article',
    searchable: true,
    page: () =>
      import('../features/content-texts/pages/default-content-text-page').then(
        (m) => m.DefaultContentTextPage,
      ),
  },
];
