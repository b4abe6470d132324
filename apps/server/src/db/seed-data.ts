import { permissionCatalogue } from '@kopi/contract';

// Reference data every installation needs (menu, platform settings) and the demo data set.

export interface MenuSeed {
  title: string;
  en: string;
  my: string;
  icon: string;
  path?: string;
  action?: string;
  subject?: string;
  children?: MenuSeed[];
}

/** The menu of every area of SPEC §1, with the paths and abilities of SPEC §2. */
export const menuSeed: MenuSeed[] = [
  {
    title: 'menu.dashboard',
    en: 'Dashboard',
    my: 'Papan Pemuka',
    icon: 'Dashboard',
    path: '/dashboard',
    action: 'read',
    subject: 'dashboard',
  },
  {
    title: 'menu.pos',
    en: 'POS',
    my: 'POS',
    icon: 'PointOfSale',
    path: '/pos',
    action: 'read',
    subject: 'pos',
  },
  {
    title: 'menu.status_order',
    en: 'Status Order',
    my: 'Status Pesanan',
    icon: 'AssignmentTurnedIn',
    path: '/app/status-order',
    action: 'read',
    subject: 'status-order',
  },
  {
    title: 'menu.order',
    en: 'Order',
    my: 'Pesanan',
    icon: 'ReceiptLong',
    path: '/order/list',
    action: 'read',
    subject: 'order',
  },
  {
    title: 'menu.refund',
    en: 'Refund',
    my: 'Bayaran Balik',
    icon: 'CurrencyExchange',
    path: '/refund/list',
    action: 'read',
    subject: 'order',
  },
  {
    title: 'menu.report',
    en: 'Report',
    my: 'Laporan',
    icon: 'Assessment',
    path: '/report',
    action: 'read',
    subject: 'report',
  },
  {
    title: 'menu.customer',
    en: 'Customer',
    my: 'Pelanggan',
    icon: 'People',
    children: [
      {
        title: 'menu.customer.list',
        en: 'Customer List',
        my: 'Senarai Pelanggan',
        icon: 'PersonSearch',
        path: '/customer/list',
        action: 'read',
        subject: 'customer',
      },
      {
        title: 'menu.customer.wallet',
        en: 'Wallet',
        my: 'Dompet',
        icon: 'AccountBalanceWallet',
        path: '/customer/wallet',
        action: 'read',
        subject: 'wallet',
      },
      {
        title: 'menu.customer.membership',
        en: 'Membership',
        my: 'Keahlian',
        icon: 'CardMembership',
        path: '/customer/membership',
        action: 'read',
        subject: 'membership',
      },
      {
        title: 'menu.customer.referral',
        en: 'Referral',
        my: 'Rujukan',
        icon: 'Share',
        path: '/customer/referral',
        action: 'read',
        subject: 'referral',
      },
    ],
  },
  {
    title: 'menu.voucher',
    en: 'Voucher',
    my: 'Baucar',
    icon: 'LocalOffer',
    children: [
      {
        title: 'menu.voucher.list',
        en: 'Voucher',
        my: 'Baucar',
        icon: 'ConfirmationNumber',
        path: '/voucher',
        action: 'read',
        subject: 'voucher',
      },
      {
        title: 'menu.voucher.campaign',
        en: 'Voucher Campaign',
        my: 'Kempen Baucar',
        icon: 'Campaign',
        path: '/voucher-campaign',
        action: 'read',
        subject: 'voucher-campaign',
      },
    ],
  },
  {
    title: 'menu.product',
    en: 'Product',
    my: 'Produk',
    icon: 'Coffee',
    children: [
      {
        title: 'menu.product.add',
        en: 'Add Product',
        my: 'Tambah Produk',
        icon: 'AddCircleOutline',
        path: '/product/add',
        action: 'create',
        subject: 'list-product',
      },
      {
        title: 'menu.product.list',
        en: 'List Product',
        my: 'Senarai Produk',
        icon: 'ListAlt',
        path: '/product/list',
        action: 'read',
        subject: 'list-product',
      },
      {
        title: 'menu.product.variant_addon',
        en: 'Variant and Addon',
        my: 'Varian dan Tambahan',
        icon: 'Tune',
        path: '/product/variant-addon',
        action: 'read',
        subject: 'variant-addon',
      },
      {
        title: 'menu.product.category',
        en: 'Category',
        my: 'Kategori',
        icon: 'Category',
        path: '/product/category',
        action: 'read',
        subject: 'category',
      },
    ],
  },
  {
    title: 'menu.tenant_outlet',
    en: 'Tenant and Outlet',
    my: 'Penyewa dan Cawangan',
    icon: 'Storefront',
    children: [
      {
        title: 'menu.tenant',
        en: 'Tenant',
        my: 'Penyewa',
        icon: 'Business',
        path: '/tenant',
        action: 'read',
        subject: 'tenant',
      },
      {
        title: 'menu.outlet',
        en: 'Outlet',
        my: 'Cawangan',
        icon: 'Store',
        path: '/outlet',
        action: 'read',
        subject: 'outlet',
      },
      {
        title: 'menu.time_management',
        en: 'Time Management',
        my: 'Pengurusan Masa',
        icon: 'Schedule',
        path: '/outlet/time-management',
        action: 'read',
        subject: 'time-management',
      },
    ],
  },
  {
    title: 'menu.user_app',
    en: 'User App',
    my: 'Aplikasi Pengguna',
    icon: 'PhoneIphone',
    children: [
      {
        title: 'menu.user_app.banner',
        en: 'Banner',
        my: 'Sepanduk',
        icon: 'ViewCarousel',
        path: '/user-app/banner',
        action: 'read',
        subject: 'banner',
      },
      {
        title: 'menu.user_app.enable_disable',
        en: 'Enable/Disable Feature',
        my: 'Dayakan/Nyahdayakan Ciri',
        icon: 'ToggleOn',
        path: '/user-app/enable-disable',
        action: 'read',
        subject: 'enable-disable',
      },
      {
        title: 'menu.user_app.content_text',
        en: 'Content Text',
        my: 'Teks Kandungan',
        icon: 'TextSnippet',
        path: '/user-app/content-text',
        action: 'read',
        subject: 'banner',
      },
    ],
  },
  {
    title: 'menu.general_settings',
    en: 'General Settings',
    my: 'Tetapan Umum',
    icon: 'Settings',
    children: [
      {
        title: 'menu.general_settings.payment_gateway',
        en: 'Payment Gateway',
        my: 'Gerbang Pembayaran',
        icon: 'Payments',
        path: '/ge/payment-gateway',
        action: 'read',
        subject: 'payment-gateway',
      },
      {
        title: 'menu.general_settings.features',
        en: 'User App Features',
        my: 'Ciri Aplikasi Pengguna',
        icon: 'Extension',
        path: '/ge/features',
        action: 'read',
        subject: 'enable-disable',
      },
      {
        title: 'menu.general_settings.content_text',
        en: 'Content Text',
        my: 'Teks Kandungan',
        icon: 'Article',
        path: '/ge/content-text',
        action: 'read',
        subject: 'content-text',
      },
    ],
  },
  {
    title: 'menu.role_permission',
    en: 'Role and Permission',
    my: 'Peranan dan Kebenaran',
    icon: 'AdminPanelSettings',
    children: [
      {
        title: 'menu.role_permission.users',
        en: 'Users',
        my: 'Pengguna',
        icon: 'ManageAccounts',
        path: '/settings/user',
        action: 'read',
        subject: 'user',
      },
      {
        title: 'menu.role_permission.roles',
        en: 'Roles',
        my: 'Peranan',
        icon: 'Badge',
        path: '/settings/role',
        action: 'read',
        subject: 'role-permission',
      },
      {
        title: 'menu.role_permission.permissions',
        en: 'Permissions',
        my: 'Kebenaran',
        icon: 'Key',
        path: '/settings/permissions',
        action: 'read',
        subject: 'permission',
      },
      {
        title: 'menu.role_permission.menus',
        en: 'Menus',
        my: 'Menu',
        icon: 'Menu',
        path: '/settings/menu',
        action: 'read',
        subject: 'menu',
      },
    ],
  },
  {
    title: 'menu.logs',
    en: 'Logs',
    my: 'Log',
    icon: 'History',
    path: '/settings/logs',
    action: 'read',
    subject: 'log',
  },
];

