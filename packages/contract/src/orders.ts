import { z } from 'zod';
import { reasonFieldsShape } from './coded-reasons';
import { approvalSchema } from './approvals';
import { orderChargesShape } from './order-charges';
import { sen } from './catalogue';
import { listQuerySchema } from './common';
import { localeSchema } from './locale';
import { walletPaymentCodeSchema } from './loyalty';
import { manualDiscountInputSchema, manualDiscountRecordSchema } from './manual-discount';
import { counterPaymentMethodSchema, paymentMethodSchema, servingMethodSchema } from './pricing';
import { orderVoucherSchema } from './order-voucher';
import { receiptBusinessSchema } from './receipt-business';
import { orderStatuses } from './status-machines';
import { voucherCodeSchema } from './vouchers';
import { intBetween, messageKey, requiredWhen, text } from './validation';

// Orders and the POS. Money is integer sen; prices always come from the database.
export const orderSources = ['pos-apps', 'mobile-apps'] as const;
export const orderSourceSchema = z.enum(orderSources);
export type OrderSource = z.infer<typeof orderSourceSchema>;

/** SPEC §3: source pos-apps shows as POS, anything else as MOBILE. */
export const orderVia = (source: string): 'POS' | 'MOBILE' =>
  source === 'pos-apps' ? 'POS' : 'MOBILE';

export const orderStatusSchema = z.enum(orderStatuses);

export const orderItemInputSchema = z.object({
  product_id: z.uuid(),
  quantity: z
    .number()
    .int({ error: messageKey('integer') })
    .min(1, { error: messageKey('min_value', { min: 1 }) })
    .max(99, { error: messageKey('max_value', { max: 99 }) }),
  option_ids: z.array(z.uuid()).max(20).default([]),
  addon_ids: z.array(z.uuid()).max(20).default([]),
  notes: text().trim().max(200).optional(),
});
export type OrderItemInput = z.infer<typeof orderItemInputSchema>;

/**
 * The most cash one payment may hand over, in sen (RM 10,000): a few zeros too many at the till
 * is refused rather than recorded as change owed. A bigger bill is split into cash payments.
 */
export const MAX_CASH_TENDERED = 1_000_000;

/** Cash handed over for one payment, in sen; the POS form checks it with the same schema. */
export const cashTenderedSchema = intBetween(0, MAX_CASH_TENDERED, { max: 'RM 10,000.00' });

