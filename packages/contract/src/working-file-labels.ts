import type { RefundPaidBy } from './day-close';
import type { Locale } from './locale';
import { refundPaidByLabels } from './method-labels';
import { orderChargeColumnLabels, orderMoneyColumns } from './orders-file-labels';
import type { MoneyCountsAs } from './money-working';
import type { CashMovementKind, CashMovementReason } from './shifts';

// The words of a Z-report's or shift report's working as a CSV (…/working/export), in the
// requester's language, as the working dialog shows them. Money columns say "(RM)": the file's
// amounts are ringgit with two decimals.

export const workingFileColumns = [
  'record',
  'counts_as',
  'number',
  'order_no',
  'order_date',
  'counts_on',
  'method',
  'amount',
  ...orderMoneyColumns,
] as const;
export type WorkingFileColumn = (typeof workingFileColumns)[number];

export type WorkingRecord = 'order' | 'payment' | 'refund' | 'movement';

export interface WorkingFileLabels {
  columns: Record<WorkingFileColumn, string>;
  records: Record<WorkingRecord, string>;
  countsAs: Record<MoneyCountsAs, string>;
  methods: Record<RefundPaidBy, string>;
  movements: Record<CashMovementKind, string>;
  /** A movement's reason in words (the file never prints petty_cash / bank_drop codes). */
  movementReasons: Record<CashMovementReason, string>;
}

export const workingFileLabels: Record<Locale, WorkingFileLabels> = {
  en: {
    columns: {
      record: 'Record',
      counts_as: 'Counts as',
      number: 'Number',
      order_no: 'Order',
      order_date: 'Order date',
      counts_on: 'Counts on',
      method: 'Method',
      amount: 'Amount (RM)',
      subtotal: 'Subtotal (RM)',
      ...orderChargeColumnLabels.en,
    },
    records: { order: 'Order', payment: 'Payment', refund: 'Refund', movement: 'Cash movement' },
    countsAs: { sale: 'Sale', void: 'Void', rejected: 'Rejected unpaid' },
    methods: refundPaidByLabels.en,
    movements: { cash_in: 'Cash in', cash_out: 'Cash out' },
    movementReasons: { petty_cash: 'Petty cash', bank_drop: 'Bank drop', other: 'Other' },
  },
  my: {
    columns: {
      record: 'Rekod',
      counts_as: 'Dikira sebagai',
      number: 'Nombor',
      order_no: 'Pesanan',
      order_date: 'Tarikh pesanan',
      counts_on: 'Dikira pada',
      method: 'Kaedah',
      amount: 'Amaun (RM)',
      subtotal: 'Subjumlah (RM)',
      ...orderChargeColumnLabels.my,
    },
    records: {
      order: 'Pesanan',
      payment: 'Bayaran',
      refund: 'Bayaran balik',
      movement: 'Pergerakan tunai',
    },
    countsAs: { sale: 'Jualan', void: 'Batal', rejected: 'Ditolak belum dibayar' },
    methods: refundPaidByLabels.my,
    movements: { cash_in: 'Tunai masuk', cash_out: 'Tunai keluar' },
    movementReasons: { petty_cash: 'Tunai runcit', bank_drop: 'Simpanan bank', other: 'Lain-lain' },
  },
};
