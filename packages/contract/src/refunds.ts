import { z } from 'zod';
import { listQuerySchema } from './common';
import { localeSchema } from './locale';
import { statusHistorySchema } from './orders';
import { paymentMethodSchema } from './pricing';
import { receiptBusinessSchema } from './receipt-business';
import { refundStatuses } from './status-machines';
import { messageKey, requiredWhen, senBetween, text } from './validation';

// Refunds (DESIGN §4 machine, §10 entity). Amounts in sen. Paths:
//   GET  /api/refunds                    read-order        list: q (refund or order number), status, method, outlet_id, order_id, from/to
//   GET  /api/refunds/status-counts      read-order        the list's tabs: how many per status under the same filters
//   GET  /api/refunds/export             read-order        the list's rows as CSV
//   GET  /api/refunds/{id}               read-order        details, history, the moves the caller may make
//   POST /api/refunds                    create-order      ask for a refund (Idempotency-Key required); lands PENDING
//   POST /api/refunds/{id}/status        approve-refund / transfer-refund (see refundMovePermission)
//   POST /api/refunds/{id}/proof         transfer-refund   the bank transfer's proof (multipart "file", image)
//   GET  /api/refunds/{id}/proof         transfer-refund   that proof (WebP; a private file, not under /uploads)
//   GET  /api/orders/{id}/refundable     read-order        what remains refundable, per item and per payment method

export const refundStatusSchema = z.enum(refundStatuses);

/**
 * `original`: back through the payment's provider or terminal; `cash` from the counter; `wallet`:
 * credited to the customer's wallet (an order with a customer only).
 */
export const refundMethods = ['original', 'cash', 'bank_transfer', 'wallet'] as const;
export const refundMethodSchema = z.enum(refundMethods);
export type RefundMethod = z.infer<typeof refundMethodSchema>;

/** What is refunded: chosen items and quantities, the whole order, or an amount. */
export const refundKinds = ['items', 'full', 'amount'] as const;
export const refundKindSchema = z.enum(refundKinds);
export type RefundKind = z.infer<typeof refundKindSchema>;

export const refundReasons = [
  'wrong_item',
  'quality_issue',
  'missing_item',
  'late_delivery',
  'duplicate_charge',
  'customer_changed_mind',
  'order_cancelled',
  'other',
] as const;
export const refundReasonSchema = z.enum(refundReasons);
export type RefundReason = z.infer<typeof refundReasonSchema>;

export const refundReasonLabels: Record<RefundReason, { en: string; my: string }> = {
  wrong_item: { en: 'Wrong item', my: 'Item salah' },
  quality_issue: { en: 'Quality issue', my: 'Masalah kualiti' },
  missing_item: { en: 'Missing item', my: 'Item tertinggal' },
  late_delivery: { en: 'Late delivery', my: 'Penghantaran lewat' },
  duplicate_charge: { en: 'Charged twice', my: 'Dicaj dua kali' },
  customer_changed_mind: { en: 'Customer changed their mind', my: 'Pelanggan berubah fikiran' },
  order_cancelled: { en: 'Order rejected or cancelled', my: 'Pesanan ditolak atau dibatalkan' },
  other: { en: 'Other', my: 'Lain-lain' },
};

/** Malaysian banks a transfer refund can go to (code → name). */
export const malaysianBanks = {
  MBB: 'Maybank',
  CIMB: 'CIMB Bank',
  PBB: 'Public Bank',
  RHB: 'RHB Bank',
  HLB: 'Hong Leong Bank',
  AMB: 'AmBank',
  BIMB: 'Bank Islam',
  BKRM: 'Bank Rakyat',
  BSN: 'Bank Simpanan Nasional',
  AFF: 'Affin Bank',
  ABMB: 'Alliance Bank',
  OCBC: 'OCBC Bank',
  HSBC: 'HSBC Bank',
  UOB: 'UOB Bank',
  SCB: 'Standard Chartered',
  AGRO: 'Agrobank',
  BMMB: 'Bank Muamalat',
  MBSB: 'MBSB Bank',
  KFH: 'Kuwait Finance House',
  ARB: 'Al Rajhi Bank',
} as const;
export type BankCode = keyof typeof malaysianBanks;
export const bankCodeSchema = z.enum(Object.keys(malaysianBanks) as [BankCode, ...BankCode[]]);

/** 6–20 digits; the spaces and dashes an account number is often written with are dropped. */
export const bankAccountNumberSchema = text()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(text().regex(/^\d{6,20}$/, { error: messageKey('account_number') }));

