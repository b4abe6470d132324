import { z } from 'zod';
import { localeSchema } from './locale';
import { businessDaySchema, checkDayRange } from './day-range';
import { REPORT_MAX_DAYS, reportExportFormats } from './reports';
import { text } from './validation';
import { voucherFiguresSchema } from './voucher-figures';

// Voucher usage (SPEC §2 /voucher-campaign, DESIGN §8 /api/voucher-campaigns/…/usage), read from
// voucher_rollups (decision 053). A day's figures: redemptions and the discount they gave on
// their order's business day; redemptions given back and their discount on the day of the
// give-back; the totals of the sales that carried a voucher on the order's day, and the refunds
// of those sales on the day they completed. So, like "net after refunds" in the sales report,
// a day's net figures can be negative. Money is integer sen.

const sen = z.number().int();
const count = z.number().int();

const checkRange = checkDayRange(REPORT_MAX_DAYS);

const dailyQueryBase = z.object({
  /** First business day (inclusive). */
  from: businessDaySchema,
  /** Last business day (inclusive); at most REPORT_MAX_DAYS after `from`. */
  to: businessDaySchema,
  /** One outlet; an outlet-bound user is always limited to theirs (another one is a 404). */
  outlet_id: z.uuid().optional(),
});

/** GET /api/voucher-campaigns/usage/daily (read-voucher-campaign). */
export const voucherUsageDailyQuerySchema = dailyQueryBase.superRefine(checkRange);
export type VoucherUsageDailyQuery = z.infer<typeof voucherUsageDailyQuerySchema>;

export const voucherUsageExportFormatSchema = z.object({
  format: z.enum(reportExportFormats).default('csv'),
  /** The language of the file's headers and names (the screen's); else the user's saved one. */
  lang: localeSchema.optional(),
});
/** GET /api/voucher-campaigns/usage/daily/export. */
export const voucherUsageDailyExportQuerySchema = dailyQueryBase
  .extend(voucherUsageExportFormatSchema.shape)
  .superRefine(checkRange);
export type VoucherUsageDailyExportQuery = z.infer<typeof voucherUsageDailyExportQuerySchema>;

export const voucherUsageDaySchema = voucherFiguresSchema.extend({ date: text() });
export type VoucherUsageDay = z.infer<typeof voucherUsageDaySchema>;

/** Every day of the range in order (days without figures are zeros), and their sums. */
export const voucherUsageDailySchema = z.object({
  from: text(),
  to: text(),
  outlet_id: text().nullable(),
  days: z.array(voucherUsageDaySchema),
  totals: voucherFiguresSchema,
});
export type VoucherUsageDaily = z.infer<typeof voucherUsageDailySchema>;

/** GET /api/voucher-campaigns/usage/latest (read-voucher-campaign). */
export const voucherUsageLatestQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  outlet_id: z.uuid().optional(),
});
export type VoucherUsageLatestQuery = z.infer<typeof voucherUsageLatestQuerySchema>;

const named = z.object({ id: text(), name_en: text(), name_my: text().nullable() });

/**
 * A redemption, newest first. `customer_name`: the customer's name in full for a caller who may
 * read customers (read-customer); otherwise only its initials (maskPersonName); null for an
 * order without a customer or a customer whose personal data was erased.
 */
export const voucherUsageRedemptionSchema = z.object({
  id: text(),
  order_id: text(),
  order_no: text(),
  /** The order's business date (YYYY-MM-DD): order numbers count from 1 each day at each outlet. */
  order_date: text(),
  customer_name: text().nullable(),
  customer_masked: z.boolean(),
  outlet: z.object({ id: text(), code: text(), name: text() }),
  voucher: named,
  code: text(),
  campaign: named.nullable(),
  source: z.enum(['pos', 'app']),
  discount: sen,
  status: z.enum(['redeemed', 'returned']),
  redeemed_at: text(),
  returned_at: text().nullable(),
});
export type VoucherUsageRedemption = z.infer<typeof voucherUsageRedemptionSchema>;

/** "Tan Mei Ling" → "T••• M••• L•••": who it was, to someone who may not read customers. */
export const maskPersonName = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]}•••`)
    .join(' ');

/**
 * A campaign running now (status scheduled or ongoing, starts_at ≤ now < ends_at) with its
 * figures since it began: `issued` codes issued, `redeemed` its codes' redemptions standing,
 * `redemption_rate_bp` redeemed / issued in basis points (null before any is issued),
 * `discount_given` and `sales` as discountGiven and voucherSales of its figures. `days_left`:
 * whole days from now to its end, rounded up (1 on its last day).
 */
export const voucherUsageOngoingSchema = named.extend({
  voucher: named,
  starts_at: text(),
  ends_at: text(),
  issued: count,
  redeemed: count,
  redemption_rate_bp: count.nullable(),
  discount_given: sen,
  sales: sen,
  days_left: count,
});
export type VoucherUsageOngoing = z.infer<typeof voucherUsageOngoingSchema>;

/** GET /api/voucher-campaigns/usage/ongoing/export. */
export const voucherUsageOngoingExportQuerySchema = voucherUsageExportFormatSchema;
export type VoucherUsageOngoingExportQuery = z.infer<typeof voucherUsageOngoingExportQuerySchema>;

/** GET /api/voucher-campaigns/{id}/usage: by default the campaign's days so far. */
export const campaignUsageQuerySchema = z
  .object({
    from: businessDaySchema.optional(),
    to: businessDaySchema.optional(),
    outlet_id: z.uuid().optional(),
  })
  .superRefine(checkRange);
export type CampaignUsageQuery = z.infer<typeof campaignUsageQuerySchema>;

export const campaignUsageSchema = voucherUsageDailySchema.extend({
  campaign: named.extend({ status: text(), starts_at: text(), ends_at: text(), issued: count }),
});
export type CampaignUsage = z.infer<typeof campaignUsageSchema>;

/** A rate in basis points, rounded half up; null when nothing was issued. */
export function redemptionRateBp(redeemed: number, issued: number): number | null {
  if (issued <= 0) return null;
  return Math.round((redeemed * 10_000) / issued);
}
