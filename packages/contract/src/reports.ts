import { z } from 'zod';
import { readFreshnessSchema } from './common';
import { businessDaySchema, checkDayRange, daysBetween } from './day-range';
import { localeSchema } from './locale';
import { refundPaidBySchema } from './day-close';
import { orderOutletSchema } from './pos';
import { paymentMethodSchema } from './pricing';
import { addDays } from './time';
import { text } from './validation';
import { voucherFiguresSchema } from './voucher-figures';

// Sales reports and the dashboard (DESIGN §8 `/api/reports/sales`, `/api/dashboard`).
// Every figure is read from rollups kept in the order's own transaction (decision 021), grouped by
// business day (DESIGN §3: an outlet's cut-off hour, default 04:00). Money is integer sen.
//
// What counts as a sale: an order in PENDING, APPROVED, COMPLETED or CLOSED (paid). CREATED
// (an app order waiting for its payment) is not a sale yet; REJECTED leaves the sales figures and
// is counted in `rejected` / `rejected_total` instead.
//
// Refunds count on the business day they complete (its outlet's day at completion), never on
// their order's day: a refund of last week's sale is in today's figures, and a closed day stays
// as it was. "Net after refunds" is net − refunds, and a day's can be negative.

/** Statuses whose orders are sales. */
export const salesStatuses = ['PENDING', 'APPROVED', 'COMPLETED', 'CLOSED'] as const;

export const reportGroupBys = [
  'day',
  'outlet',
  'payment_method',
  'product',
  'serving_method',
  'source',
  'voucher',
] as const;
export const reportGroupBySchema = z.enum(reportGroupBys);
export type ReportGroupBy = z.infer<typeof reportGroupBySchema>;

/** The longest range one report covers (a leap year). */
export const REPORT_MAX_DAYS = 366;

export { daysBetween };

/** The period of the same length just before [from, to]: what a report compares with. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = daysBetween(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

const reportQueryBase = z.object({
  group_by: reportGroupBySchema.default('day'),
  /** First business day of the range (inclusive). */
  from: businessDaySchema,
  /** Last business day of the range (inclusive); at most REPORT_MAX_DAYS after `from`. */
  to: businessDaySchema,
  /** One outlet; an outlet-bound user is always limited to theirs (another one is a 404). */
  outlet_id: z.uuid().optional(),
  /** `previous`: also the figures of the period of the same length just before (default). */
  compare: z.enum(['previous', 'none']).default('previous'),
  /** group_by=product: the best sellers by gross first, at most this many rows. */
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

const checkRange = checkDayRange(REPORT_MAX_DAYS);

/** GET /api/reports/sales (read-report). */
export const salesReportQuerySchema = reportQueryBase.superRefine(checkRange);
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

export const reportExportFormats = ['csv', 'xlsx'] as const;
/**
 * GET /api/reports/sales/export (read-report): the same report as a CSV or XLSX file. `lang`: the
 * language of its headers and names (the screen's); without it, the user's saved language.
 */
export const salesReportExportQuerySchema = reportQueryBase
  .extend({ format: z.enum(reportExportFormats).default('csv'), lang: localeSchema.optional() })
  .superRefine(checkRange);
export type SalesReportExportQuery = z.infer<typeof salesReportExportQuerySchema>;

const sen = z.number().int();
const count = z.number().int();

/**
 * The sales figures of a set of orders. gross = Σ subtotals (lines before the discount);
 * net = gross − discount + service_charge + service_tax + delivery_fee + rounding, which is
 * Σ order totals. refunds = what completed refunds paid back on that business day (of orders of
 * any day), grouped by their order's outlet, source and serving method.
 */