export interface AppSettingSeed {
  code: string;
  name: string;
  enabled: boolean;
  value?: unknown;
}

/** Platform defaults (tenant_id null); a tenant's own entries follow them and win (SPEC §3). */
export const platformAppSettings: AppSettingSeed[] = [
  { code: 'dine_in', name: 'Dine In', enabled: true },
  { code: 'pick_up', name: 'Pick Up', enabled: true },
  { code: 'delivery', name: 'Delivery', enabled: false },
  { code: 'wallet', name: 'Wallet', enabled: true },
  { code: 'membership', name: 'Membership', enabled: true },
  { code: 'referral', name: 'Referral', enabled: false },
  { code: 'voucher', name: 'Voucher', enabled: true },
  { code: 'maintenance_mode', name: 'Maintenance Mode', enabled: false },
  { code: 'currency', name: 'Currency', enabled: true, value: 'MYR' },
];

export const demoTenantAppSettings: AppSettingSeed[] = [
  { code: 'delivery', name: 'Delivery', enabled: true, value: { delivery_fee_sen: 500 } },
  { code: 'referral', name: 'Referral', enabled: true },
  { code: 'business_name', name: 'Business Name', enabled: true, value: 'Kopi Demo' },
];

const all = permissionCatalogue.map((e) => e.permission);
const tenantWide = permissionCatalogue.filter((e) => !e.platform).map((e) => e.permission);
const crud = (subject: string, ...actions: string[]) => actions.map((a) => `${a}-${subject}`);

