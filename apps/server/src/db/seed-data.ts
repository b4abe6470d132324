import { builtinRoleTexts, permissionCatalogue } from '@kopi/contract';

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
    title: 'menu.shift',
    en: 'Shifts',
    my: 'Syif',
    icon: 'Payments',
    path: '/shift/list',
    action: 'read',
    subject: 'shift',
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
      {
        title: 'menu.voucher.rewards',
        en: 'Rewards',
        my: 'Ganjaran',
        icon: 'Redeem',
        path: '/voucher/rewards',
        action: 'read',
        subject: 'reward',
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
      {
        title: 'menu.business_settings',
        en: 'Business Settings',
        my: 'Tetapan Perniagaan',
        icon: 'Settings',
        path: '/tenant/business-settings',
        action: 'read',
        subject: 'tenant-setting',
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
        subject: 'general-setting',
      },
      {
        title: 'menu.general_settings.content_text',
        en: 'Content Text',
        my: 'Teks Kandungan',
        icon: 'Article',
        path: '/ge/content-text',
        action: 'read',
        subject: 'general-setting',
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

/**
 * Platform defaults (tenant_id null); a tenant's own entries follow them and win (SPEC §3). The
 * customer app's features are not here: they are the feature catalogue and its switches
 * (seed-app-features.ts, decision 041).
 */
export const platformAppSettings: AppSettingSeed[] = [
  { code: 'maintenance_mode', name: 'Maintenance Mode', enabled: false },
  { code: 'currency', name: 'Currency', enabled: true, value: 'MYR' },
];

export const demoTenantAppSettings: AppSettingSeed[] = [
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
    description: builtinRoleTexts.admin.description.en,
    permissions: tenantWide,
  },
  {
    name: 'manager',
    description: builtinRoleTexts.manager.description.en,
    permissions: [
      'read-dashboard',
      ...crud('pos', 'read', 'create', 'update'),
      ...crud('status-order', 'read', 'update'),
      ...crud('order', 'read', 'create', 'update'),
      // Closing the day (Z-report) is the shift manager's job at the outlet.
      'close-day-order',
      // Shifts: reads every shift of the outlet, closes a drawer beyond the tolerance with a note.
      ...crud('shift', 'read', 'create', 'update'),
      'close-variance-shift',
      // Voiding (rejecting) an order that took money; a cashier needs a manager's PIN for it.
      'void-order',
      'approve-refund',
      // A manual discount (staff meal, service recovery) is the manager's call, up to the maximum.
      'discount-order',
      'read-customer',
      'read-list-product',
      'read-add-product',
      'read-category',
      'read-product category',
      'read-variant-addon',
      'read-outlet',
      'read-time-management',
      'toggle-sold-out',
      'read-report',
    ],
  },
  {
    name: 'cashier',
    description: builtinRoleTexts.cashier.description.en,
    permissions: [
      'read-dashboard',
      ...crud('pos', 'read', 'create'),
      ...crud('status-order', 'read', 'update'),
      ...crud('order', 'read', 'create'),
      // Opens and closes their own shift and moves cash in and out of its drawer.
      ...crud('shift', 'create', 'update'),
      // The POS shows the menu; "sold out today" is a cashier's one-tap job.
      'read-list-product',
      'read-category',
      'read-variant-addon',
      'read-outlet',
      'toggle-sold-out',
    ],
  },
  {
    name: 'marketing',
    description: builtinRoleTexts.marketing.description.en,
    permissions: [
      'read-dashboard',
      ...crud('voucher', 'read', 'create', 'update', 'delete'),
      ...crud('voucher-campaign', 'read', 'create', 'update', 'delete'),
      ...crud('reward', 'read', 'create', 'update', 'delete'),
      // A campaign's audience and the vouchers issued show on the customer's page; read only.
      'read-customer',
      'read-membership',
      ...crud('banner', 'read', 'create', 'update', 'delete'),
      ...crud('enable-disable', 'read', 'update'),
      ...crud('content-text', 'read', 'update'),
      // Banner targets and outlet choices name these; reading them changes nothing.
      'read-outlet',
      'read-list-product',
      'read-category',
    ],
  },
  {
    name: 'finance',
    description: builtinRoleTexts.finance.description.en,
    permissions: [
      'read-dashboard',
      'read-report',
      'read-order',
      'approve-refund',
      'transfer-refund',
      // Wallet adjustments start from the customer: finance finds and reads them, changes none.
      'read-customer',
      'read-wallet',
      'adjust-wallet',
      'read-log',
    ],
  },
];

/**
 * Everything but the tenant's own business settings: those are its admin's to set (the
 * superadmin sets them on /tenant, through the tenants module).
 */
export const superadminPermissions = all.filter((p) => !p.endsWith('-tenant-setting'));

export const DEMO_PASSWORD = 'Kopi@1234';

export const demoTenant = {
  name: 'Kopi Demo Sdn Bhd',
  legalName: 'Kopi Demo Sdn Bhd',
  slug: 'kopi-demo',
  plan: 'business',
  status: 'active',
  sstRegistrationNo: 'W10-1808-32000123',
  tin: 'C2584563200',
  brn: '202301012345',
};

type WeeklyHours = { day: number; ranges: { open: string; close: string }[] }[];
const everyDay = (open: string, close: string): WeeklyHours =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ open, close }] }));

