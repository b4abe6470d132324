import type { ComponentType } from 'react';
import type { ParseKeys } from 'i18next';
import type { RouteAccess } from '../lib/route-access';

export type RouteLayout = 'blank' | 'default';

export interface AppRouteDef {
  path: string;
  layout: RouteLayout;
  access: RouteAccess;
  /** SPEC §2/§6 ability the route needs, lowercased like permission strings. */
  action?: string;
  subject?: string;
  /** i18n key of the page title (document title, search, shortcuts). */
  titleKey?: ParseKeys;
  /** MUI icon name (same names the server's menu uses). */
  icon?: string;
  /** Listed in the navbar search and the shortcut grid. */
  searchable?: boolean;
  /** A redirect-only route (e.g. /account-settings → /account-settings/account). */
  redirectTo?: string;
  /** The page, loaded on demand. */
  page?: () => Promise<ComponentType>;
}
