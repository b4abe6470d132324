import { z } from 'zod';
import { approvalSchema } from './approvals';
import { type RefundMethod, refundCreateSchema, refundMethods } from './refunds';
import { messageKey, text } from './validation';

// Refunds at the POS. Paths:
//   GET  /api/pos/receipts?outlet_id&q[&date]  create-pos  an outlet's orders by receipt number or
//                                                         scanned receipt code, newest day first
//   POST /api/pos/refunds                      create-pos  a refund at the counter, asked, approved
//                                                         (by a manager's PIN) and paid at once
// The refund rules (what may be refunded, the methods) are the refunds' own (refunds.ts).

/**
 * The refund methods an order's payments allow, the one rule the server checks and the screens
 * offer: `original` back to a non-cash payment (card, e-wallet, the customer's wallet…), `cash`
 * only for a cash payment, a bank transfer against the order's total, and `wallet` credit when
 * the order has a customer. At the counter a refund is paid at once, so no bank transfer there.
 */
export function refundMethodsFor(
  payments: readonly { method: string }[],
  o: { hasCustomer: boolean; atCounter?: boolean },
): RefundMethod[] {
  const allowed: Record<RefundMethod, boolean> = {
    original: payments.some((p) => p.method !== 'cash'),
    cash: payments.some((p) => p.method === 'cash'),
    bank_transfer: !o.atCounter,
    wallet: o.hasCustomer,
  };
  return refundMethods.filter((m) => allowed[m]);
}

/**
 * The code a receipt prints (and a scanner types): its business day and number,
 * `20261129-KL01-0012`. Numbers start again each day, so the day makes it one order of the outlet.
 */
export const receiptCode = (o: { order_no: string; business_date: string }) =>
  `${o.business_date.replaceAll('-', '')}-${o.order_no}`;

/** What a typed or scanned receipt names: its number of the day, the outlet code, the day. */
export interface ReceiptQuery {
  seq: number;
  outletCode: string | null;
  date: string | null;
}

/**
 * Reads "12", "0012", "KL01-0012" or a scanned "20261129-KL01-0012"; null when it names no
 * receipt number.
 */
export function parseReceiptQuery(input: string): ReceiptQuery | null {
  let rest = input.trim().toUpperCase();
  let date: string | null = null;
  const dated = /^(\d{4})(\d{2})(\d{2})-(.+)$/.exec(rest);
  if (dated) {
    date = `${dated[1]}-${dated[2]}-${dated[3]}`;
    if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return null;
    rest = dated[4]!;
  }
  const numbered = /^(?:([A-Z0-9]{1,20})-)?(\d{1,9})$/.exec(rest);
  if (!numbered) return null;
  const seq = Number(numbered[2]);
  if (seq < 1) return null;
  return { seq, outletCode: numbered[1] ?? null, date };
}

export const receiptLookupQuerySchema = z.object({
  outlet_id: z.uuid(),
  q: text()
    .trim()
    .min(1, { error: messageKey('required') })
    .max(40)
    .refine((v) => parseReceiptQuery(v) !== null, {
      error: messageKey('pattern', { pattern: '12, KL01-0012 or 20261129-KL01-0012' }),
    }),
  /** Only that business day; else the latest days with that number. */
  date: z.iso.date().optional(),
});
export type ReceiptLookupQuery = z.infer<typeof receiptLookupQuerySchema>;

/** The most matches a lookup lists (the newest days first). */
export const RECEIPT_LOOKUP_MAX = 20;

export const receiptMatchSchema = z.object({
  order_id: text(),
  order_no: text(),
  business_date: text(),
  created_at: text(),
  status: text(),
  total: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  customer_name: text().nullable(),
  /** The order has a customer whose wallet may take a refund. */
  has_customer: z.boolean(),
  /** The payment methods the order was paid by (refundMethodsFor takes them). */
  payment_methods: z.array(text()),
});
export type ReceiptMatch = z.infer<typeof receiptMatchSchema>;

/** POST /api/pos/refunds: a refund's request, with a manager's approval when the cashier needs one. */
export const counterRefundSchema = refundCreateSchema.safeExtend({
  approval: approvalSchema.optional(),
});
export type CounterRefund = z.infer<typeof counterRefundSchema>;