export const demoOutlets = [
  {
    code: 'KL01',
    name: 'Kuala Lumpur',
    address: '12 Jalan Bukit Bintang, 55100 Kuala Lumpur',
    phone: '+60 3-2141 0001',
    lat: 3.1466,
    lng: 101.7101,
    servingMethods: ['dine_in', 'pick_up', 'delivery'],
    deliveryFee: 500,
    // Daily 07:00–22:00.
    hours: everyDay('07:00', '22:00'),
    lastOrderMinutes: 30,
  },
  {
    code: 'PG01',
    name: 'Penang',
    address: '8 Lebuh Chulia, 10200 George Town, Pulau Pinang',
    phone: '+60 4-261 0002',
    lat: 5.4164,
    lng: 100.3327,
    servingMethods: ['dine_in', 'pick_up', 'delivery'],
    deliveryFee: 600,
    // Closed on Mondays.
    hours: everyDay('08:00', '21:00').map((d) => (d.day === 1 ? { day: 1, ranges: [] } : d)),
    lastOrderMinutes: 15,
  },
  {
    code: 'JB01',
    name: 'Johor Bahru',
    address: '21 Jalan Wong Ah Fook, 80000 Johor Bahru, Johor',
    phone: '+60 7-222 0003',
    lat: 1.4621,
    lng: 103.7636,
    servingMethods: ['dine_in', 'pick_up'],
    deliveryFee: 0,
    // Weekdays close 15:00–16:00 for a break; Friday and Saturday run late, until 01:00.
    hours: [
      { day: 0, ranges: [{ open: '08:00', close: '22:00' }] },
      ...[1, 2, 3, 4].map((day) => ({
        day,
        ranges: [
          { open: '07:00', close: '15:00' },
          { open: '16:00', close: '22:00' },
        ],
      })),
      {
        day: 5,
        ranges: [
          { open: '07:00', close: '15:00' },
          { open: '16:00', close: '01:00' },
        ],
      },
      { day: 6, ranges: [{ open: '08:00', close: '01:00' }] },
    ],
    lastOrderMinutes: 30,
  },
] as const satisfies readonly {
  code: string;
  name: string;
  address: string;
  phone: string;
  lat: number;
  lng: number;
  servingMethods: string[];
  deliveryFee: number;
  hours: WeeklyHours;
  lastOrderMinutes: number;
}[];

export const demoClosures = [
  { outlet: 'PG01', fromDate: '2027-03-10', toDate: '2027-03-11', reason: 'Hari Raya Aidilfitri' },
  { outlet: 'KL01', fromDate: '2027-01-01', toDate: '2027-01-01', reason: "New Year's Day" },
];

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
  {
    username: 'marketing',
    fullname: 'Nurul Izzah',
    email: 'marketing@kopi-demo.my',
    role: 'marketing',
  },
];

// ---- Demo catalogue: a Malaysian kopitiam-meets-café menu (prices in sen) ----------------------

export const demoCategories = [
  { key: 'kopi', nameEn: 'Kopi', nameMy: 'Kopi' },
  { key: 'teh', nameEn: 'Teh', nameMy: 'Teh' },
  { key: 'espresso', nameEn: 'Espresso', nameMy: 'Espresso' },
  { key: 'matcha', nameEn: 'Matcha & Chocolate', nameMy: 'Matcha & Coklat' },
  { key: 'food', nameEn: 'Food', nameMy: 'Makanan' },
  { key: 'bakery', nameEn: 'Bakery & Cakes', nameMy: 'Roti & Kek' },
] as const;
type CategoryKey = (typeof demoCategories)[number]['key'];

