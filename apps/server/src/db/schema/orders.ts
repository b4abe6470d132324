import {
  type ManualDiscountRecord,
  openOrderStatuses,
  orderStatuses,
  paymentMethods,
} from '@kopi/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, idempotencyKeyUnique, parentColumn, updatedAt, ts } from './columns';
import { users } from './access';
import { products } from './catalogue';
import { shifts, tills } from './shifts';
import { statusHistoryTable } from './history';
import { outletColumn, outlets, tenantColumn } from './tenancy';

/**
 * Statuses as SQL literals, not parameters: the planner matches a query to a partial index (and
 * a check constraint reads) only with constants. The lists come from the contract.
 */
export const statusList = (statuses: readonly string[]): SQL =>
  sql.raw(statuses.map((s) => `'${s}'`).join(', '));

/**
 * What the order list's search (`q`) matches: number, customer name and phone in one text. One
 * expression for the trigram index and the query, so the query can use the index. A newline
 * between them, which a search box cannot hold, keeps a pattern from matching across two fields.
 */
export const orderSearchText = (t: {
  orderNo: AnyPgColumn;
  customerName: AnyPgColumn;
  customerPhone: AnyPgColumn;
}): SQL =>
  sql`(${t.orderNo} || E'\\n' || coalesce(${t.customerName}, '') || E'\\n' || coalesce(${t.customerPhone}, ''))`;

