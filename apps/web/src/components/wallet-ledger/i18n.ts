import { walletEntryKindLabels } from '@kopi/contract';
import { defineFeatureStrings, type FeatureMessages } from '../../lib/i18n/feature-strings';

// Words of a wallet ledger: a customer's own (customer details) and every customer's
// (/customer/wallet) show the same entries. The kinds read as in the ledger's CSV.
const en = {
  kind: walletEntryKindLabels.en,
  actor: {
    customer: 'Customer (app)',
    system: 'System',
  },
  column: {
    when: 'Date',
    customer: 'Customer',
    kind: 'Kind',
    amount: 'Amount (RM)',
    balanceAfter: 'Balance after (RM)',
    order: 'Order no.',
    reason: 'Reason',
    by: 'By',
  },
  openCustomer: 'Open customer {{name}}',
  openOrder: 'Open order {{number}}',
};

const my: FeatureMessages<typeof en> = {
  kind: walletEntryKindLabels.my,
  actor: {
    customer: 'Pelanggan (aplikasi)',
    system: 'Sistem',
  },
  column: {
    when: 'Tarikh',
    customer: 'Pelanggan',
    kind: 'Jenis',
    amount: 'Jumlah (RM)',
    balanceAfter: 'Baki selepas (RM)',
    order: 'No. pesanan',
    reason: 'Sebab',
    by: 'Oleh',
  },
  openCustomer: 'Buka pelanggan {{name}}',
  openOrder: 'Buka pesanan {{number}}',
};

export const useWalletLedgerStrings = defineFeatureStrings('walletLedger', { en, my });
