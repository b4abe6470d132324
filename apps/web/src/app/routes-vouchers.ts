import type { AppRouteDef } from './route-types';

// Signed-in routes: vouchers and points rewards (SPEC §2 Voucher).
export const voucherRoutes: AppRouteDef[] = [
  {
    path: '/voucher',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'voucher',
    titleKey: 'pageTitles.voucher',
    icon: 'ConfirmationNumber',
    searchable: true,
    page: () => import('../features/vouchers/pages/voucher-page').then((m) => m.VoucherPage),
  },
  {
    path: '/voucher/rewards',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'reward',
    titleKey: 'pageTitles.rewards',
    icon: 'Redeem',
    searchable: true,
    page: () => import('../features/rewards/pages/reward-page').then((m) => m.RewardPage),
  },
  {
    path: '/voucher-campaign',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'voucher-campaign',
    titleKey: 'pageTitles.voucherCampaign',
    icon: 'Campaign',
    searchable: true,
    page: () => import('./voucher-campaign-page').then((m) => m.VoucherCampaignPageWithTabs),
  },
];
