import { useMemo } from 'react';
import { defineFeatureStrings, type FeatureMessages } from './i18n/feature-strings';

// Readable names for the codes of the audit trail (action `user.update`, entity `menu_item`,
// snapshot field `id_outlet`), shared by the log (/settings/logs) and a user's activity. The
// server keeps writing codes (they are the stable filter values); only the display translates.
// A code without a label (a new action, an old entry) still reads as words, never as a blank.

const en = {
  action: {
    addon: { create: 'Add-on created', update: 'Add-on edited', delete: 'Add-on deleted' },
    category: {
      create: 'Category created',
      update: 'Category edited',
      delete: 'Category deleted',
      image: 'Category picture changed',
      reorder: 'Categories reordered',
    },
    customer: {
      sign_up: 'Customer signed up',
      sign_up_again: 'Customer signed up again',
      verify_phone: 'Customer verified their phone',
      resend_code: 'Verification code sent again',
      sign_in: 'Customer signed in',
      sign_out: 'Customer signed out',
      create: 'Customer added',
      update: 'Customer edited',
      block: 'Customer blocked',
      unblock: 'Customer unblocked',
      note: 'Note added',
      export: 'Personal data exported',
      anonymise: 'Customer anonymised',
      redeem_points: 'Points redeemed',
    },
    wallet: {
      adjust: 'Wallet adjusted',
      adjustment_request: 'Wallet adjustment requested',
      adjustment_approve: 'Wallet adjustment approved',
      adjustment_reject: 'Wallet adjustment rejected',
      topup: 'Wallet topped up',
    },
    membership_tier: { create: 'Tier created', update: 'Tier edited', delete: 'Tier deleted' },
    loyalty_settings: { update: 'Loyalty rules changed' },
    referral_settings: { update: 'Referral rules changed' },
    business_settings: { update: 'Business settings changed', logo: 'Receipt logo changed' },
    menu: {
      create: 'Menu item added',
      update: 'Menu item edited',
      delete: 'Menu item deleted',
      reorder: 'Menu reordered',
    },
    order: {
      create: 'Order created',
      status: 'Order status changed',
      close_day: 'Day closed',
      paid: 'Order paid',
      payment_after_close: 'Payment received after the day was closed',
    },
    outlet: {
      create: 'Outlet created',
      update: 'Outlet edited',
      delete: 'Outlet deleted',
      hours_update: 'Opening hours changed',
      closure_add: 'Closure added',
      closure_remove: 'Closure removed',
    },
    payment: { start: 'Payment started', failed: 'Payment failed' },
    product: {
      create: 'Product created',
      update: 'Product edited',
      delete: 'Product deleted',
      archive: 'Product archived',
      bulk_status: 'Product status changed in bulk',
      import: 'Products imported',
      image_add: 'Product picture added',
      image_remove: 'Product picture removed',
      image_main: 'Main product picture changed',
      outlet_update: 'Product changed at an outlet',
      sold_out: 'Marked sold out',
      back_in_stock: 'Marked back in stock',
    },
    role: { create: 'Role created', update: 'Role edited', delete: 'Role deleted' },
    session: {
      create: 'Signed in',
      refresh: 'Session refreshed',
      revoke: 'Session ended',
      revoke_all: 'All sessions ended',
      revoke_others: 'Other sessions ended',
      reuse_detected: 'Copied sign-in token detected; session ended',
    },
    tenant: {
      create: 'Tenant created',
      update: 'Tenant edited',
      suspend: 'Tenant suspended',
      activate: 'Tenant activated',
      enter: 'Entered a tenant',
      leave: 'Left a tenant',
    },
    user: {
      create: 'User created',
      update: 'User edited',
      update_profile: 'Profile edited',
      delete: 'User deleted',
      disable: 'User disabled',
      enable: 'User enabled',
      avatar_change: 'Profile picture changed',
      password_change: 'Password changed',
      password_reset: 'Password reset',
      password_reset_request: 'Password reset requested',
      password_reset_link: 'Password link e-mailed',
      password_temporary: 'Temporary password set',
      two_step_setup: 'Two-step sign-in set up',
      two_step_enable: 'Two-step sign-in turned on',
      two_step_disable: 'Two-step sign-in turned off',
    },
    variant_group: {
      create: 'Variant group created',
      update: 'Variant group edited',
      delete: 'Variant group deleted',
    },
  },
  entity: {
    addon: 'Add-on',
    category: 'Category',
    customer: 'Customer',
    loyalty_settings: 'Loyalty rules',
    membership_tier: 'Membership tier',
    menu_item: 'Menu item',
    order: 'Order',
    outlet: 'Outlet',
    payment: 'Payment',
    product: 'Product',
    role: 'Role',
    session: 'Session',
    tenant: 'Tenant',
    user: 'User',
    variant_group: 'Variant group',
    wallet_adjustment: 'Wallet adjustment',
    referral_settings: 'Referral rules',
    z_report: 'Z report',
  },
  field: {
    username: 'Username',
    fullname: 'Full name',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    role_id: 'Role',
    id_outlet: 'Outlet',
    outlet_id: 'Outlet',
    status: 'Status',
    language: 'Language',
    description: 'Description',
    permissions: 'Permissions',
    title: 'Title key',
    title_en: 'Title (English)',
    title_my: 'Title (Malay)',
    icon: 'Icon',
    path: 'Path',
    parent_id: 'Parent',
    sort_order: 'Position',
    hidden: 'Hidden',
    code: 'Code',
    price: 'Price',
    sku: 'SKU',
    address: 'Address',
    ip: 'IP address',
    user_agent: 'Browser',
    user_id: 'User',
    staff_id: 'Staff',
    reason: 'Reason',
    order_no: 'Order number',
    total: 'Total',
    serving_method: 'Serving method',
    table_no: 'Table',
    business_date: 'Business date',
    customer_name: 'Customer name',
    customer_phone: 'Customer phone',
  },
};

