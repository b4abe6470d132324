import type { AppRouteDef } from './route-types';

// Signed-in routes: the dashboard, the counter, orders, refunds, customers and the report. The
// POS is full screen: blank layout with its own shell (see signed-in-routes.tsx).
export const operationsRoutes: AppRouteDef[] = [
  {
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
  // The point of sale, full screen (its own shell: see router.tsx).
  {
    path: '/pos',
    layout: 'blank',
    access: 'signed-in',
    action: 'read',
    subject: 'pos',
    titleKey: 'pageTitles.pos',
    icon: 'PointOfSale',
    searchable: true,
    page: () => import('../features/pos/pages/pos-page').then((m) => m.PosPage),
  },
  // The status board.
  {
    path: '/app/status-order',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'status-order',
    titleKey: 'pageTitles.statusOrder',
    icon: 'AssignmentTurnedIn',
    searchable: true,
    page: () =>
      import('../features/status-order/pages/status-order-page').then((m) => m.StatusOrderPage),
  },
  // Orders.
  {
    path: '/order/list',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'order',
    titleKey: 'pageTitles.orderList',
    icon: 'ReceiptLong',
    searchable: true,
    page: () => import('../features/orders/pages/order-list-page').then((m) => m.OrderListPage),
  },
  {
    path: '/order/details/:id',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'order',
    titleKey: 'pageTitles.orderDetails',
    page: () => import('./order-details-with-refund').then((m) => m.OrderDetailsWithRefund),
  },
  // Refunds: read under the order permission (SPEC §2); moves need approve- or transfer-refund.
  {
    path: '/refund/list',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'order',
    titleKey: 'pageTitles.refundList',
    icon: 'CurrencyExchange',
    searchable: true,
    page: () => import('../features/refunds/pages/refund-list-page').then((m) => m.RefundListPage),
  },
  {
    path: '/refund/details/:id',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'order',
    titleKey: 'pageTitles.refundDetails',
    page: () =>
      import('../features/refunds/pages/refund-details-page').then((m) => m.RefundDetailsPage),
  },
  // Tills and shifts: the list with its filters; `?id=` shows a shift's report (decision 035).
  {
    path: '/shift/list',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'shift',
    titleKey: 'pageTitles.shiftList',
    page: () => import('../features/shifts/pages/shift-list-page').then((m) => m.ShiftListPage),
  },
  // Membership tiers and rules, and referrals (the customers' loyalty programme).
  {
    path: '/customer/membership',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'membership',
    titleKey: 'pageTitles.membership',
    icon: 'CardMembership',
    searchable: true,
    page: () =>
      import('../features/membership/pages/membership-page').then((m) => m.MembershipPage),
  },
  {
    path: '/customer/referral',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'referral',
    titleKey: 'pageTitles.referral',
    icon: 'Share',
    searchable: true,
    page: () => import('../features/referral/pages/referral-page').then((m) => m.ReferralPage),
  },
  // The sales report. SPEC §2 names its six sub-views (tabs, kept in the query string)
  // and leaves its access open; the seeded menu item and the API need read-report.
  {
    path: '/report',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'report',
    titleKey: 'pageTitles.report',
    icon: 'Assessment',
    searchable: true,
    page: () => import('../features/reports/pages/report-page').then((m) => m.ReportPage),
  },
  // Customers and their wallets: the list and details under read-customer, every wallet entry
  // and the outstanding balance under read-wallet.
  {
    path: '/customer/list',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'customer',
    titleKey: 'pageTitles.customerList',
    icon: 'PersonSearch',
    searchable: true,
    page: () =>
      import('../features/customers/pages/customer-list-page').then((m) => m.CustomerListPage),
  },
  {
    path: '/customer/details/:id',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'customer',
    titleKey: 'pageTitles.customerDetails',
    page: () =>
      import('../features/customers/pages/customer-details-page').then(
        (m) => m.CustomerDetailsPage,
      ),
  },
  {
    path: '/customer/wallet',
    layout: 'default',
    access: 'signed-in',
    action: 'read',
    subject: 'wallet',
    titleKey: 'pageTitles.customerWallet',
    icon: 'AccountBalanceWallet',
    searchable: true,
    page: () => import('../features/wallet/pages/wallet-page').then((m) => m.WalletPage),
  },
];