/**
 * An order with its money figures (integer sen, priced by the contract's priceOrder) and the
 * details the list shows denormalised on the row (payment methods), so the list reads one table.
 * Outlets and products are referenced without cascade: an outlet or product with orders cannot be
 * deleted (the catalogue answers outlet_in_use / product_has_sales).
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    tenantId: tenantColumn(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id),
    /** `KL01-0042`: the outlet code and the number of the order in its business day. */
    orderNo: text('order_no').notNull(),
    seq: integer('seq').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    servingMethod: text('serving_method').notNull(),
    tableNo: text('table_no'),
    deliveryAddress: text('delivery_address'),
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    notes: text('notes'),
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    // A snapshot: the receipt keeps the cashier's name even after the user is removed.
    staffName: text('staff_name'),
    status: text('status').notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull().default(0),
    serviceCharge: integer('service_charge').notNull().default(0),
    serviceTax: integer('service_tax').notNull().default(0),
    deliveryFee: integer('delivery_fee').notNull().default(0),
    rounding: integer('rounding').notNull().default(0),
    total: integer('total').notNull(),
    paid: integer('paid').notNull().default(0),
    changeDue: integer('change_due').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    /** Set when a paid order is rejected or paid too late: what is still owed back. */
    refundDue: integer('refund_due').notNull().default(0),
    paymentMethods: text('payment_methods')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A counter sale the cashier confirmed outside opening hours. */
    outsideHours: boolean('outside_hours').notNull().default(false),
    /** The manual discount given at the counter (its part of `discount`): how, why and by whom. */
    manualDiscount: jsonb('manual_discount').$type<ManualDiscountRecord>(),
    /** The till and shift a counter sale was rung up in (decision 035); none for app orders. */
    tillId: uuid('till_id').references(() => tills.id, { onDelete: 'set null' }),
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    /** The Idempotency-Key of the request that created it: the last line against double orders. */
    idempotencyKey: text('idempotency_key'),
    /**
     * When the customer got the order (pick-up called, table served, rider left): a moment inside
     * COMPLETED, not a status of its own (DESIGN §4). Set once; who did it, by name, as history does.
     */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    handedOverBy: uuid('handed_over_by').references(() => users.id, { onDelete: 'set null' }),
    handedOverByName: text('handed_over_by_name'),
    /** A ready order a manager cleared from the board as never collected, and why. */
    notCollectedAt: timestamp('not_collected_at', { withTimezone: true }),
    notCollectedBy: uuid('not_collected_by').references(() => users.id, { onDelete: 'set null' }),
    notCollectedByName: text('not_collected_by_name'),
    notCollectedReason: text('not_collected_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A shift's report and its close read the shift's sales.
    index('orders_shift_idx')
      .on(t.shiftId)
      .where(sql`${t.shiftId} is not null`),
    index('orders_tenant_business_date_idx').on(
      t.tenantId,
      t.businessDate.desc(),
      t.createdAt.desc(),
    ),
    // One outlet's orders by status and day (a bound user's list, the day close), with the payment
    // methods in the index: counting a month of its card sales reads a third of the entries that
    // the date-first index below does (17 ms → 6 ms at a million orders).
    index('orders_tenant_outlet_status_day_idx').on(
      t.tenantId,
      t.outletId,
      t.status,
      t.businessDate,
      t.paymentMethods,
    ),
    // The order list's default sort (newest first) and its deep pages at a million orders.
    index('orders_tenant_created_idx').on(
      t.tenantId,
      // NULLS FIRST is what a plain ORDER BY … DESC means: the index serves it (and its reverse).
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The list's filters within a date range, all in the index: counting a month of one outlet's
    // card sales at a million orders reads no table pages.
    index('orders_tenant_day_filters_idx').on(
      t.tenantId,
      t.businessDate,
      t.outletId,
      t.status,
      t.source,
      t.servingMethod,
      t.paymentMethods,
    ),
    // Orders not finished yet (the dashboard's open orders): a small index whatever the history.
    index('orders_open_idx')
      .on(t.tenantId, t.outletId, t.status)
      .where(sql`${t.status} in (${statusList(openOrderStatuses)})`),
    index('orders_tenant_order_no_idx').on(t.tenantId, t.orderNo),
    // The search by a whole order number or a full phone: a range of the exact column (the text
    // and what may follow it), byte-wise so a prefix is one range whatever the collation.
    index('orders_tenant_order_no_pattern_idx').on(t.tenantId, t.orderNo.op('text_pattern_ops')),
    index('orders_tenant_customer_phone_idx')
      .on(t.tenantId, t.customerPhone.op('text_pattern_ops'))
      .where(sql`${t.customerPhone} is not null`),
    // The list's search (`q`: number, customer name or phone, anywhere in them) as trigrams, so
    // it is an index lookup instead of reading every order (1.5 s at a million orders without it).
    index('orders_search_trgm_idx').using('gin', sql`${orderSearchText(t)} gin_trgm_ops`),
    unique('orders_outlet_day_seq_unique').on(t.outletId, t.businessDate, t.seq),
    idempotencyKeyUnique('orders', t),
    check('orders_source_check', sql`${t.source} in ('pos-apps', 'mobile-apps')`),
    check(
      'orders_serving_method_check',
      sql`${t.servingMethod} in ('dine_in', 'pick_up', 'delivery')`,
    ),
    check('orders_status_check', sql`${t.status} in (${statusList(orderStatuses)})`),
    check(
      'orders_money_check',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.discount} <= ${t.subtotal} and ${t.total} >= 0 and ${t.paid} >= 0 and ${t.refunded} >= 0 and ${t.refundDue} >= 0`,
    ),
  ],
);

/** An option as sold; `group_my`/`name_my` are absent on lines sold before Malay names. */
export interface OrderItemOptionSnapshot {
  id: string;
  group: string;
  name: string;
  price: number;
  group_my?: string | null;
  name_my?: string | null;
}
/** An add-on as sold; `name_my` is absent on lines sold before Malay names. */
export interface OrderItemAddonSnapshot {
  id: string;
  name: string;
  price: number;
  name_my?: string | null;
}

/** One line of an order: a snapshot of the product, its options and add-ons as sold. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    tenantId: tenantColumn(),
    orderId: parentColumn('order_id', () => orders.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    lineNo: integer('line_no').notNull(),
    name: text('name').notNull(),
    // The Malay names as sold (product here, options and add-ons in their JSON), so a receipt
    // reprinted in Malay reads the same after the product is renamed. Null: none was set.
    nameMy: text('name_my'),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    options: jsonb('options').$type<OrderItemOptionSnapshot[]>().notNull().default([]),
    addons: jsonb('addons').$type<OrderItemAddonSnapshot[]>().notNull().default([]),
    notes: text('notes'),
    lineTotal: integer('line_total').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.lineNo),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export const orderPayments = pgTable(
  'order_payments',
  {
    id: id(),
    tenantId: tenantColumn(),
    orderId: parentColumn('order_id', () => orders.id),
    lineNo: integer('line_no').notNull(),
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    tendered: integer('tendered'),
    changeGiven: integer('change_given').notNull().default(0),
    reference: text('reference'),
    status: text('status').notNull().default('paid'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId, t.lineNo),
    check('order_payments_method_check', sql`${t.method} in (${statusList(paymentMethods)})`),
    check('order_payments_status_check', sql`${t.status} in ('paid', 'refunded')`),
    check('order_payments_amount_check', sql`${t.amount} >= 0 and ${t.changeGiven} >= 0`),
  ],
);

/** Every status an order went through, with who moved it, when and why (DESIGN §4). */
export const orderStatusHistory = statusHistoryTable('order_status_history', {
  key: 'orderId',
  column: 'order_id',
  references: () => orders.id,
});

/**
 * The order number counter of an outlet's business day, incremented in the order's transaction
 * (INSERT … ON CONFLICT DO UPDATE … RETURNING), so numbers never repeat. `closed_at` is set by
 * the day close under the same row lock: a sale racing the close either lands before it or is
 * refused.
 */
export const orderCounters = pgTable(
  'order_counters',
  {
    tenantId: tenantColumn(),
    outletId: outletColumn(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    lastNo: integer('last_no').notNull().default(0),
    closedAt: ts('closed_at'),
  },
  (t) => [primaryKey({ columns: [t.outletId, t.businessDate] })],
);

/** The Z-report kept by the day close of an outlet's business day (one per outlet and date). */
export const zReports = pgTable(
  'z_reports',
  {
    id: id(),
    tenantId: tenantColumn(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedByName: text('closed_by_name'),
    orders: integer('orders').notNull(),
    rejected: integer('rejected').notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    serviceCharge: integer('service_charge').notNull(),
    serviceTax: integer('service_tax').notNull(),
    deliveryFees: integer('delivery_fees').notNull(),
    rounding: integer('rounding').notNull(),
    total: integer('total').notNull(),
    byPaymentMethod: jsonb('by_payment_method')
      .$type<{ method: string; count: number; amount: number }[]>()
      .notNull(),
    expectedCash: integer('expected_cash').notNull(),
    /** The day's completed refunds by the method the money went back by (`bank_transfer`). */
    refundsByMethod: jsonb('refunds_by_method')
      .$type<{ method: string; count: number; amount: number }[]>()
      .notNull()
      .default([]),
    refunds: integer('refunds').notNull().default(0),
    /** The drawer (decision 049): cash lines of the day's orders, voids included. */
    cashTaken: integer('cash_taken').notNull().default(0),
    /** Cash refunds booked on the day, of sales and of voids. */
    cashRefunds: integer('cash_refunds').notNull().default(0),
    /** Paid orders of the day rejected or cancelled, and what they were paid. */
    voided: integer('voided').notNull().default(0),
    voidedPaid: integer('voided_paid').notNull().default(0),
    /** Refunds of voided orders booked on the day (every method). */
    voidRefunds: integer('void_refunds').notNull().default(0),
  },
  (t) => [unique('z_reports_outlet_date_unique').on(t.outletId, t.businessDate)],
);
