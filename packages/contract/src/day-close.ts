import { z } from 'zod';
import { paymentMethodSchema, paymentMethods } from './pricing';
import { text } from './validation';

// Closing an outlet's business day and the Z-report it keeps.

/** POST /api/orders/close-day */
export const closeDaySchema = z.object({ outlet_id: z.uuid(), business_date: z.iso.date() });

/** GET /api/orders/z-reports?outlet_id&business_date: the report a day close kept. */
export const zReportQuerySchema = closeDaySchema;

/**
 * What a completed refund went back by, in the figures: the payment method it returned to, or
 * `bank_transfer` for a refund by transfer.
 */
export const refundPaidByMethods = [...paymentMethods, 'bank_transfer'] as const;
export const refundPaidBySchema = z.enum(refundPaidByMethods);
export type RefundPaidBy = z.infer<typeof refundPaidBySchema>;

/** A day's shifts on the Z-report: who, which till, and how their drawers came out. */
export const zReportShiftSchema = z.object({
  id: text(),
  till_name: text(),
  cashier_name: text().nullable(),
  status: z.enum(['open', 'closed']),
  opened_at: text(),
  closed_at: text().nullable(),
  expected: z.number().int().nullable(),
  counted: z.number().int().nullable(),
  variance: z.number().int().nullable(),
});
export type ZReportShift = z.infer<typeof zReportShiftSchema>;

/** How many lines or refunds went by one method, and their sum in sen. */
export const methodSumSchema = <M extends z.ZodType>(method: M) =>
  z.object({ method, count: z.number().int(), amount: z.number().int() });

export const zReportSchema = z.object({
  id: text(),
  outlet_id: text(),
  outlet_name: text(),
  business_date: text(),
  closed_at: text(),
  closed_by: text().nullable(),
  orders: z.number().int(),
  rejected: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  service_charge: z.number().int(),
  service_tax: z.number().int(),
  delivery_fees: z.number().int(),
  rounding: z.number().int(),
  total: z.number().int(),
  by_payment_method: z.array(methodSumSchema(paymentMethodSchema)),
  /**
   * Refunds of sales booked on this business day (of this day's orders or earlier ones), by what
   * they went back by; a refund completing after the close counts on the next open day's report.
   */
  refunds_by_method: z.array(methodSumSchema(refundPaidBySchema)),
  /** Σ refunds_by_method amounts. */
  refunds: z.number().int(),
  /** Paid orders of the day rejected or cancelled (voids), and what they were paid. */
  voided: z.number().int(),
  voided_paid: z.number().int(),
  /** Refunds of voided orders booked on this day (drawer money, not refunds of sales). */
  void_refunds: z.number().int(),
  /** Cash lines of the day's orders, voids included (change given never entered the drawer). */
  cash_taken: z.number().int(),
  /** Cash refunds booked on this day, of sales and of voids. */
  cash_refunds: z.number().int(),
  /**
   * cash_taken − cash_refunds: what the day's trading left in the drawers; each till's float and
   * cash movements are in its shift (`shifts`).
   */
  expected_cash: z.number().int(),
  /** The outlet's shifts opened on this business day, with their drawers' variances. */
  shifts: z.array(zReportShiftSchema),
});
export type ZReport = z.infer<typeof zReportSchema>;
