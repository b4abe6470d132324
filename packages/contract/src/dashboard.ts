import { z } from 'zod';
import { readFreshnessSchema } from './common';
import { orderSourceSchema } from './orders';
import { servingMethodSchema } from './pricing';
import { salesFiguresSchema } from './reports';
import { text } from './validation';

// The dashboard (DESIGN §8 `/api/dashboard`), read from the same rollups as the sales reports.

const count = z.number().int();
const sen = z.number().int();

/** GET /api/dashboard (read-dashboard). An outlet-bound user always sees their outlet. */
export const dashboardQuerySchema = z.object({ outlet_id: z.uuid().optional() });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const orderAndNet = { orders: count, net: sen };

/**
 * The dashboard: today's business day against the same weekday last week. Open orders change
 * with every sale and move: the web refetches on the live websocket's `order.created` /
 * `order.status` events.
 */
export const dashboardSchema = z.object({
  outlet_id: text().nullable(),
  /** Today's business date (the outlet's zone, or the tenant's for all outlets) and its cut-off. */
  business_date: text(),
  compare_date: text(),
  timezone: text(),
  cutoff_hour: z.number().int(),
  generated_at: text(),
  today: salesFiguresSchema,
  /** The whole of the same weekday last week. */
  compare: salesFiguresSchema,
  /**
   * The same weekday last week up to the same time of day as now (a fair "so far"): its sales,
   * and the refunds that had completed on it by then.
   */
  compare_until_now: z.object({ ...orderAndNet, refunds: sen }),
  /**
   * Sales by local clock hour, 24 entries in business-day order (from the cut-off hour), today
   * and the compared day.
   */
  by_hour: z.array(
    z.object({
      hour: z.number().int().min(0).max(23),
      ...orderAndNet,
      compare_orders: count,
      compare_net: sen,
    }),
  ),
  /** Today's ten best sellers by quantity. */
  top_products: z.array(
    z.object({
      product_id: text(),
      name: text(),
      /** The product's Malay name; null when none is set. */
      name_my: text().nullable(),
      sku: text().nullable(),
      quantity: count,
      gross: sen,
    }),
  ),
  /** Every outlet in view by today's net, largest first (active ones even without sales). */
  outlets: z.array(
    z.object({
      outlet_id: text(),
      code: text(),
      name: text(),
      ...orderAndNet,
      compare_orders: count,
      compare_net: sen,
    }),
  ),
  /**
   * Customers of the business day: `new` joined today (signed up in the app or added at the
   * counter; the business's, whatever the outlet in view), `returning` had a paid order today
   * (at the outlet in view) and one on an earlier day. The compare_ figures are the same weekday
   * last week up to the same time of day. Always sent; optional for older readers.
   */
  customers: z
    .object({ new: count, returning: count, compare_new: count, compare_returning: count })
    .optional(),
  /**
   * Today's waiting times in whole seconds: placed → ready averaged over the orders that became
   * ready, ready → handed over over those handed over (null when none). Always sent; optional
   * for older readers.
   */
  waiting_times: z
    .object({
      ready_orders: count,
      avg_to_ready_seconds: z.number().int().nullable(),
      handed_over_orders: count,
      avg_to_handed_over_seconds: z.number().int().nullable(),
    })
    .optional(),
  by_source: z.array(z.object({ source: orderSourceSchema, ...orderAndNet })),
  by_serving_method: z.array(z.object({ serving_method: servingMethodSchema, ...orderAndNet })),
  /** Orders not finished right now, whatever their business day. */
  open_orders: z.object({
    total: count,
    /** App orders waiting for their payment. */
    created: count,
    /** Paid, waiting to be accepted. */
    pending: count,
    /** Being prepared. */
    approved: count,
    by_outlet: z.array(
      z.object({ outlet_id: text(), created: count, pending: count, approved: count }),
    ),
  }),
  /** Last week's figures come from the read replica when one is set: how far behind it was. */
  freshness: readFreshnessSchema.optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