export const SUPERADMIN_ROLE = 'superadmin';

/** DESIGN §1 roles. Everyone may read the dashboard. */
export const builtinRoles: { name: string; description: string; permissions: string[] }[] = [
  {
    name: 'admin',
    description: 'Everything inside the business, all outlets',
    permissions: tenantWide,
  },
  {
    name: 'manager',
    description: 'POS, status board, orders, refunds up to approval, reports of own outlets',
    permissions: [
      'read-dashboard',
      ...crud('pos', 'read', 'create', 'update'),
      ...crud('status-order', 'read', 'update'),
      ...crud('order', 'read', 'create', 'update'),
      'approve-refund',
      'read-customer',
      'read-list-product',
      'read-add-product',
      'read-category',
      'read-product category',
      'read-variant-addon',
      'read-outlet',
      'read-time-management',
      'read-report',
    ],
  },
  {
    name: 'cashier',
    description: 'POS, status board and own orders at one outlet',
    permissions: [
      'read-dashboard',
      ...crud('pos', 'read', 'create'),
      ...crud('status-order', 'read', 'update'),
      ...crud('order', 'read', 'create'),
    ],
  },
  {
    name: 'finance',
    description: 'Reports, refund approval and transfer, wallet adjustments, logs',
    permissions: [
      'read-dashboard',
      'read-report',
      'read-order',
      'approve-refund',
      'transfer-refund',
      'read-wallet',
      'adjust-wallet',
      'read-log',
    ],
  },
];

export const superadminPermissions = all;

export const DEMO_PASSWORD = 'Kopi@1234';

export const demoTenant = {
  name: 'Kopi Demo Sdn Bhd',
  slug: 'kopi-demo',
  plan: 'business',
  status: 'active',
  sstRegistrationNo: 'W10-1808-32000123',
  tin: 'C2584563200',
  brn: '202301012345',
};

export const demoOutlets = [
  {
    code: 'KL01',
    name: 'Kuala Lumpur',
    address: '12 Jalan Bukit Bintang, 55100 Kuala Lumpur',
    phone: '+60 3-2141 0001',
  },
  {
    code: 'PG01',
    name: 'Penang',
    address: '8 Lebuh Chulia, 10200 George Town, Pulau Pinang',
    phone: '+60 4-261 0002',
  },
  {
    code: 'JB01',
    name: 'Johor Bahru',
    address: '21 Jalan Wong Ah Fook, 80000 Johor Bahru, Johor',
    phone: '+60 7-222 0003',
  },
] as const;

export const demoUsers: {
  username: string;
  fullname: string;
  email: string;
  role: string;
  outlet?: string;
}[] = [
  {
    username: 'superadmin',
    fullname: 'Platform Superadmin',
    email: 'superadmin@kopi-hq.local',
    role: SUPERADMIN_ROLE,
  },
  { username: 'admin', fullname: 'Aisyah Rahman', email: 'admin@kopi-demo.my', role: 'admin' },
  {
    username: 'manager',
    fullname: 'Tan Wei Ming',
    email: 'manager@kopi-demo.my',
    role: 'manager',
    outlet: 'KL01',
  },
  {
    username: 'cashier',
    fullname: 'Siti Nurhaliza',
    email: 'cashier@kopi-demo.my',
    role: 'cashier',
    outlet: 'KL01',
  },
  {
    username: 'finance',
    fullname: 'Rajesh Kumar',
    email: 'finance@kopi-demo.my',
    role: 'finance',
  },
];