export const salesFiguresSchema = z.object({
  orders: count,
  gross: sen,
  discount: sen,
  service_charge: sen,
  service_tax: sen,
  delivery_fee: sen,
  rounding: sen,
  net: sen,
  refunds: sen,
  /** Rejected (or cancelled) orders, not in the figures above, and what their totals were. */
  rejected: count,
  rejected_total: sen,
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;
/** The figures of a sale, in the order report files and checks list them. */
export const salesFigureKeys = salesFiguresSchema.keyof().options;

/** Net after refunds: what a period kept of its sales once its refunds went back (can be < 0). */
export const netAfterRefunds = (f: { net: number; refunds: number }): number => f.net - f.refunds;
/**
 * Net sales in DESIGN §3's order: gross less discounts, before the service charge and SST that
 * the sales total (`net` of the figures, Σ order totals) adds.
 */
export const netSales = (f: { gross: number; discount: number }): number => f.gross - f.discount;
/**
 * The service charge and SST of the figures together: what the sales total adds to net sales.
 * The service charge is the business's, not a tax, so the column reads "Tax and charges".
 */
export const taxTotal = (f: { service_charge: number; service_tax: number }): number =>
  f.service_charge + f.service_tax;

/**
 * By payment method: every payment line of a sale counts under its method, so a split bill
 * (cash + card) shows in both with each part's amount; Σ amount over methods = net.
 */
export const paymentFiguresSchema = z.object({ payments: count, amount: sen });
export type PaymentFigures = z.infer<typeof paymentFiguresSchema>;

/**
 * By product: quantities and line totals (before the order's discount) of sales, and the units
 * and amounts of item refunds that completed in the period. Optional only for readers older than
 * refunds: the server always sends them.
 */
export const productFiguresSchema = z.object({
  quantity: count,
  gross: sen,
  refunded_quantity: count.optional(),
  refunded: sen.optional(),
});
export type ProductFigures = z.infer<typeof productFiguresSchema>;

/** Figures of the period and of the compared one (null when compare=none). */
const periods = <F extends z.ZodType>(figures: F) => ({
  current: figures,
  previous: figures.nullable(),
});

const rowBase = z.object({
  /** day: the ISO date; outlet / product: the id; the others: the method or source code. */
  key: text(),
  /** The outlet's or product's name; null for codes the web translates (day, methods, source). */
  label: text().nullable(),
  /** day: the date of the previous period in the same position; else the same key. */
  previous_key: text().nullable(),
});

export const salesReportRowSchema = rowBase.extend(periods(salesFiguresSchema));
export const paymentReportRowSchema = rowBase.extend({
  key: paymentMethodSchema,
  ...periods(paymentFiguresSchema),
});
export const productReportRowSchema = rowBase.extend({
  /** The product's Malay name (its current one); null when none is set. */
  label_my: text().nullable(),
  /** The product's SKU (its current one). */
  sku: text().nullable(),
  ...periods(productFiguresSchema),
});
/**
 * By voucher (decision 053): each voucher used, given back or refunded in either period, with its
 * figures in the period and the same split by the campaign whose code was redeemed (key null:
 * codes no campaign issued), largest discount given first.
 */
export const voucherCampaignRowSchema = z.object({
  key: text().nullable(),
  label: text().nullable(),
  label_my: text().nullable(),
  ...periods(voucherFiguresSchema),
});
export const voucherReportRowSchema = rowBase.extend({
  /** The voucher's Malay name; null when none is set. */
  label_my: text().nullable(),
  ...periods(voucherFiguresSchema),
  campaigns: z.array(voucherCampaignRowSchema),
});
export type VoucherReportRow = z.infer<typeof voucherReportRowSchema>;

/** Completed refunds of a period under one method: how many, how much. */
export const refundFiguresSchema = z.object({ refunds: count, amount: sen });
export const refundMethodRowSchema = z.object({
  key: refundPaidBySchema,
  ...periods(refundFiguresSchema),
});
export type RefundMethodRow = z.infer<typeof refundMethodRowSchema>;
export type SalesReportRow = z.infer<typeof salesReportRowSchema>;
export type PaymentReportRow = z.infer<typeof paymentReportRowSchema>;
export type ProductReportRow = z.infer<typeof productReportRowSchema>;

/**
 * The customers' wallets over a period (stored value, not sales): a top-up is money owed back
 * as goods later, so it is reported here and never in the sales figures; paying with the wallet
 * is a sale under payment method `wallet`. opening + topups + other_credit − spend − other_debit
 * = outstanding. other_credit: refunds to the wallet, rewards and credit adjustments;
 * other_debit: debit adjustments and expiries.
 */
export const walletFiguresSchema = z.object({
  topups: count,
  topup_amount: sen,
  spends: count,
  spend: sen,
  other_credit: sen,
  other_debit: sen,
  /** What the wallets held when the period began and when it ended (the tenant's liability). */
  opening: sen,
  outstanding: sen,
});
export type WalletFigures = z.infer<typeof walletFiguresSchema>;

const reportBase = z.object({
  from: text(),
  to: text(),
  days: z.number().int(),
  outlet_id: text().nullable(),
  /** The compared period (same length, just before); null when compare=none. */
  previous: z.object({ from: text(), to: text() }).nullable(),
  /** Figures of the whole range (and of the previous period), whatever the grouping. */
  totals: z.object(periods(salesFiguresSchema)),
  /**
   * The wallets over the range (business days in the tenant's zone and cut-off) and the compared
   * period. Null with an outlet in view: a wallet belongs to the business, not to an outlet.
   * Always sent; optional for older readers.
   */
  wallet: z.object(periods(walletFiguresSchema)).nullable().optional(),
  freshness: readFreshnessSchema.optional(),
});

/**
 * The answer of GET /api/reports/sales. Rows by group_by:
 * - day: every day of the range in order (days without sales are zeros);
 * - outlet, serving_method, source: those with sales in either period, by net, largest first;
 * - payment_method: the methods used in either period, by amount, largest first;
 * - product: at most `limit` products, by gross, largest first;
 * - voucher: the vouchers with figures in either period, by discount given, largest first, each
 *   split by campaign; `totals` stay the sales figures of every order.
 */
export const salesReportSchema = z.discriminatedUnion('group_by', [
  reportBase.extend({
    group_by: z.enum(['day', 'outlet', 'serving_method', 'source']),
    rows: z.array(salesReportRowSchema),
  }),
  reportBase.extend({
    group_by: z.literal('payment_method'),
    rows: z.array(paymentReportRowSchema),
    /**
     * Refunds completed in the period by what they went back by (largest first): Σ amount
     * over rows − Σ amount here = totals' net − refunds. Always sent; optional for older readers.
     */
    refunds_by_method: z.array(refundMethodRowSchema).optional(),
  }),
  reportBase.extend({ group_by: z.literal('product'), rows: z.array(productReportRowSchema) }),
  reportBase.extend({ group_by: z.literal('voucher'), rows: z.array(voucherReportRowSchema) }),
]);
export type SalesReport = z.infer<typeof salesReportSchema>;

/**
 * GET /api/reports/outlets (read-report) and GET /api/dashboard/outlets (read-dashboard): the
 * outlets the caller's report and dashboard cover, for their outlet filter, so a role that reads
 * them without read-outlet (the demo's finance) can still choose one. An outlet-bound user gets
 * theirs; others every outlet, disabled ones included (their past sales stay readable). The same
 * shape as the order screens' list.
 */
export const reportOutletSchema = orderOutletSchema;
export type ReportOutlet = z.infer<typeof reportOutletSchema>;
