import { crudActions, parsePermission, permissionString } from './permissions';

// The permission catalogue (SPEC §6, DESIGN §8) and its human-readable form (the role matrix,
// /settings/permissions). Kept apart from permissions.ts, whose parsing every page needs:
// the bundler places a shared module whole, so labels living there rode along on /login.

/**
 * The catalogue of subjects (DESIGN §8 plus the spec's AclDemo and "Product Category") grouped by
 * area. `platform: true` marks subjects only the platform superadmin holds.
 */
export const permissionSubjects = [
  { subject: 'dashboard', area: 'dashboard' },
  { subject: 'acldemo', area: 'dashboard' },
  { subject: 'report', area: 'report' },
  { subject: 'status-order', area: 'orders' },
  { subject: 'pos', area: 'orders' },
  { subject: 'order', area: 'orders' },
  { subject: 'shift', area: 'orders' },
  { subject: 'customer', area: 'customers' },
  { subject: 'wallet', area: 'customers' },
  { subject: 'membership', area: 'customers' },
  { subject: 'referral', area: 'customers' },
  { subject: 'voucher', area: 'vouchers' },
  { subject: 'voucher-campaign', area: 'vouchers' },
  // The points-for-voucher reward list the customer app offers.
  { subject: 'reward', area: 'vouchers' },
  { subject: 'outlet', area: 'outlets' },
  { subject: 'time-management', area: 'outlets' },
  { subject: 'list-product', area: 'products' },
  { subject: 'add-product', area: 'products' },
  { subject: 'category', area: 'products' },
  { subject: 'product category', area: 'products' },
  { subject: 'variant-addon', area: 'products' },
  { subject: 'banner', area: 'user-app' },
  { subject: 'enable-disable', area: 'user-app' },
  { subject: 'content-text', area: 'user-app' },
  { subject: 'payment-gateway', area: 'settings' },
  // The tenant's own business settings (tax, receipt, business day): its admin's, not the platform's.
  { subject: 'tenant-setting', area: 'settings' },
  { subject: 'user', area: 'access' },
  { subject: 'role-permission', area: 'access' },
  { subject: 'log', area: 'access' },
  // What the customer app can have (feature catalogue, default texts): the platform's, /ge/*.
  { subject: 'general-setting', area: 'platform', platform: true },
  { subject: 'permission', area: 'platform', platform: true },
  { subject: 'menu', area: 'platform', platform: true },
  { subject: 'tenant', area: 'platform', platform: true },
] as const satisfies readonly { subject: string; area: string; platform?: boolean }[];

/** Named actions beyond CRUD. */
export const extraPermissions = [
  { permission: 'approve-refund', area: 'orders' },
  { permission: 'transfer-refund', area: 'orders' },
  { permission: 'close-day-order', area: 'orders' },
  // A manager's close of a drawer beyond the variance tolerance, or of another cashier's shift.
  { permission: 'close-variance-shift', area: 'orders' },
  { permission: 'adjust-wallet', area: 'customers' },
  // The one-tap "sold out today" switch of a product at an outlet (cashiers hold it).
  { permission: 'toggle-sold-out', area: 'products' },
  // A manual discount at the POS (up to the tenant's maximum); selling alone does not allow one.
  { permission: 'discount-order', area: 'orders' },
  // Voiding (rejecting) an order that took money; others need the PIN of someone who holds it.
  { permission: 'void-order', area: 'orders' },
] as const;

export interface CatalogueEntry {
  permission: string;
  action: string;
  subject: string;
  area: string;
  platform: boolean;
}

export const permissionCatalogue: readonly CatalogueEntry[] = [
  ...permissionSubjects.flatMap((s) =>
    crudActions.map((action) => ({
      permission: permissionString(action, s.subject),
      action,
      subject: s.subject,
      area: s.area,
      platform: 'platform' in s && s.platform === true,
    })),
  ),
  ...extraPermissions.map((e) => {
    const ability = parsePermission(e.permission)!;
    return { permission: e.permission, ...ability, area: e.area, platform: false };
  }),
];

export const isKnownPermission = (permission: string) =>
  permissionCatalogue.some((e) => e.permission === permission.toLowerCase());

// ---- Human-readable catalogue ------------------------------------------------------------------

export type PermissionArea = (typeof permissionSubjects)[number]['area'];
type Text = { en: string; my: string };

/** Area headings of the role matrix, in the catalogue's order. */
export const permissionAreas: readonly { area: PermissionArea; label: Text }[] = [
  { area: 'dashboard', label: { en: 'Dashboard', my: 'Papan Pemuka' } },
  { area: 'report', label: { en: 'Reports', my: 'Laporan' } },
  { area: 'orders', label: { en: 'Orders and POS', my: 'Pesanan dan POS' } },
  { area: 'customers', label: { en: 'Customers', my: 'Pelanggan' } },
  { area: 'vouchers', label: { en: 'Vouchers', my: 'Baucar' } },
  { area: 'outlets', label: { en: 'Outlets', my: 'Cawangan' } },
  { area: 'products', label: { en: 'Products', my: 'Produk' } },
  { area: 'user-app', label: { en: 'Customer app', my: 'Aplikasi pelanggan' } },
  { area: 'settings', label: { en: 'General settings', my: 'Tetapan umum' } },
  { area: 'access', label: { en: 'Users, roles and logs', my: 'Pengguna, peranan dan log' } },
  { area: 'platform', label: { en: 'Platform', my: 'Platform' } },
];

