import type { AppRouteDef } from './route-types';

// Routes as data (SPEC §2). Only routes whose real page exists are registered; later issues add
// theirs here. Abilities are written lowercased, the way permission strings are parsed.
export const appRoutes: AppRouteDef[] = [
  {
    id: 'login',
    path: '/login',
    layout: 'blank',
    access: 'signed-out-only',
    titleKey: 'pages.login',
    page: () => import('../features/auth/pages/login-page').then((m) => m.LoginPage),
  },
  {
    id: 'forgot-password',
    path: '/forgot-password',
    layout: 'blank',
    access: 'signed-out-only',
    titleKey: 'pages.forgotPassword',
    page: () =>
      import('../features/auth/pages/forgot-password-page').then((m) => m.ForgotPasswordPage),
  },
  {
    id: 'reset-password',
    path: '/reset-password',
    layout: 'blank',
    access: 'signed-out-only',
    titleKey: 'pages.resetPassword',
    page: () =>
      import('../features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage),
  },
  {
    id: 'two-steps',
    path: '/two-steps',
    layout: 'blank',
    access: 'signed-out-only',
    titleKey: 'pages.twoSteps',
    page: () => import('../features/auth/pages/two-steps-page').then((m) => m.TwoStepsPage),
  },
  {
    id: 'locked',
    path: '/locked',
    layout: 'blank',
    access: 'signed-in',
    titleKey: 'pages.locked',
    page: () => import('../features/auth/pages/locked-page').then((m) => m.LockedPage),
  },
  {
    id: 'not-authorized',
    path: '/not-authorized',
    layout: 'blank',
    access: 'public',
    titleKey: 'pages.notAuthorized',
    page: () =>
      import('../features/misc/pages/not-authorized-page').then((m) => m.NotAuthorizedPage),
  },
  {
    id: 'not-found-alias',
    path: '/pages/misc/not-found/*',
    layout: 'blank',
    access: 'public',
    titleKey: 'pages.notFound',
    page: () => import('../features/misc/pages/not-found-page').then((m) => m.NotFoundPage),
  },
  {
    id: 'not-found',
    path: '*',
    layout: 'blank',
    access: 'public',
    titleKey: 'pages.notFound',
    page: () => import('../features/misc/pages/not-found-page').then((m) => m.NotFoundPage),
  },
  {
    id: 'dashboard',
    path: '/dashboard',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'dashboard',
    titleKey: 'pages.dashboard',
    icon: 'Dashboard',
    searchable: true,
    page: () => import('../features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage),
  },
  {
    id: 'account-settings-index',
    path: '/account-settings',
    layout: 'default',
    access: 'signed-in',
    redirectTo: '/account-settings/account',
  },
  {
    id: 'account-settings',
    path: '/account-settings/:tab',
    layout: 'default',
    access: 'signed-in',
    titleKey: 'pages.accountSettings',
    page: () =>
      import('../features/account-settings/pages/account-settings-page').then(
        (m) => m.AccountSettingsPage,
      ),
  },
  {
    id: 'access-control',
    path: '/access-control',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'acldemo',
    titleKey: 'pages.accessControl',
    icon: 'AdminPanelSettings',
    searchable: true,
    page: () =>
      import('../features/access-control/pages/access-control-page').then(
        (m) => m.AccessControlPage,
      ),
  },
];
