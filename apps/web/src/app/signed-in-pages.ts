// The signed-in pages, reached through this one small chunk. Every import() carries its page's
// list of chunks to preload; in the route table those lists would be part of the entry that
// /login downloads (about 0.25 kB gzip per page, 200 kB budget). Here each page costs the entry
// nothing: opening the first signed-in page fetches this chunk (about 1–2 kB) and then the page
// with its preloads in parallel, as before (decisions 012 and 022). Sign-in, error and lock pages
// stay in the route table: they must open without the extra step.
export const signedInPages = {
  dashboard: () =>
    import('../features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage),
  accountSettings: () =>
    import('../features/account-settings/pages/account-settings-page').then(
      (m) => m.AccountSettingsPage,
    ),
  accessControl: () =>
    import('../features/access-control/pages/access-control-page').then((m) => m.AccessControlPage),
  productList: () =>
    import('../features/products/pages/product-list-page').then((m) => m.ProductListPage),
  productAdd: () =>
    import('../features/products/pages/product-form-page').then((m) => m.ProductAddPage),
  productEdit: () =>
    import('../features/products/pages/product-form-page').then((m) => m.ProductEditPage),
  category: () => import('../features/categories/pages/category-page').then((m) => m.CategoryPage),
  categoryCreate: () =>
    import('../features/categories/pages/category-create-page').then((m) => m.CategoryCreatePage),
  variantAddon: () =>
    import('../features/variant-addons/pages/variant-addon-page').then((m) => m.VariantAddonPage),
  outlet: () => import('../features/outlets/pages/outlet-page').then((m) => m.OutletPage),
  timeManagement: () =>
    import('../features/outlets/pages/time-management-page').then((m) => m.TimeManagementPage),
  tenant: () => import('../features/tenants/pages/tenant-page').then((m) => m.TenantPage),
  pos: () => import('../features/pos/pages/pos-page').then((m) => m.PosPage),
  statusOrder: () =>
    import('../features/status-order/pages/status-order-page').then((m) => m.StatusOrderPage),
  orderList: () => import('../features/orders/pages/order-list-page').then((m) => m.OrderListPage),
  // The order's details with the refunds' "Refund" action (see order-details-with-refund.tsx).
  orderDetails: () => import('./order-details-with-refund').then((m) => m.OrderDetailsWithRefund),
  shiftList: () => import('../features/shifts/pages/shift-list-page').then((m) => m.ShiftListPage),
  refundList: () =>
    import('../features/refunds/pages/refund-list-page').then((m) => m.RefundListPage),
  refundDetails: () =>
    import('../features/refunds/pages/refund-details-page').then((m) => m.RefundDetailsPage),
  membership: () =>
    import('../features/membership/pages/membership-page').then((m) => m.MembershipPage),
  referral: () => import('../features/referral/pages/referral-page').then((m) => m.ReferralPage),
  customerList: () =>
    import('../features/customers/pages/customer-list-page').then((m) => m.CustomerListPage),
  customerDetails: () =>
    import('../features/customers/pages/customer-details-page').then((m) => m.CustomerDetailsPage),
  customerWallet: () => import('../features/wallet/pages/wallet-page').then((m) => m.WalletPage),
  report: () => import('../features/reports/pages/report-page').then((m) => m.ReportPage),
  users: () => import('../features/users/pages/user-list-page').then((m) => m.UserListPage),
  userView: () => import('../features/users/pages/user-view-page').then((m) => m.UserViewPage),
  roles: () => import('../features/roles/pages/role-page').then((m) => m.RolePage),
  permissions: () =>
    import('../features/permissions/pages/permission-page').then((m) => m.PermissionPage),
  menus: () => import('../features/menus/pages/menu-page').then((m) => m.MenuPage),
  logs: () => import('../features/logs/pages/log-page').then((m) => m.LogPage),
};

export type SignedInPageName = keyof typeof signedInPages;
