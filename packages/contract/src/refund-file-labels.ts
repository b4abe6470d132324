import type { Locale } from './locale';
import { paymentMethodLabels } from './method-labels';
import type { PaymentMethod } from './pricing';
import { type RefundMethod, type RefundReason, refundReasonLabels } from './refunds';
import type { RefundStatus } from './status-machines';

// The words of the refund list's CSV (GET /api/refunds/export), in the requester's language.

export const refundFileColumns = [
  'refund_no',
  'created_at',
  'outlet',
  'order_no',
  'order_date',
  'status',
  'method',
  'payment_method',
  'amount',
  'reason',
  'requested_by',
  'approved_by',
  'business_date',
] as const;
export type RefundFileColumn = (typeof refundFileColumns)[number];

export interface RefundFileLabels {
  columns: Record<RefundFileColumn, string>;
  statuses: Record<RefundStatus, string>;
  methods: Record<RefundMethod, string>;
  paymentMethods: Record<PaymentMethod, string>;
  reasons: Record<RefundReason, string>;
}

const reasonsIn = (locale: 'en' | 'my') =>
  Object.fromEntries(Object.entries(refundReasonLabels).map(([k, v]) => [k, v[locale]])) as Record<
    RefundReason,
    string
  >;

export const refundFileLabels: Record<Locale, RefundFileLabels> = {
  en: {
    columns: {
      refund_no: 'Refund no.',
      created_at: 'Date / time',
      outlet: 'Outlet',
      order_no: 'Order no.',
      order_date: 'Order date',
      status: 'Status',
      method: 'Refund method',
      payment_method: 'Payment method',
      amount: 'Amount (RM)',
      reason: 'Reason',
      requested_by: 'Requested by',
      approved_by: 'Approved by',
      business_date: 'Business date',
    },
    statuses: {
      CREATED: 'Created',
      PENDING: 'Pending',
      APPROVED: 'Approved',
      'WAITING TRANSFER': 'Waiting transfer',
      TRANSFERED: 'Transferred',
      COMPLETED: 'Completed',
      REJECTED: 'Rejected',
      CLOSED: 'Closed',
    },
    methods: {
      original: 'Original payment',
      cash: 'Cash',
      bank_transfer: 'Bank transfer',
      wallet: 'Customer wallet',
    },
    paymentMethods: paymentMethodLabels.en,
    reasons: reasonsIn('en'),
  },
  my: {
    columns: {
      refund_no: 'No. bayaran balik',
      created_at: 'Tarikh / masa',
      outlet: 'Cawangan',
      order_no: 'No. pesanan',
      order_date: 'Tarikh pesanan',
      status: 'Status',
      method: 'Kaedah bayaran balik',
      payment_method: 'Kaedah pembayaran',
      amount: 'Jumlah (RM)',
      reason: 'Sebab',
      requested_by: 'Diminta oleh',
      approved_by: 'Diluluskan oleh',
      business_date: 'Tarikh perniagaan',
    },
    statuses: {
      CREATED: 'Dicipta',
      PENDING: 'Menunggu',
      APPROVED: 'Diluluskan',
      'WAITING TRANSFER': 'Menunggu pindahan',
      TRANSFERED: 'Dipindahkan',
      COMPLETED: 'Selesai',
      REJECTED: 'Ditolak',
      CLOSED: 'Ditutup',
    },
    methods: {
      original: 'Pembayaran asal',
      cash: 'Tunai',
      bank_transfer: 'Pindahan bank',
      wallet: 'Dompet pelanggan',
    },
    paymentMethods: paymentMethodLabels.my,
    reasons: reasonsIn('my'),
  },
};
