import { z } from 'zod';
import { refundPaidBySchema } from './day-close';
import { localeSchema } from './locale';
import { orderBreakdownShape } from './order-charges';
import { orderSourceSchema, orderStatusSchema } from './orders';
import { paymentMethodSchema, servingMethodSchema } from './pricing';
import { cashMovementSchema, drawerFigures, type DrawerFigures } from './shifts';
import { text } from './validation';

// The working behind a Z-report's or a shift report's figures (decision 049): the orders, payment
// lines, refunds and cash movements each figure is summed from, with what each counts as. The
// server classifies each row by the money rules; `workingFigures` sums them, so a screen that
// lists the rows shows sums that are the figures.
//   GET /api/orders/z-reports/working?outlet_id&business_date   (read-order)  a day of an outlet
//   GET /api/shifts/{id}/working                                (read-shift | own shift)

/**
 * What an order counts as: a `sale` (paid and not rejected), a `void` (paid, then rejected or
 * cancelled: its money came in and goes back, neither a sale nor a refund of a sale) or
 * `rejected` (rejected before any payment: no money moved).
 */
export const moneyCountsAs = ['sale', 'void', 'rejected'] as const;
export const moneyCountsAsSchema = z.enum(moneyCountsAs);
export type MoneyCountsAs = z.infer<typeof moneyCountsAsSchema>;

const sen = z.number().int();
const paidCountsAs = z.enum(['sale', 'void']);

export const workingOrderSchema = z.object({
  id: text(),
  order_no: text(),
  business_date: text(),
  status: orderStatusSchema,
  source: orderSourceSchema,
  serving_method: servingMethodSchema,
  created_at: text(),
  counts_as: moneyCountsAsSchema,
  ...orderBreakdownShape,
  total: sen,
  paid: sen,
});
export type WorkingOrder = z.infer<typeof workingOrderSchema>;

export const workingPaymentSchema = z.object({
  order_id: text(),
  order_no: text(),
  business_date: text(),
  counts_as: paidCountsAs,
  method: paymentMethodSchema,
  /** What was charged: change given never entered the drawer. */
  amount: sen,
  at: text(),
});
export type WorkingPayment = z.infer<typeof workingPaymentSchema>;

export const workingRefundSchema = z.object({
  id: text(),
  refund_no: text(),
  order_id: text(),
  order_no: text(),
  /** Its order's business day. */
  order_business_date: text(),
  counts_as: paidCountsAs,
  paid_by: refundPaidBySchema,
  amount: sen,
  completed_at: text(),
  /** The business day it counts on (its booking day). */
  business_date: text(),
});
export type WorkingRefund = z.infer<typeof workingRefundSchema>;

/** A wallet top-up sold at the counter: stored value, not a sale; its cash is in the drawer. */
export const workingTopupSchema = z.object({
  id: text(),
  receipt_no: text(),
  business_date: text(),
  method: z.enum(['cash', 'card']),
  amount: sen,
  at: text(),
});
export type WorkingTopup = z.infer<typeof workingTopupSchema>;

export const moneyWorkingSchema = z.object({
  orders: z.array(workingOrderSchema),
  payments: z.array(workingPaymentSchema),
  refunds: z.array(workingRefundSchema),
  movements: z.array(cashMovementSchema),
  /** A shift's counter top-ups (a day's working leaves them out). */
  topups: z.array(workingTopupSchema).optional(),
});
export type MoneyWorking = z.infer<typeof moneyWorkingSchema>;

/** GET /api/orders/z-reports/working: the rows behind an outlet's day. */
export const dayWorkingQuerySchema = z.object({
  outlet_id: z.uuid(),
  business_date: z.iso.date(),
});
/** …/working/export: the same rows as CSV in `lang` (else the user's saved language). */
export const dayWorkingExportQuerySchema = dayWorkingQuerySchema.extend({
  lang: localeSchema.optional(),
});
export const workingExportQuerySchema = z.object({ lang: localeSchema.optional() });

export interface MethodSum {
  method: string;
  count: number;
  amount: number;
}

/** The figures a set of working rows adds up to (each defined in decision 049). */
export interface WorkingFigures {
  orders: number;
  subtotal: number;
  discount: number;
  service_charge: number;
  service_tax: number;
  delivery_fees: number;
  rounding: number;
  total: number;
  /** Payment lines of the sales, per method: Σ amount = total. */
  by_payment_method: MethodSum[];
  /** Refunds of sales, per what they went back by. */
  refunds_by_method: MethodSum[];
  refunds: number;
  /** Voids: how many, what they were paid, and their refunds among the rows. */
  voided: number;
  voided_paid: number;
  void_refunds: number;
  drawer: DrawerFigures;
}

/** Count and amount of rows per method, in the order methods first appear. */
export function sumByMethod<T>(
  rows: readonly T[],
  method: (row: T) => string,
  amount: (row: T) => number,
): MethodSum[] {
  const sums = new Map<string, MethodSum>();
  for (const row of rows) {
    const key = method(row);
    const sum = sums.get(key) ?? { method: key, count: 0, amount: 0 };
    sum.count += 1;
    sum.amount += amount(row);
    sums.set(key, sum);
  }
  return [...sums.values()];
}

const total = <T>(rows: readonly T[], pick: (row: T) => number) =>
  rows.reduce((sum, row) => sum + pick(row), 0);

/**
 * Sums the working into its figures: the sales from the orders that are sales, the drawer from
 * every payment line and refund (voids' too: their money came in and goes out) and the movements.
 */
export function workingFigures(w: MoneyWorking, openingFloat = 0): WorkingFigures {
  const sales = w.orders.filter((o) => o.counts_as === 'sale');
  const voids = w.orders.filter((o) => o.counts_as === 'void');
  const saleRefunds = w.refunds.filter((r) => r.counts_as === 'sale');
  return {
    orders: sales.length,
    subtotal: total(sales, (o) => o.subtotal),
    discount: total(sales, (o) => o.discount),
    service_charge: total(sales, (o) => o.service_charge),
    service_tax: total(sales, (o) => o.service_tax),
    delivery_fees: total(sales, (o) => o.delivery_fee),
    rounding: total(sales, (o) => o.rounding),
    total: total(sales, (o) => o.total),
    by_payment_method: sumByMethod(
      w.payments.filter((p) => p.counts_as === 'sale'),
      (p) => p.method,
      (p) => p.amount,
    ),
    refunds_by_method: sumByMethod(
      saleRefunds,
      (r) => r.paid_by,
      (r) => r.amount,
    ),
    refunds: total(saleRefunds, (r) => r.amount),
    voided: voids.length,
    voided_paid: total(voids, (o) => o.paid),
    void_refunds: total(
      w.refunds.filter((r) => r.counts_as === 'void'),
      (r) => r.amount,
    ),
    drawer: drawerFigures({
      opening_float: openingFloat,
      payments: w.payments.map((p) => ({ method: p.method, amount: p.amount })),
      refunds: w.refunds.map((r) => ({ paid_by: r.paid_by, amount: r.amount })),
      movements: w.movements,
      topups: w.topups ?? [],
    }),
  };
}
