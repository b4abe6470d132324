// Issue 7's settings pages, reached through this one small chunk. Every import() in the route
// table carries its page's list of chunks to preload, and the route table is part of the entry
// that /login downloads: six pages cost the sign-in page about 1 kB. Here they cost it one
// import(); opening the first of them fetches this chunk (under 1 kB) before the page and its
// preloads (decision 022).
export const settingsPages = {
  users: () => import('../features/users/pages/user-list-page').then((m) => m.UserListPage),
  userView: () => import('../features/users/pages/user-view-page').then((m) => m.UserViewPage),
  roles: () => import('../features/roles/pages/role-page').then((m) => m.RolePage),
  permissions: () =>
    import('../features/permissions/pages/permission-page').then((m) => m.PermissionPage),
  menus: () => import('../features/menus/pages/menu-page').then((m) => m.MenuPage),
  logs: () => import('../features/logs/pages/log-page').then((m) => m.LogPage),
};

export type SettingsPageName = keyof typeof settingsPages;
