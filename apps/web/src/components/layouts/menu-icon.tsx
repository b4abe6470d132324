import { lazy, Suspense, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';

type IconModule = { default: ComponentType<SvgIconProps> };

// The server's menu names MUI icons. Each is its own small chunk, loaded when a menu shows it,
// so the shell does not carry every icon. Unknown names fall back to a dot.
const loaders: Record<string, () => Promise<IconModule>> = {
  Dashboard: () => import('@mui/icons-material/Dashboard'),
  PointOfSale: () => import('@mui/icons-material/PointOfSale'),
  AssignmentTurnedIn: () => import('@mui/icons-material/AssignmentTurnedIn'),
  ReceiptLong: () => import('@mui/icons-material/ReceiptLong'),
  CurrencyExchange: () => import('@mui/icons-material/CurrencyExchange'),
  Assessment: () => import('@mui/icons-material/Assessment'),
  People: () => import('@mui/icons-material/People'),
  PersonSearch: () => import('@mui/icons-material/PersonSearch'),
  AccountBalanceWallet: () => import('@mui/icons-material/AccountBalanceWallet'),
  CardMembership: () => import('@mui/icons-material/CardMembership'),
  Share: () => import('@mui/icons-material/Share'),
  LocalOffer: () => import('@mui/icons-material/LocalOffer'),
  ConfirmationNumber: () => import('@mui/icons-material/ConfirmationNumber'),
  Campaign: () => import('@mui/icons-material/Campaign'),
  Redeem: () => import('@mui/icons-material/Redeem'),
  Coffee: () => import('@mui/icons-material/Coffee'),
  AddCircleOutlined: () => import('@mui/icons-material/AddCircleOutlined'),
  ListAlt: () => import('@mui/icons-material/ListAlt'),
  Tune: () => import('@mui/icons-material/Tune'),
  Category: () => import('@mui/icons-material/Category'),
  Storefront: () => import('@mui/icons-material/Storefront'),
  Business: () => import('@mui/icons-material/Business'),
  Store: () => import('@mui/icons-material/Store'),
  Schedule: () => import('@mui/icons-material/Schedule'),
  PhoneIphone: () => import('@mui/icons-material/PhoneIphone'),
  ViewCarousel: () => import('@mui/icons-material/ViewCarousel'),
  ToggleOn: () => import('@mui/icons-material/ToggleOn'),
  TextSnippet: () => import('@mui/icons-material/TextSnippet'),
  Settings: () => import('@mui/icons-material/Settings'),
  Payments: () => import('@mui/icons-material/Payments'),
  Extension: () => import('@mui/icons-material/Extension'),
  Article: () => import('@mui/icons-material/Article'),
  AdminPanelSettings: () => import('@mui/icons-material/AdminPanelSettings'),
  ManageAccounts: () => import('@mui/icons-material/ManageAccounts'),
  Badge: () => import('@mui/icons-material/Badge'),
  Key: () => import('@mui/icons-material/Key'),
  Menu: () => import('@mui/icons-material/Menu'),
  History: () => import('@mui/icons-material/History'),
  Security: () => import('@mui/icons-material/Security'),
};

// Icon names that were renamed in MUI 9 (the "…Outline" duplicates were removed).
const aliases: Record<string, string> = {
  AddCircleOutline: 'AddCircleOutlined',
};

// lazy() only records the loader; nothing is fetched until an icon renders.
const icons: Record<string, ComponentType<SvgIconProps>> = Object.fromEntries(
  Object.entries(loaders).map(([name, loader]) => [name, lazy(loader)]),
);

export const knownMenuIcons = () => Object.keys(loaders);

function Dot() {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'currentColor', mx: '8px' }}
    />
  );
}

export function MenuIcon({
  name,
  ...props
}: { name: string | null | undefined } & Omit<SvgIconProps, 'name'>) {
  const Icon = name ? icons[aliases[name] ?? name] : undefined;
  if (!Icon) return <Dot />;
  return (
    <Suspense
      fallback={<Box component="span" sx={{ width: 20, height: 20, display: 'inline-block' }} />}
    >
      <Icon fontSize="small" aria-hidden="true" {...props} />
    </Suspense>
  );
}