export const paymentInputSchema = z.object({
  method: counterPaymentMethodSchema,
  /** What this payment settles, in sen. */
  amount: sen,
  /** Cash handed over (cash only), in sen; change = tendered − amount. */
  tendered: cashTenderedSchema.optional(),
  /** Card slip, DuitNow or e-wallet reference. */
  reference: text().trim().max(80).optional(),
  /** The customer app's wallet payment code (method `wallet` only): the customer's consent. */
  payment_code: walletPaymentCodeSchema.optional(),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

/** POST /api/orders (Idempotency-Key required). */
export const orderCreateSchema = z
  .object({
    outlet_id: z.uuid(),
    serving_method: servingMethodSchema,
    table_no: text().trim().max(20).optional(),
    delivery_address: text().trim().max(300).optional(),
    customer_phone: text()
      .trim()
      .regex(/^\+?\d{8,15}$/, { error: messageKey('invalid') })
      .optional(),
    customer_name: text().trim().max(80).optional(),
    /** A customer the counter attached (found or added by phone): the sale earns their points. */
    customer_id: z.uuid().optional(),
    notes: text().trim().max(300).optional(),
    items: z
      .array(orderItemInputSchema)
      .min(1, { error: messageKey('min_items', { minCount: 1 }) }),
    /**
     * Never a discount of the client's own: above 0 is refused (400 `discount_not_allowed`); a
     * voucher's discount comes from `voucher_code`, priced by the server.
     */
    discount: sen.default(0),
    /** A voucher's code (shared or unique): its rules apply, 409 `voucher_<reason>` if not. */
    voucher_code: voucherCodeSchema.optional(),
    /**
     * A manual discount the cashier gives (permission `discount-order`, at most the tenant's
     * `manual_discount_max_bp` of the subtotal); the server prices it with priceOrder. Without
     * the permission, with a manager's PIN in `approval` (action manual_discount).
     */
    manual_discount: manualDiscountInputSchema.optional(),
    approval: approvalSchema.optional(),
    payments: z
      .array(paymentInputSchema)
      .min(1, { error: messageKey('min_items', { minCount: 1 }) }),
    /** A counter sale outside opening hours, when the cashier confirmed the warning. */
    allow_outside_hours: z.boolean().default(false),
    /** The till it is rung up on (its open shift takes the sale); else the outlet's first till. */
    till_id: z.uuid().optional(),
  })
  .check(
    requiredWhen('table_no', (o) => o.serving_method === 'dine_in'),
    requiredWhen('delivery_address', (o) => o.serving_method === 'delivery'),
  )
  .superRefine((o, ctx) => {
    o.payments.forEach((p, i) => {
      // Cash handed over covers what it settles; only cash has a tendered amount.
      if (p.tendered !== undefined && (p.method !== 'cash' || p.tendered < p.amount)) {
        ctx.addIssue({
          code: 'custom',
          path: ['payments', i, 'tendered'],
          message: messageKey('invalid'),
        });
      }
      // A card slip, DuitNow or e-wallet payment is traced by its reference (the Kopi wallet's
      // by its payment code and ledger entry).
      if (p.method !== 'cash' && p.method !== 'wallet' && !p.reference) {
        ctx.addIssue({
          code: 'custom',
          path: ['payments', i, 'reference'],
          message: messageKey('required'),
        });
      }
    });
  });
export type OrderCreate = z.infer<typeof orderCreateSchema>;

export const orderItemSchema = z.object({
  id: text(),
  product_id: text(),
  name: text(),
  /** The Malay names as sold; null when none was set (Malay screens then show the English). */
  name_my: text().nullable(),
  sku: text(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  options: z.array(
    z.object({
      group: text(),
      group_my: text().nullable(),
      name: text(),
      name_my: text().nullable(),
      price: z.number().int(),
    }),
  ),
  addons: z.array(z.object({ name: text(), name_my: text().nullable(), price: z.number().int() })),
  notes: text().nullable(),
  line_total: z.number().int(),
});

export const paymentSchema = z.object({
  id: text(),
  method: paymentMethodSchema,
  amount: z.number().int(),
  tendered: z.number().int().nullable(),
  change: z.number().int(),
  reference: text().nullable(),
  status: z.enum(['paid', 'refunded']),
});

/** A move: `reason_code` and `reason_params` when the system made it, `reason` as a person typed it. */
export const statusHistorySchema = z.object({
  from: text().nullable(),
  to: text(),
  at: text(),
  by: text().nullable(),
  ...reasonFieldsShape,
});

export const orderSummarySchema = z.object({
  id: text(),
  order_no: text(),
  outlet_id: text(),
  outlet_name: text(),
  source: text(),
  via: z.enum(['POS', 'MOBILE']),
  serving_method: servingMethodSchema,
  table_no: text().nullable(),
  customer_name: text().nullable(),
  customer_phone: text().nullable(),
  payment_methods: z.array(paymentMethodSchema),
  status: orderStatusSchema,
  business_date: text(),
  created_at: text(),
  total: z.number().int(),
  /** What was paid, in sen: with `refunded`, whether the order went back in full or in part. */
  paid: z.number().int(),
  /** The sum of the order's completed refunds, in sen. */
  refunded: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/**
 * An order's number with its business day, "KL01-0008 (2026/06/10)", where a list or a file mixes
 * days: numbers start again each day at each outlet, so the number alone names several orders.
 */
export const datedOrderNo = (orderNo: string, businessDate: string) =>
  `${orderNo} (${businessDate.replaceAll('-', '/')})`;

/**
 * The business's own receipt texts and logo (business settings), as they are now: the header
 * and footer in English and in Malay (receiptTextFor picks the one a receipt prints).
 */
export const receiptTextsShape = {
  header: text().nullable(),
  footer: text().nullable(),
  header_my: text().nullable(),
  footer_my: text().nullable(),
  logo_url: text().nullable(),
};

/** What a sale's receipt prints of its customer's loyalty: points earned and balances after. */
export const orderLoyaltySchema = z.object({
  points_earned: z.number().int(),
  points_balance: z.number().int(),
  wallet_balance: z.number().int(),
});
export type OrderLoyalty = z.infer<typeof orderLoyaltySchema>;

export const orderSchema = orderSummarySchema.extend({
  /** The customer the order belongs to (app orders, and counter sales with one attached). */
  customer_id: text().nullable(),
  /** The customer's points earned by it and balances after it (null without a customer). */
  loyalty: orderLoyaltySchema.nullable().optional(),
  delivery_address: text().nullable(),
  notes: text().nullable(),
  staff_name: text().nullable(),
  ...orderChargesShape,
  change: z.number().int(),
  /** What a rejected paid order still owes the customer until it is paid back. */
  refund_due: z.number().int(),
  /** A counter sale the cashier confirmed outside the outlet's opening hours. */
  outside_hours: z.boolean(),
  /** The manual discount given at the counter (its part of `discount`), or null. */
  manual_discount: manualDiscountRecordSchema.nullable(),
  /** The voucher redeemed on it (its part of `discount`), or null. */
  voucher: orderVoucherSchema.nullable(),
  /** The till and shift a counter sale was rung up in (none for app orders). */
  till_id: text().nullable().optional(),
  shift_id: text().nullable().optional(),
  items: z.array(orderItemSchema),
  payments: z.array(paymentSchema),
  history: z.array(statusHistorySchema),
  /** When it first became ready (entered COMPLETED), from its history; null before. */
  ready_at: text().nullable(),
  /** When the customer got it (POST /api/orders/{id}/handed-over) and who handed it over. */
  handed_over_at: text().nullable(),
  handed_over_by: text().nullable(),
  /** A ready order a manager cleared as never collected (POST …/not-collected): when, who, why. */
  not_collected_at: text().nullable().optional(),
  not_collected_by: text().nullable().optional(),
  not_collected_reason: text().nullable().optional(),
  /** Moves the status machine and the caller's permissions allow now. */
  allowed_statuses: z.array(orderStatusSchema),
  /** What an 80 mm receipt prints above and around the items (tenant and outlet as they are now). */
  receipt: receiptBusinessSchema.extend(receiptTextsShape),
});
export type Order = z.infer<typeof orderSchema>;

/** Sort keys of the order list; a leading `-` sorts descending. Default `-created`. */
export const orderSortKeys = ['created', 'business_date', 'order_no', 'total'] as const;

/**
 * GET /api/orders: `from`/`to` bound the business date (inclusive); `q` searches the order number
 * and the customer's name or phone. Staff bound to an outlet only ever see that outlet: naming
 * another one is a 404, as on every other order endpoint.
 */
export const orderListQuerySchema = listQuerySchema.extend({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  outlet: z.uuid().optional(),
  // The name the other order endpoints use; unknown keys are dropped, so without it a client
  // writing `outlet_id` would silently get every outlet's orders.
  outlet_id: z.uuid().optional(),
  status: orderStatusSchema.optional(),
  source: orderSourceSchema.optional(),
  serving_method: servingMethodSchema.optional(),
  payment_method: paymentMethodSchema.optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/**
 * GET /api/orders/export: the list's filters, every matching row, as CSV. `lang`: the language of
 * its headers and names (the screen's); without it, the user's saved language.
 */
export const orderExportQuerySchema = orderListQuerySchema
  .omit({ page: true, page_size: true })
  .extend({ lang: localeSchema.optional() });
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;

/**
 * POST /api/orders/{id}/status; a reject needs a reason, and a reject of a paid order `void-order`
 * or a manager's PIN in `approval` (action order_void).
 */
export const orderStatusMoveSchema = z
  .object({
    status: orderStatusSchema,
    reason: text().trim().max(300).optional(),
    approval: approvalSchema.optional(),
  })
  .check(requiredWhen('reason', (m) => m.status === 'REJECTED'));
export type OrderStatusMove = z.infer<typeof orderStatusMoveSchema>;

/** POST /api/orders/{id}/not-collected: why the ready order leaves the board uncollected. */
export const orderNotCollectedSchema = z.object({ reason: text().trim().min(1).max(300) });
export type OrderNotCollected = z.infer<typeof orderNotCollectedSchema>;

/**
 * GET /api/orders/board?outlet_id: the status board — PENDING and APPROVED orders, and the
 * COMPLETED ones still waiting (not handed over, not cleared as not collected, whatever their
 * age: the day close closes them), of the outlets the user may see (one outlet when given),
 * oldest first.
 */
export const boardQuerySchema = z.object({ outlet_id: z.uuid().optional() });

export const boardOrderSchema = orderSummarySchema.extend({
  items: z.array(
    orderItemSchema.pick({
      id: true,
      name: true,
      name_my: true,
      quantity: true,
      options: true,
      addons: true,
      notes: true,
    }),
  ),
  /** When the order entered its current status. */
  status_at: text(),
  allowed_statuses: z.array(orderStatusSchema),
});
export type BoardOrder = z.infer<typeof boardOrderSchema>;

/** The status board's columns, in order: new, preparing, ready. */
export const boardColumns = ['PENDING', 'APPROVED', 'COMPLETED'] as const;
export type BoardColumn = (typeof boardColumns)[number];

export const boardSchema = z.object({
  /** Per outlet: minutes after which a waiting card turns amber, then red. */
  thresholds: z.array(
    z.object({
      outlet_id: text(),
      amber_minutes: z.number().int(),
      red_minutes: z.number().int(),
      /**
       * The outlet's business date now: a card of an earlier day (left uncollected) shows its
       * date, so yesterday's KL01-0003 is not taken for today's.
       */
      business_date: text(),
    }),
  ),
  orders: z.array(boardOrderSchema),
  /**
   * Per column, the orders past the column's limit that were left out (new and preparing keep
   * their oldest, ready its latest), so a full column still says how many it holds.
   */
  not_shown: z.record(z.enum(boardColumns), z.number().int().nonnegative()),
});
export type Board = z.infer<typeof boardSchema>;
