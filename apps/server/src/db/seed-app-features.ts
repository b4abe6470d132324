import type { AppFeatureCode } from '@kopi/contract';

// The customer app's feature catalogue as the code knows it (decision 041). Migration 0027 wrote
// these rows first; at every start the seed adds a feature new to the code and keeps the columns
// the code owns (per_outlet, the order) in step, leaving what the superadmin edits (names,
// descriptions, default, lock) as it is.

export interface AppFeatureSeed {
  code: AppFeatureCode;
  nameEn: string;
  nameMy: string;
  descriptionEn: string;
  descriptionMy: string;
  defaultEnabled: boolean;
  /** Set per outlet where an outlet can differ: how customers are served there. */
  perOutlet: boolean;
}

export const appFeatureCatalogue: readonly AppFeatureSeed[] = [
  {
    code: 'delivery',
    nameEn: 'Delivery',
    nameMy: 'Penghantaran',
    descriptionEn:
      'Customers order for delivery to an address (the outlet must also offer delivery).',
    descriptionMy:
      'Pelanggan memesan untuk dihantar ke alamat (cawangan juga mesti menawarkan penghantaran).',
    defaultEnabled: false,
    perOutlet: true,
  },
  {
    code: 'pick_up',
    nameEn: 'Pick Up',
    nameMy: 'Ambil Sendiri',
    descriptionEn: 'Customers order ahead and collect at the outlet.',
    descriptionMy: 'Pelanggan memesan awal dan mengambil pesanan di cawangan.',
    defaultEnabled: true,
    perOutlet: true,
  },
  {
    code: 'dine_in',
    nameEn: 'Dine In',
    nameMy: 'Makan di Sini',
    descriptionEn: 'Customers order at their table by scanning its QR code.',
    descriptionMy: 'Pelanggan memesan di meja dengan mengimbas kod QR meja.',
    defaultEnabled: true,
    perOutlet: true,
  },
  {
    code: 'scheduled_orders',
    nameEn: 'Scheduled Orders',
    nameMy: 'Pesanan Berjadual',
    descriptionEn: 'Customers choose a later time for their order.',
    descriptionMy: 'Pelanggan memilih masa kemudian untuk pesanan mereka.',
    defaultEnabled: false,
    perOutlet: true,
  },
  {
    code: 'order_notes',
    nameEn: 'Order Notes',
    nameMy: 'Catatan Pesanan',
    descriptionEn: 'Customers add a note to the order or to an item (less sugar, no ice).',
    descriptionMy: 'Pelanggan menambah catatan pada pesanan atau item (kurang manis, tanpa ais).',
    defaultEnabled: true,
    perOutlet: true,
  },
  {
    code: 'wallet',
    nameEn: 'Wallet',
    nameMy: 'Dompet',
    descriptionEn:
      'Customers see their wallet, pay orders with it and show a payment code at the counter.',
    descriptionMy:
      'Pelanggan melihat dompet, membayar pesanan dengannya dan menunjukkan kod pembayaran di kaunter.',
    defaultEnabled: true,
    perOutlet: false,
  },
  {
    code: 'wallet_top_up',
    nameEn: 'Wallet Top-Up',
    nameMy: 'Tambah Nilai Dompet',
    descriptionEn: 'Customers top up their wallet in the app through the payment gateway.',
    descriptionMy: 'Pelanggan menambah nilai dompet dalam aplikasi melalui gerbang pembayaran.',
    defaultEnabled: true,
    perOutlet: false,
  },
  {
    code: 'vouchers',
    nameEn: 'Vouchers',
    nameMy: 'Baucar',
    descriptionEn: 'Customers see and use vouchers in the app.',
    descriptionMy: 'Pelanggan melihat dan menggunakan baucar dalam aplikasi.',
    defaultEnabled: true,
    perOutlet: false,
  },
  {
    code: 'membership',
    nameEn: 'Membership',
    nameMy: 'Keahlian',
    descriptionEn: 'Customers see their points and tier and redeem points for wallet credit.',
    descriptionMy:
      'Pelanggan melihat mata dan peringkat mereka serta menebus mata untuk kredit dompet.',
    defaultEnabled: true,
    perOutlet: false,
  },
  {
    code: 'referral',
    nameEn: 'Referral',
    nameMy: 'Rujukan',
    descriptionEn:
      'Customers invite friends with their referral code; a new customer may enter one at sign-up.',
    descriptionMy:
      'Pelanggan menjemput rakan dengan kod rujukan; pelanggan baharu boleh memasukkannya semasa mendaftar.',
    defaultEnabled: false,
    perOutlet: false,
  },
];

/**
 * The demo tenant's switches: delivery and referrals on for the whole business, scheduled
 * orders off; every outlet follows the tenant, so the demo stays orderable everywhere.
 */
export const demoAppFeatureSwitches: { code: AppFeatureCode; enabled: boolean }[] = [
  { code: 'delivery', enabled: true },
  { code: 'referral', enabled: true },
  { code: 'scheduled_orders', enabled: false },
];
