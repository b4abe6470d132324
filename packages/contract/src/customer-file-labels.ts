import type { Locale } from './locale';

// The words of the customer list's CSV (GET /api/customers/export), in the requester's language.
// Money columns say "(RM)" because the file's amounts are ringgit with two decimals.

export const customerFileColumns = [
  'name',
  'phone',
  'email',
  'status',
  'tier',
  'points',
  'wallet_balance',
  'orders',
  'last_order_at',
  'app_account',
  'created_at',
] as const;
export type CustomerFileColumn = (typeof customerFileColumns)[number];

export interface CustomerFileLabels {
  columns: Record<CustomerFileColumn, string>;
  statuses: Record<'active' | 'disabled', string>;
  yes: string;
  no: string;
  /** The name shown for a customer whose personal data was erased. */
  anonymised: string;
}

export const customerFileLabels: Record<Locale, CustomerFileLabels> = {
  en: {
    columns: {
      name: 'Name',
      phone: 'Phone',
      email: 'E-mail',
      status: 'Status',
      tier: 'Tier',
      points: 'Points',
      wallet_balance: 'Wallet balance (RM)',
      orders: 'Orders',
      last_order_at: 'Last order',
      app_account: 'App account',
      created_at: 'Joined',
    },
    statuses: { active: 'Active', disabled: 'Blocked' },
    yes: 'Yes',
    no: 'No',
    anonymised: 'Anonymised customer',
  },
  my: {
    columns: {
      name: 'Nama',
      phone: 'Telefon',
      email: 'E-mel',
      status: 'Status',
      tier: 'Peringkat',
      points: 'Mata',
      wallet_balance: 'Baki dompet (RM)',
      orders: 'Pesanan',
      last_order_at: 'Pesanan terakhir',
      app_account: 'Akaun aplikasi',
      created_at: 'Tarikh sertai',
    },
    statuses: { active: 'Aktif', disabled: 'Disekat' },
    yes: 'Ya',
    no: 'Tidak',
    anonymised: 'Pelanggan tanpa nama',
  },
};
