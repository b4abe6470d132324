import { createContext, useContext } from 'react';
import type { ParseKeys } from 'i18next';

// The app tells shared components which pages exist (components never import features or the
// route table): the menu shows only registered pages, search and shortcuts list them.
export interface PageEntry {
  path: string;
  titleKey: ParseKeys;
  icon?: string;
  action?: string;
  subject?: string;
}

export interface RouteCatalog {
  /** Pages a user can search for or pin as shortcuts (static paths only). */
  pages: PageEntry[];
  /** Whether a path (from the server menu) leads to a page that exists in this build. */
  isRegistered: (path: string) => boolean;
}

const RouteCatalogContext = createContext<RouteCatalog>({ pages: [], isRegistered: () => false });

export const RouteCatalogProvider = RouteCatalogContext.Provider;

export const useRouteCatalog = () => useContext(RouteCatalogContext);

/** Frequent pages offered in the shortcuts grid and on the dashboard, when they exist. */
export const shortcutPaths = [
  '/dashboard',
  '/pos',
  '/app/status-order',
  '/order/list',
  '/refund/list',
  '/customer/list',
  '/product/list',
  '/report',
  '/settings/user',
  '/access-control',
  '/account-settings/account',
];