export const demoVariantGroups = [
  {
    key: 'size',
    name: 'Size',
    nameMy: 'Saiz',
    required: true,
    minSelect: 1,
    maxSelect: 1,
    options: [
      { name: 'Regular', nameMy: 'Biasa', price: 0, isDefault: true },
      { name: 'Large', nameMy: 'Besar', price: 150 },
    ],
  },
  {
    key: 'milk',
    name: 'Milk',
    nameMy: 'Susu',
    required: false,
    minSelect: 0,
    maxSelect: 1,
    options: [
      { name: 'Dairy', nameMy: 'Susu lembu', price: 0 },
      { name: 'Oat', nameMy: 'Oat', price: 200 },
      { name: 'Soy', nameMy: 'Soya', price: 100 },
    ],
  },
  {
    key: 'sugar',
    name: 'Sugar level',
    nameMy: 'Tahap gula',
    required: true,
    minSelect: 1,
    maxSelect: 1,
    // The usual size, sugar and ice are chosen unless the customer asks otherwise: a standard drink
    // is one tap at the counter.
    options: [
      { name: 'Normal', nameMy: 'Biasa', price: 0, isDefault: true },
      { name: 'Less', nameMy: 'Kurang', price: 0 },
      // What it is without: a receipt shows the option alone, and "Tiada" reads as none chosen.
      { name: 'No', nameMy: 'Tanpa gula', price: 0 },
    ],
  },
  {
    key: 'ice',
    name: 'Ice level',
    nameMy: 'Tahap ais',
    required: false,
    minSelect: 0,
    maxSelect: 1,
    options: [
      { name: 'Normal', nameMy: 'Biasa', price: 0, isDefault: true },
      { name: 'Less', nameMy: 'Kurang', price: 0 },
      { name: 'No', nameMy: 'Tanpa ais', price: 0 },
    ],
  },
] as const;
type GroupKey = (typeof demoVariantGroups)[number]['key'];

export const demoAddons = [
  { key: 'shot', name: 'Extra shot', nameMy: 'Syot tambahan', price: 200 },
  { key: 'oat', name: 'Oat milk', nameMy: 'Susu oat', price: 200 },
  { key: 'cream', name: 'Whipped cream', nameMy: 'Krim putar', price: 150 },
  { key: 'pearls', name: 'Pearls', nameMy: 'Mutiara', price: 150 },
] as const;
type AddonKey = (typeof demoAddons)[number]['key'];

export interface DemoProduct {
  sku: string;
  name: string;
  category: CategoryKey;
  price: number;
  discounted?: number;
  barcode?: string;
  description?: string;
  tags: string[];
  groups?: GroupKey[];
  addons?: AddonKey[];
  /** Outlet codes where it is not sold (default: everywhere). */
  notAt?: string[];
}

const hotDrink: Pick<DemoProduct, 'groups'> = { groups: ['size', 'sugar'] };
const icedDrink: Pick<DemoProduct, 'groups'> = { groups: ['size', 'sugar', 'ice'] };
const coffeeBar: Pick<DemoProduct, 'groups' | 'addons'> = {
  groups: ['size', 'milk', 'sugar'],
  addons: ['shot'],
};