/** What each subject covers, as the object of a sentence ("View <label>"). */
export const subjectLabels: Record<(typeof permissionSubjects)[number]['subject'], Text> = {
  dashboard: { en: 'the dashboard', my: 'papan pemuka' },
  acldemo: { en: 'the access-control demo page', my: 'halaman demo kawalan akses' },
  report: { en: 'sales reports', my: 'laporan jualan' },
  'status-order': { en: 'the order status board', my: 'papan status pesanan' },
  pos: { en: 'the point of sale', my: 'tempat jualan (POS)' },
  order: { en: 'orders and refunds', my: 'pesanan dan bayaran balik' },
  shift: { en: 'till shifts and the cash drawer', my: 'syif kaunter dan laci tunai' },
  customer: { en: 'customers', my: 'pelanggan' },
  wallet: { en: 'customer wallets', my: 'dompet pelanggan' },
  membership: { en: 'membership tiers and points', my: 'peringkat keahlian dan mata' },
  referral: { en: 'referrals', my: 'rujukan' },
  voucher: { en: 'vouchers', my: 'baucar' },
  'voucher-campaign': { en: 'voucher campaigns', my: 'kempen baucar' },
  reward: { en: 'rewards', my: 'ganjaran' },
  outlet: { en: 'outlets', my: 'cawangan' },
  'time-management': {
    en: 'outlet opening hours and closures',
    my: 'waktu operasi dan penutupan cawangan',
  },
  'list-product': { en: 'the product list', my: 'senarai produk' },
  'add-product': { en: 'product details', my: 'butiran produk' },
  category: { en: 'categories', my: 'kategori' },
  'product category': { en: 'product categories', my: 'kategori produk' },
  'variant-addon': { en: 'variants and add-ons', my: 'varian dan tambahan' },
  banner: { en: 'customer app banners', my: 'sepanduk aplikasi pelanggan' },
  'enable-disable': { en: 'customer app features', my: 'ciri aplikasi pelanggan' },
  'content-text': { en: 'customer app texts', my: 'teks aplikasi pelanggan' },
  'payment-gateway': { en: 'payment gateways', my: 'gerbang pembayaran' },
  'tenant-setting': {
    en: 'business settings (tax, receipt, business day)',
    my: 'tetapan perniagaan (cukai, resit, hari perniagaan)',
  },
  user: { en: 'staff users', my: 'pengguna kakitangan' },
  'role-permission': { en: 'roles and their permissions', my: 'peranan dan kebenarannya' },
  log: { en: 'the audit log', my: 'log audit' },
  'general-setting': {
    en: 'the customer app feature catalogue and default texts',
    my: 'katalog ciri dan teks lalai aplikasi pelanggan',
  },
  permission: { en: 'the permission catalogue', my: 'katalog kebenaran' },
  menu: { en: 'the navigation menu', my: 'menu navigasi' },
  tenant: { en: 'tenants (businesses)', my: 'penyewa (perniagaan)' },
};

export const actionLabels: Record<(typeof crudActions)[number], Text> = {
  read: { en: 'View', my: 'Lihat' },
  create: { en: 'Create', my: 'Cipta' },
  update: { en: 'Edit', my: 'Sunting' },
  delete: { en: 'Delete', my: 'Padam' },
};

const extraDescriptions: Record<(typeof extraPermissions)[number]['permission'], Text> = {
  'approve-refund': { en: 'Approve or reject refunds', my: 'Luluskan atau tolak bayaran balik' },
  'transfer-refund': {
    en: 'Record bank transfers of refunds',
    my: 'Rekodkan pindahan bank bayaran balik',
  },
  'close-day-order': {
    en: "Close an outlet's business day (Z-report)",
    my: 'Tutup hari perniagaan cawangan (laporan Z)',
  },
  'close-variance-shift': {
    en: "Close a shift beyond the variance tolerance, or another cashier's shift",
    my: 'Tutup syif melebihi had toleransi varians, atau syif juruwang lain',
  },
  'adjust-wallet': { en: 'Adjust customer wallet balances', my: 'Laraskan baki dompet pelanggan' },
  'toggle-sold-out': {
    en: 'Mark products sold out today at an outlet',
    my: 'Tandakan produk habis dijual hari ini di cawangan',
  },
  'discount-order': {
    en: 'Give manual discounts at the POS',
    my: 'Beri diskaun manual di POS',
  },
  'void-order': {
    en: 'Void (reject) orders that took money',
    my: 'Batalkan (tolak) pesanan yang telah dibayar',
  },
};

/** A sentence saying what a catalogue permission allows, or null for an unknown string. */
export function describePermission(permission: string): Text | null {
  const key = permission.toLowerCase();
  if (Object.hasOwn(extraDescriptions, key)) {
    return extraDescriptions[key as keyof typeof extraDescriptions];
  }
  const entry = permissionCatalogue.find((e) => e.permission === key);
  if (!entry) return null;
  const action = actionLabels[entry.action as keyof typeof actionLabels];
  const subject = subjectLabels[entry.subject as keyof typeof subjectLabels];
  return { en: `${action.en} ${subject.en}`, my: `${action.my} ${subject.my}` };
}

/** True for permissions only platform roles (the superadmin's) may hold. */
export const isPlatformPermission = (permission: string) =>
  permissionCatalogue.some((e) => e.permission === permission.toLowerCase() && e.platform);
