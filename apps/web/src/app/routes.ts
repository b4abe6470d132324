import type { AppRouteDef } from './route-types';

// Routes as data (SPEC §2), part one: the pages that open without a session (sign-in, errors, the
// lock screen). Only these are in the entry chunk that /login downloads; the signed-in route table
// (routes-*.ts, gathered in signed-in-routes.tsx) loads with the first signed-in page. Abilities
// are written lowercased, the way permission strings are parsed.
export const publicRoutes: AppRouteDef[] = [
  {
    path: '/login',
    layout: 'blank',
    access: 'signed-out-only',
    titleKey: 'pages.login',
    page: () => import('../features/auth/pages/login-page').then((m) => m.LoginPage),
  },
  {
    path: '/forgot-password',
    layout: 'blank',
    access: 'signed-out-only',
    titleKey: 'pages.forgotPassword',
    page: () =>
      import('../features/auth/pages/forgot-password-page').then((m) => m.ForgotPasswordPage),
  },
  {
    path: '/reset-password',
    layout: 'blank',
    access: 'signed-out-only',
    titleKey: 'pages.resetPassword',
    page: () =>
      import('../features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage),
  },
  {
    path: '/two-steps',
    layout: 'blank',
    access: 'signed-out-only',
    titleKey: 'pages.twoSteps',
    page: () => import('../features/auth/pages/two-steps-page').then((m) => m.TwoStepsPage),
  },
  {
    path: '/locked',
    layout: 'blank',
    access: 'signed-in',
    titleKey: 'pages.locked',
    page: () => import('../features/auth/pages/locked-page').then((m) => m.LockedPage),
  },
  {
    // A temporary password is changed before anything else (see RequireSession).
    path: '/change-password',
    layout: 'blank',
    access: 'signed-in',
    titleKey: 'pages.changePassword',
    page: () =>
      import('../features/auth/pages/change-password-page').then((m) => m.ChangePasswordPage),
  },
  {
    path: '/not-authorized',
    layout: 'blank',
    access: 'public',
    titleKey: 'pages.notAuthorized',
    page: () =>
      import('../features/misc/pages/not-authorized-page').then((m) => m.NotAuthorizedPage),
  },
  {
    path: '/pages/misc/not-found/*',
    layout: 'blank',
    access: 'public',
    titleKey: 'pages.notFound',
    page: () => import('../features/misc/pages/not-found-page').then((m) => m.NotFoundPage),
  },
];
