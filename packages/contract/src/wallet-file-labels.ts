import type { Locale } from './locale';
import type { WalletEntryKind } from './loyalty';

// The words of the wallet entries' CSV (GET /api/wallet-entries/export) in the requester's
// language; the kinds' names are the screens' too.

export const walletFileColumns = [
  'created_at',
  'customer',
  'phone',
  'kind',
  'amount',
  'balance_after',
  'order_no',
  'order_date',
  'reason',
  'actor',
] as const;
export type WalletFileColumn = (typeof walletFileColumns)[number];

export const walletEntryKindLabels: Record<Locale, Record<WalletEntryKind, string>> = {
  en: {
    topup: 'Top-up',
    spend: 'Spend',
    refund: 'Refund',
    adjustment: 'Adjustment',
    reward: 'Reward',
    expiry: 'Expiry',
  },
  my: {
    topup: 'Tambah nilai',
    spend: 'Perbelanjaan',
    refund: 'Bayaran balik',
    adjustment: 'Pelarasan',
    reward: 'Ganjaran',
    expiry: 'Luput',
  },
};

export interface WalletFileLabels {
  columns: Record<WalletFileColumn, string>;
  kinds: Record<WalletEntryKind, string>;
}

export const walletFileLabels: Record<Locale, WalletFileLabels> = {
  en: {
    columns: {
      created_at: 'Date / time',
      customer: 'Customer',
      phone: 'Phone',
      kind: 'Type',
      amount: 'Amount (RM)',
      balance_after: 'Balance after (RM)',
      order_no: 'Order no.',
      order_date: 'Order date',
      reason: 'Reason',
      actor: 'By',
    },
    kinds: walletEntryKindLabels.en,
  },
  my: {
    columns: {
      created_at: 'Tarikh / masa',
      customer: 'Pelanggan',
      phone: 'Telefon',
      kind: 'Jenis',
      amount: 'Jumlah (RM)',
      balance_after: 'Baki selepas (RM)',
      order_no: 'No. pesanan',
      order_date: 'Tarikh pesanan',
      reason: 'Sebab',
      actor: 'Oleh',
    },
    kinds: walletEntryKindLabels.my,
  },
};