const my: FeatureMessages<typeof en> = {
  action: {
    addon: { create: 'Tambahan dicipta', update: 'Tambahan disunting', delete: 'Tambahan dipadam' },
    category: {
      create: 'Kategori dicipta',
      update: 'Kategori disunting',
      delete: 'Kategori dipadam',
      image: 'Gambar kategori ditukar',
      reorder: 'Susunan kategori diubah',
    },
    customer: {
      sign_up: 'Pelanggan mendaftar',
      sign_up_again: 'Pelanggan mendaftar semula',
      verify_phone: 'Pelanggan mengesahkan telefon',
      resend_code: 'Kod pengesahan dihantar semula',
      sign_in: 'Pelanggan log masuk',
      sign_out: 'Pelanggan log keluar',
      create: 'Pelanggan ditambah',
      update: 'Pelanggan disunting',
      block: 'Pelanggan disekat',
      unblock: 'Sekatan pelanggan ditarik balik',
      note: 'Catatan ditambah',
      export: 'Data peribadi dieksport',
      anonymise: 'Pelanggan dianonimkan',
      redeem_points: 'Mata ditebus',
    },
    wallet: {
      adjust: 'Dompet dilaraskan',
      adjustment_request: 'Pelarasan dompet diminta',
      adjustment_approve: 'Pelarasan dompet diluluskan',
      adjustment_reject: 'Pelarasan dompet ditolak',
      topup: 'Dompet ditambah nilai',
    },
    membership_tier: {
      create: 'Peringkat dicipta',
      update: 'Peringkat disunting',
      delete: 'Peringkat dipadam',
    },
    loyalty_settings: { update: 'Peraturan kesetiaan diubah' },
    referral_settings: { update: 'Peraturan rujukan diubah' },
    business_settings: {
      update: 'Tetapan perniagaan diubah',
      logo: 'Logo resit diubah',
    },
    menu: {
      create: 'Item menu ditambah',
      update: 'Item menu disunting',
      delete: 'Item menu dipadam',
      reorder: 'Susunan menu diubah',
    },
    order: {
      create: 'Pesanan dicipta',
      status: 'Status pesanan ditukar',
      close_day: 'Hari ditutup',
      paid: 'Pesanan dibayar',
      payment_after_close: 'Bayaran diterima selepas hari ditutup',
    },
    outlet: {
      create: 'Cawangan dicipta',
      update: 'Cawangan disunting',
      delete: 'Cawangan dipadam',
      hours_update: 'Waktu operasi ditukar',
      closure_add: 'Penutupan ditambah',
      closure_remove: 'Penutupan dibuang',
    },
    payment: { start: 'Bayaran dimulakan', failed: 'Bayaran gagal' },
    product: {
      create: 'Produk dicipta',
      update: 'Produk disunting',
      delete: 'Produk dipadam',
      archive: 'Produk diarkibkan',
      bulk_status: 'Status produk ditukar secara pukal',
      import: 'Produk diimport',
      image_add: 'Gambar produk ditambah',
      image_remove: 'Gambar produk dibuang',
      image_main: 'Gambar utama produk ditukar',
      outlet_update: 'Produk ditukar di cawangan',
      sold_out: 'Ditanda habis dijual',
      back_in_stock: 'Ditanda ada stok semula',
    },
    role: { create: 'Peranan dicipta', update: 'Peranan disunting', delete: 'Peranan dipadam' },
    session: {
      create: 'Log masuk',
      refresh: 'Sesi dimuat semula',
      revoke: 'Sesi ditamatkan',
      revoke_all: 'Semua sesi ditamatkan',
      revoke_others: 'Sesi lain ditamatkan',
      reuse_detected: 'Token log masuk salinan dikesan; sesi ditamatkan',
    },
    tenant: {
      create: 'Penyewa dicipta',
      update: 'Penyewa disunting',
      suspend: 'Penyewa digantung',
      activate: 'Penyewa diaktifkan',
      enter: 'Memasuki penyewa',
      leave: 'Meninggalkan penyewa',
    },
    user: {
      create: 'Pengguna dicipta',
      update: 'Pengguna disunting',
      update_profile: 'Profil disunting',
      delete: 'Pengguna dipadam',
      disable: 'Pengguna dinyahaktifkan',
      enable: 'Pengguna diaktifkan',
      avatar_change: 'Gambar profil ditukar',
      password_change: 'Kata laluan ditukar',
      password_reset: 'Kata laluan ditetapkan semula',
      password_reset_request: 'Tetapan semula kata laluan diminta',
      password_reset_link: 'Pautan kata laluan dihantar melalui e-mel',
      password_temporary: 'Kata laluan sementara ditetapkan',
      two_step_setup: 'Log masuk dua langkah disediakan',
      two_step_enable: 'Log masuk dua langkah dihidupkan',
      two_step_disable: 'Log masuk dua langkah dimatikan',
    },
    variant_group: {
      create: 'Kumpulan varian dicipta',
      update: 'Kumpulan varian disunting',
      delete: 'Kumpulan varian dipadam',
    },
  },
  entity: {
    addon: 'Tambahan',
    category: 'Kategori',
    customer: 'Pelanggan',
    loyalty_settings: 'Peraturan kesetiaan',
    membership_tier: 'Peringkat keahlian',
    menu_item: 'Item menu',
    order: 'Pesanan',
    outlet: 'Cawangan',
    payment: 'Bayaran',
    product: 'Produk',
    role: 'Peranan',
    session: 'Sesi',
    tenant: 'Penyewa',
    user: 'Pengguna',
    variant_group: 'Kumpulan varian',
    wallet_adjustment: 'Pelarasan dompet',
    referral_settings: 'Peraturan rujukan',
    z_report: 'Laporan Z',
  },
  field: {
    username: 'Nama pengguna',
    fullname: 'Nama penuh',
    name: 'Nama',
    email: 'E-mel',
    phone: 'Telefon',
    role_id: 'Peranan',
    id_outlet: 'Cawangan',
    outlet_id: 'Cawangan',
    status: 'Status',
    language: 'Bahasa',
    description: 'Keterangan',
    permissions: 'Kebenaran',
    title: 'Kunci tajuk',
    title_en: 'Tajuk (Inggeris)',
    title_my: 'Tajuk (Melayu)',
    icon: 'Ikon',
    path: 'Laluan',
    parent_id: 'Induk',
    sort_order: 'Kedudukan',
    hidden: 'Disembunyikan',
    code: 'Kod',
    price: 'Harga',
    sku: 'SKU',
    address: 'Alamat',
    ip: 'Alamat IP',
    user_agent: 'Pelayar',
    user_id: 'Pengguna',
    staff_id: 'Kakitangan',
    reason: 'Sebab',
    order_no: 'No. pesanan',
    total: 'Jumlah',
    serving_method: 'Kaedah hidangan',
    table_no: 'Meja',
    business_date: 'Tarikh perniagaan',
    customer_name: 'Nama pelanggan',
    customer_phone: 'Telefon pelanggan',
  },
};