export const bankDetailsSchema = z.object({
  bank_code: bankCodeSchema,
  account_holder: text()
    .trim()
    .min(1, { error: messageKey('required') })
    .max(120),
  account_number: bankAccountNumberSchema,
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** POST /api/refunds. `items` for kind items, `amount` for kind amount; bank for bank_transfer. */
export const refundCreateSchema = z
  .object({
    order_id: z.uuid(),
    kind: refundKindSchema,
    items: z
      .array(z.object({ order_item_id: z.uuid(), quantity: z.number().int().min(1).max(999) }))
      .max(100)
      .optional(),
    amount: senBetween(1, 100_000_000).optional(),
    method: refundMethodSchema,
    reason: refundReasonSchema,
    reason_note: text().trim().max(500).optional(),
    bank: bankDetailsSchema.optional(),
  })
  .refine((r) => r.kind !== 'items' || (r.items?.length ?? 0) > 0, {
    path: ['items'],
    error: messageKey('required'),
  })
  .refine((r) => r.kind !== 'amount' || r.amount !== undefined, {
    path: ['amount'],
    error: messageKey('required'),
  })
  .refine((r) => r.method !== 'bank_transfer' || r.bank !== undefined, {
    path: ['bank'],
    error: messageKey('required'),
  })
  .check(requiredWhen('reason_note', (r) => r.reason === 'other'));
export type RefundCreate = z.infer<typeof refundCreateSchema>;

/** POST /api/refunds/{id}/status: a reject needs a reason; TRANSFERED needs the bank's reference. */
export const refundMoveSchema = z
  .object({
    status: refundStatusSchema,
    reason: text().trim().max(300).optional(),
    transfer_reference: text().trim().max(60).optional(),
  })
  .check(
    requiredWhen('reason', (m) => m.status === 'REJECTED'),
    requiredWhen('transfer_reference', (m) => m.status === 'TRANSFERED'),
  );
export type RefundMove = z.infer<typeof refundMoveSchema>;

/** The permission each move needs (the server adds separation of duties and the manager limit). */
export const refundMovePermission: Record<z.infer<typeof refundStatusSchema>, string> = {
  CREATED: 'create-order',
  PENDING: 'create-order',
  APPROVED: 'approve-refund',
  REJECTED: 'approve-refund',
  'WAITING TRANSFER': 'transfer-refund',
  TRANSFERED: 'transfer-refund',
  COMPLETED: 'approve-refund',
  CLOSED: 'approve-refund',
};

export const refundItemSchema = z.object({
  order_item_id: text(),
  name: text(),
  /** The line's Malay name as sold; null when none was set. */
  name_my: text().nullable(),
  quantity: z.number().int(),
  amount: z.number().int(),
});

/** A refund's moves read like an order's: from, to, when, by whom and why. */
export const refundHistorySchema = statusHistorySchema;

export const refundSummarySchema = z.object({
  id: text(),
  refund_no: text(),
  order_id: text(),
  order_no: text(),
  /** The order's business date (YYYY-MM-DD): order numbers count from 1 each day at each outlet. */
  order_date: text(),
  outlet_id: text(),
  outlet_name: text(),
  status: refundStatusSchema,
  kind: refundKindSchema,
  method: refundMethodSchema,
  /** The order's payment method the money goes back to (original/cash), null for a transfer. */
  payment_method: paymentMethodSchema.nullable(),
  amount: z.number().int(),
  reason: refundReasonSchema,
  requested_by: text().nullable(),
  created_at: text(),
  /** The business day it counts on: the day it completed, null until then. */
  business_date: text().nullable(),
});
export type RefundSummary = z.infer<typeof refundSummarySchema>;

/**
 * A refund paid back through the payment's online provider: `pending` from approval until the
 * provider's signed callback says how it ended (staff cannot complete it by hand meanwhile).
 */
export const refundPayoutStatuses = ['pending', 'succeeded', 'failed'] as const;
export const refundPayoutStatusSchema = z.enum(refundPayoutStatuses);
export type RefundPayoutStatus = z.infer<typeof refundPayoutStatusSchema>;

export const refundSchema = refundSummarySchema.extend({
  reason_note: text().nullable(),
  /** Null when the money goes back by hand (counter, terminal, transfer). */
  provider_payout: refundPayoutStatusSchema.nullable(),
  items: z.array(refundItemSchema),
  approved_by: text().nullable(),
  /** The account number in full only for holders of transfer-refund, else masked (••••1234). */
  bank: z
    .object({
      bank_code: bankCodeSchema,
      bank_name: text(),
      account_holder: text(),
      account_number: text(),
      masked: z.boolean(),
    })
    .nullable(),
  transfer_reference: text().nullable(),
  proof_url: text().nullable(),
  completed_at: text().nullable(),
  history: z.array(refundHistorySchema),
  /** Moves the status machine and the caller's permissions allow now. */
  allowed_statuses: z.array(refundStatusSchema),
  order: z.object({
    total: z.number().int(),
    paid: z.number().int(),
    refunded: z.number().int(),
    status: text(),
    business_date: text(),
  }),
  /** The slip's header: the business and the refund's outlet as they are now. */
  business: receiptBusinessSchema,
});
export type Refund = z.infer<typeof refundSchema>;

export const refundSortKeys = ['created', 'amount', 'refund_no'] as const;

export const refundListQuerySchema = listQuerySchema.extend({
  status: refundStatusSchema.optional(),
  /** One order's refunds (its details page). */
  order_id: z.uuid().optional(),
  method: refundMethodSchema.optional(),
  outlet_id: z.uuid().optional(),
  /** Bound the request date (inclusive, the tenant's business days). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type RefundListQuery = z.infer<typeof refundListQuerySchema>;

export const refundExportQuerySchema = refundListQuerySchema
  .omit({ page: true, page_size: true })
  .extend({ lang: localeSchema.optional() });

export const refundStatusCountsSchema = z.record(refundStatusSchema, z.number().int());

/** GET /api/orders/{id}/refundable: what a new refund may still take. */
export const refundableSchema = z.object({
  paid: z.number().int(),
  /** Completed and in-flight refunds together. */
  refunded: z.number().int(),
  remaining: z.number().int(),
  by_method: z.array(
    z.object({ method: paymentMethodSchema, paid: z.number().int(), remaining: z.number().int() }),
  ),
  items: z.array(
    z.object({
      order_item_id: text(),
      name: text(),
      name_my: text().nullable(),
      quantity: z.number().int(),
      refundable_quantity: z.number().int(),
      /** What one unit refunds: its share of the line total after discount, charges and tax. */
      unit_amount: z.number().int(),
    }),
  ),
});
export type Refundable = z.infer<typeof refundableSchema>;

/** "••••1234": what a role without transfer-refund sees of an account number. */
export const maskAccountNumber = (accountNumber: string) => `••••${accountNumber.slice(-4)}`;
