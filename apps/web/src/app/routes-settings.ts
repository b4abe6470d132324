import type { AppRouteDef } from './route-types';

// Signed-in routes: the account, access control, users, roles, permissions, menus and the log.
export const settingsRoutes: AppRouteDef[] = [
  {
    path: '/account-settings',
    layout: 'default',
    access: 'signed-in',
    redirectTo: '/account-settings/account',
  },
  {
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
  // Users, roles, permissions, menus and the audit log.
  {
    path: '/settings/user',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'user',
    titleKey: 'pageTitles.users',
    icon: 'ManageAccounts',
    searchable: true,
    page: () => import('../features/users/pages/user-list-page').then((m) => m.UserListPage),
  },
  {
    // SPEC §2 leaves its access open; the server answers it to read-user.
    path: '/settings/user/view/:id',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'user',
    titleKey: 'pageTitles.userView',
    page: () => import('../features/users/pages/user-view-page').then((m) => m.UserViewPage),
  },
  {
    path: '/settings/role',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'role-permission',
    titleKey: 'pageTitles.roles',
    icon: 'Badge',
    searchable: true,
    page: () => import('../features/roles/pages/role-page').then((m) => m.RolePage),
  },
  {
    path: '/settings/permissions',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'permission',
    titleKey: 'pageTitles.permissions',
    icon: 'Key',
    searchable: true,
    page: () =>
      import('../features/permissions/pages/permission-page').then((m) => m.PermissionPage),
  },
  {
    path: '/settings/menu',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'menu',
    titleKey: 'pageTitles.menus',
    icon: 'Menu',
    searchable: true,
    page: () => import('../features/menus/pages/menu-page').then((m) => m.MenuPage),
  },
  {
    // SPEC §2 leaves its access open; the seeded menu item and the API need read-log.
    path: '/settings/logs',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'log',
    titleKey: 'pageTitles.logs',
    icon: 'History',
    searchable: true,
    page: () => import('../features/logs/pages/log-page').then((m) => m.LogPage),
  },
];