const useAuditStrings = defineFeatureStrings('audit', { en, my });

/** `password_reset_link` → `Password reset link`: the fallback for a code without a label. */
export function humanizeCode(code: string): string {
  const words = code.replace(/[_.-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

/** Only plain codes are looked up: anything else could reach i18next's key syntax. */
const isCode = (code: string) => /^[a-z0-9_]+$/.test(code);

export interface AuditLabels {
  action: (action: string) => string;
  entity: (entity: string) => string;
  /** A snapshot path (`permissions[]`, `settings.theme`), segment by segment. */
  field: (path: string) => string;
}

export function useAuditLabels(): AuditLabels {
  const { t } = useAuditStrings();
  return useMemo(() => {
    // The keys are built from data, so the typed `t` cannot check them; unknown ones fall back.
    const lookup = t as unknown as (key: string, options: { defaultValue: string }) => string;
    const entity = (code: string) =>
      isCode(code) ? lookup(`entity.${code}`, { defaultValue: humanizeCode(code) }) : code;
    const segment = (code: string) =>
      isCode(code) ? lookup(`field.${code}`, { defaultValue: humanizeCode(code) }) : code;
    return {
      entity,
      action: (code) => {
        const [subject, verb, ...rest] = code.split('.');
        if (!subject || !verb || rest.length > 0 || !isCode(subject) || !isCode(verb)) {
          return humanizeCode(code);
        }
        return lookup(`action.${subject}.${verb}`, {
          defaultValue: `${entity(subject)}: ${humanizeCode(verb).toLowerCase()}`,
        });
      },
      field: (path) => path.replace(/\[\]$/, '').split('.').map(segment).join(' › '),
    };
  }, [t]);
}