export const demoProducts: DemoProduct[] = [
  // Kopi: robusta roasted with margarine and sugar, the kopitiam way.
  {
    sku: 'KOP-001',
    name: 'Kopi',
    category: 'kopi',
    price: 280,
    tags: ['hot'],
    ...hotDrink,
    description: 'Traditional coffee with condensed milk',
  },
  {
    sku: 'KOP-002',
    name: 'Kopi O',
    category: 'kopi',
    price: 240,
    tags: ['hot', 'vegan'],
    ...hotDrink,
    description: 'Black coffee with sugar',
  },
  {
    sku: 'KOP-003',
    name: 'Kopi C',
    category: 'kopi',
    price: 280,
    tags: ['hot'],
    ...hotDrink,
    description: 'Coffee with evaporated milk and sugar',
  },
  {
    sku: 'KOP-004',
    name: 'Kopi Peng',
    category: 'kopi',
    price: 350,
    tags: ['iced'],
    ...icedDrink,
    description: 'Iced coffee with condensed milk',
  },
  {
    sku: 'KOP-005',
    name: 'Kopi O Kosong',
    category: 'kopi',
    price: 220,
    tags: ['hot', 'vegan'],
    groups: ['size'],
    description: 'Black coffee, no sugar',
  },
  {
    sku: 'KOP-006',
    name: 'Cham (Kopi + Teh)',
    category: 'kopi',
    price: 350,
    tags: ['hot'],
    ...hotDrink,
    description: 'Coffee and tea together, also called yuan yang',
  },
  {
    sku: 'KOP-007',
    name: 'Ipoh White Coffee',
    category: 'kopi',
    price: 450,
    discounted: 390,
    tags: ['hot', 'bestseller'],
    ...hotDrink,
    addons: ['oat'],
  },
  // Teh
  {
    sku: 'TEH-001',
    name: 'Teh Tarik',
    category: 'teh',
    price: 300,
    tags: ['hot', 'bestseller'],
    ...hotDrink,
    addons: ['pearls'],
    description: 'Pulled milk tea, frothy and sweet',
  },
  {
    sku: 'TEH-002',
    name: 'Teh O',
    category: 'teh',
    price: 220,
    tags: ['hot', 'vegan'],
    ...hotDrink,
  },
  { sku: 'TEH-003', name: 'Teh C', category: 'teh', price: 280, tags: ['hot'], ...hotDrink },
  {
    sku: 'TEH-004',
    name: 'Teh O Ais Limau',
    category: 'teh',
    price: 380,
    tags: ['iced', 'vegan'],
    ...icedDrink,
    description: 'Iced lime tea',
  },
  {
    sku: 'TEH-005',
    name: 'Teh Halia',
    category: 'teh',
    price: 350,
    tags: ['hot'],
    ...hotDrink,
    description: 'Ginger milk tea',
  },
  {
    sku: 'TEH-006',
    name: 'Teh Tarik Peng',
    category: 'teh',
    price: 380,
    tags: ['iced'],
    ...icedDrink,
    addons: ['pearls'],
  },
  // Espresso bar
  {
    sku: 'ESP-001',
    name: 'Espresso',
    category: 'espresso',
    price: 700,
    tags: ['hot'],
    groups: ['sugar'],
    addons: ['shot'],
  },
  {
    sku: 'ESP-002',
    name: 'Americano',
    category: 'espresso',
    price: 900,
    tags: ['hot', 'iced'],
    groups: ['size', 'sugar', 'ice'],
    addons: ['shot'],
  },
  {
    sku: 'ESP-003',
    name: 'Latte',
    category: 'espresso',
    price: 1100,
    tags: ['hot', 'iced'],
    ...coffeeBar,
  },
  {
    sku: 'ESP-004',
    name: 'Cappuccino',
    category: 'espresso',
    price: 1100,
    tags: ['hot'],
    ...coffeeBar,
  },
  {
    sku: 'ESP-005',
    name: 'Flat White',
    category: 'espresso',
    price: 1150,
    tags: ['hot'],
    ...coffeeBar,
  },
  {
    sku: 'ESP-006',
    name: 'Mocha',
    category: 'espresso',
    price: 1250,
    tags: ['hot', 'iced'],
    groups: ['size', 'milk', 'sugar'],
    addons: ['shot', 'cream'],
  },
  {
    sku: 'ESP-007',
    name: 'Spanish Latte',
    category: 'espresso',
    price: 1300,
    tags: ['iced', 'bestseller'],
    groups: ['size', 'milk', 'ice'],
    addons: ['shot'],
    description: 'Espresso, milk and condensed milk over ice',
  },
  {
    sku: 'ESP-008',
    name: 'Caramel Macchiato',
    category: 'espresso',
    price: 1350,
    discounted: 1190,
    tags: ['hot', 'iced'],
    ...coffeeBar,
  },
  // Matcha & chocolate
  {
    sku: 'MCH-001',
    name: 'Matcha Latte',
    category: 'matcha',
    price: 1300,
    tags: ['hot'],
    groups: ['size', 'milk', 'sugar'],
    addons: ['pearls'],
  },
  {
    sku: 'MCH-002',
    name: 'Iced Matcha Latte',
    category: 'matcha',
    price: 1400,
    tags: ['iced', 'bestseller'],
    groups: ['size', 'milk', 'sugar', 'ice'],
    addons: ['pearls', 'cream'],
  },
  {
    sku: 'MCH-003',
    name: 'Hot Chocolate',
    category: 'matcha',
    price: 1100,
    tags: ['hot'],
    groups: ['size', 'milk', 'sugar'],
    addons: ['cream'],
  },
  {
    sku: 'MCH-004',
    name: 'Iced Chocolate',
    category: 'matcha',
    price: 1200,
    tags: ['iced'],
    groups: ['size', 'milk', 'sugar', 'ice'],
    addons: ['cream', 'pearls'],
  },
  {
    sku: 'MCH-005',
    name: 'Milo Dinosaur',
    category: 'matcha',
    price: 900,
    tags: ['iced', 'bestseller'],
    ...icedDrink,
    description: 'Iced Milo heaped with more Milo powder',
  },
  // Food
  {
    sku: 'FOD-001',
    name: 'Nasi Lemak Ayam Goreng',
    category: 'food',
    price: 1490,
    tags: ['bestseller', 'spicy'],
    description: 'Coconut rice, fried chicken, sambal, egg, peanuts and anchovies',
  },
  {
    sku: 'FOD-002',
    name: 'Nasi Lemak Biasa',
    category: 'food',
    price: 750,
    tags: ['spicy'],
    description: 'Coconut rice, sambal, egg, peanuts and anchovies',
  },
  {
    sku: 'FOD-003',
    name: 'Roti Bakar Kaya',
    category: 'food',
    price: 550,
    tags: ['vegetarian', 'bestseller'],
    description: 'Charcoal toast with kaya and butter',
  },
  {
    sku: 'FOD-004',
    name: 'Half-Boiled Eggs',
    category: 'food',
    price: 400,
    tags: ['vegetarian'],
    description: 'Two soft eggs with soy sauce and pepper',
  },
  {
    sku: 'FOD-005',
    name: 'Kaya Toast Set',
    category: 'food',
    price: 890,
    discounted: 790,
    tags: ['vegetarian'],
    description: 'Roti bakar kaya, two half-boiled eggs and a kopi',
  },
  { sku: 'FOD-006', name: 'Mee Goreng Mamak', category: 'food', price: 1190, tags: ['spicy'] },
  {
    sku: 'FOD-007',
    name: 'Nasi Goreng Kampung',
    category: 'food',
    price: 1290,
    tags: ['spicy'],
    notAt: ['JB01'],
  },
  {
    sku: 'FOD-008',
    name: 'Curry Puff',
    category: 'food',
    price: 280,
    tags: ['vegetarian'],
    description: 'Potato curry in a flaky pastry',
  },
  // Bakery & cakes (boxed items carry a barcode for the scanner)
  {
    sku: 'BAK-001',
    name: 'Butter Croissant',
    category: 'bakery',
    price: 750,
    tags: ['vegetarian'],
    barcode: '9556001000017',
  },
  {
    sku: 'BAK-002',
    name: 'Almond Croissant',
    category: 'bakery',
    price: 950,
    tags: ['vegetarian'],
    barcode: '9556001000024',
  },
  {
    sku: 'BAK-003',
    name: 'Kek Batik',
    category: 'bakery',
    price: 850,
    tags: ['vegetarian', 'bestseller'],
    barcode: '9556001000031',
    description: 'Marie biscuits set in chocolate',
  },
  {
    sku: 'BAK-004',
    name: 'Pandan Chiffon Cake',
    category: 'bakery',
    price: 700,
    tags: ['vegetarian'],
    barcode: '9556001000048',
  },
  {
    sku: 'BAK-005',
    name: 'Onde-Onde Cake',
    category: 'bakery',
    price: 900,
    discounted: 800,
    tags: ['vegetarian'],
    barcode: '9556001000055',
    description: 'Pandan sponge, gula melaka and grated coconut',
  },
  {
    sku: 'BAK-006',
    name: 'Burnt Cheesecake',
    category: 'bakery',
    price: 1400,
    tags: ['vegetarian'],
    barcode: '9556001000062',
    notAt: ['JB01'],
  },
  {
    sku: 'BAK-007',
    name: 'Banana Cake',
    category: 'bakery',
    price: 600,
    tags: ['vegetarian'],
    barcode: '9556001000079',
  },
];

/** A per-outlet price: the Johor Bahru shop sells Americano a little cheaper. */
export const demoPriceOverrides = [{ sku: 'ESP-002', outlet: 'JB01', price: 850 }];

/**
 * Customers of the demo chain's app, phones already verified, password DEMO_PASSWORD.
 * The app names the business with `X-Tenant: kopi-demo`.
 */
export const demoCustomers = [
  {
    name: 'Nur Aina',
    phone: '+60123456789',
    email: 'aina@example.my',
    birthday: '1995-04-02',
    referralCode: 'AINA2026',
    referredBy: null,
  },
  {
    name: 'Daniel Lim',
    phone: '+60198765432',
    email: null,
    birthday: null,
    referralCode: 'DANLIM26',
    referredBy: 'AINA2026',
  },
] as const;
