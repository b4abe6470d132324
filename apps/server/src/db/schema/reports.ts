import {
  bigint,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { customerColumn } from './customers';
import { vouchers } from './vouchers';
import { outletColumn, outlets, tenantColumn } from './tenancy';

// Kept by statement triggers on orders, order_items and order_payments (migration 0007), in the
// writing transaction, so every writer keeps them right without code of its own. Sales are orders
// in PENDING, APPROVED, COMPLETED or CLOSED; REJECTED ones are counted apart. Money in sen.
// Refunds count on the business day they complete (refunds.business_date), kept by triggers on
// refunds and refund_items (migration 0018): `refunds` of the sales rollups and the refund
// rollups below, never on the order's own day.

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const count = (name: string) => integer(name).notNull().default(0);
const businessDate = () => date('business_date', { mode: 'string' }).notNull();

/** An order's figures summed: counts, then money in sen. */
const saleFigures = () => ({
  orders: count('orders'),
  gross: money('gross'),
  discount: money('discount'),
  serviceCharge: money('service_charge'),
  serviceTax: money('service_tax'),
  deliveryFee: money('delivery_fee'),
  rounding: money('rounding'),
  net: money('net'),
  refunds: money('refunds'),
  rejected: count('rejected'),
  rejectedTotal: money('rejected_total'),
});

/** A product's lines summed. */
const productFigures = () => ({
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  quantity: count('quantity'),
  gross: money('gross'),
});

/**
 * Sales per business day × outlet × source × serving method × payment method. The payment
 * method is the order's one method, `split` when it was paid with several, `none` when unpaid.
 */
export const salesRollups = pgTable(
  'sales_rollups',
  {
    tenantId: tenantColumn(),
    businessDate: businessDate(),
    outletId: outletColumn(),
    source: text('source').notNull(),
    servingMethod: text('serving_method').notNull(),
    paymentMethod: text('payment_method').notNull(),
    ...saleFigures(),
  },
  (t) => [
    primaryKey({
      name: 'sales_rollups_pk',
      columns: [t.tenantId, t.businessDate, t.outletId, t.source, t.servingMethod, t.paymentMethod],
    }),
  ],
);

/** Payment lines of sales per business day × outlet × source × serving method × method. */
export const salesPaymentRollups = pgTable(
  'sales_payment_rollups',
  {
    tenantId: tenantColumn(),
    businessDate: businessDate(),
    outletId: outletColumn(),
    source: text('source').notNull(),
    servingMethod: text('serving_method').notNull(),
    method: text('method').notNull(),
    payments: count('payments'),
    amount: money('amount'),
  },
  (t) => [
    primaryKey({
      name: 'sales_payment_rollups_pk',
      columns: [t.tenantId, t.businessDate, t.outletId, t.source, t.servingMethod, t.method],
    }),
  ],
);

/** Lines of sales per business day × outlet × product: quantity and line totals. */
export const productSalesRollups = pgTable(
  'product_sales_rollups',
  {
    tenantId: tenantColumn(),
    businessDate: businessDate(),
    outletId: outletColumn(),
    ...productFigures(),
  },
  (t) => [
    primaryKey({
      name: 'product_sales_rollups_pk',
      columns: [t.tenantId, t.businessDate, t.outletId, t.productId],
    }),
  ],
);

/**
 * sales_rollups without the payment method: what reports by day, outlet, source and serving
 * method read (a sixth of the rows). Kept from sales_rollups by a row trigger (migration 0010).
 */
export const salesChannelRollups = pgTable(
  'sales_channel_rollups',
  {
    tenantId: tenantColumn(),
    businessDate: businessDate(),
    outletId: outletColumn(),
    source: text('source').notNull(),
    servingMethod: text('serving_method').notNull(),
    ...saleFigures(),
  },
  (t) => [
    primaryKey({
      name: 'sales_channel_rollups_pk',
      columns: [t.tenantId, t.businessDate, t.outletId, t.source, t.servingMethod],
    }),
  ],
);

/**
 * Sales per business day × outlet × local clock hour: `local_hour` is the order's creation time on
 * the outlet's clock (its own zone) truncated to the hour, so the dashboard's sales by hour read
 * ~24 rows a day per outlet instead of the day's orders. Orders and net, counted as
 * sales_rollups counts them; kept by statement triggers on orders (migration 0042).
 */
export const salesHourRollups = pgTable(
  'sales_hour_rollups',
  {
    tenantId: tenantColumn(),
    businessDate: businessDate(),
    outletId: outletColumn(),
    localHour: timestamp('local_hour', { withTimezone: false, mode: 'string' }).notNull(),
    orders: count('orders'),
    net: money('net'),
  },
  (t) => [
    primaryKey({
      name: 'sales_hour_rollups_pk',
      columns: [t.tenantId, t.businessDate, t.outletId, t.localHour],
    }),
  ],
);

/**
 * The dashboard's waiting times per business day × outlet, kept by statement triggers on
 * order_status_history and orders (migration 0044): orders that became ready (their first entry
 * into COMPLETED) and the microseconds from placed to ready summed; of those, the ones handed
 * over and the microseconds from ready to handed over. Averages are sum / count.
 */
export const waitingTimeRollups = pgTable(
  'waiting_time_rollups',
  {
    tenantId: tenantColumn(),
    businessDate: businessDate(),
    outletId: outletColumn(),
    readyOrders: count('ready_orders'),
    toReadyMicros: money('to_ready_micros'),
    handedOverOrders: count('handed_over_orders'),
    toHandedOverMicros: money('to_handed_over_micros'),
  },
  (t) => [
    primaryKey({
      name: 'waiting_time_rollups_pk',
      columns: [t.tenantId, t.businessDate, t.outletId],
    }),
  ],
);

/**
 * A customer's sales per business day × outlet × hour of the outlet's clock (`hour_start`, the
 * instant that hour began), as sales count them: where and from when a customer was in on a
 * day, and whether they were in on an earlier one. Kept by statement triggers on orders and
 * customer_orders (migration 0044); the source of returning_customer_hours.
 */
export const customerVisitHours = pgTable(
  'customer_visit_hours',
  {
    tenantId: tenantColumn(),
    businessDate: businessDate(),
    outletId: outletColumn(),
    customerId: customerColumn('cascade'),
    hourStart: timestamp('hour_start', { withTimezone: true, mode: 'string' }).notNull(),
    sales: count('sales'),
  },
  (t) => [
    primaryKey({
      name: 'customer_visit_hours_pk',
      columns: [t.tenantId, t.customerId, t.businessDate, t.outletId, t.hourStart],
    }),
  ],
);

/**
 * Returning customers per business day × outlet × the hour they first bought there that day
 * (`hour_start`, on the outlet's clock): customers with a sale that day and one on an earlier
 * day. `outlet_id` null counts each customer once across the outlets, at their first hour
 * anywhere. The dashboard's "returning by a time" sums the hours begun by then.
 */
export const returningCustomerHours = pgTable(
  'returning_customer_hours',
  {
    tenantId: tenantColumn(),
    businessDate: businessDate(),
    outletId: uuid('outlet_id').references(() => outlets.id, { onDelete: 'cascade' }),
    hourStart: timestamp('hour_start', { withTimezone: true, mode: 'string' }).notNull(),
    customers: count('customers'),
  },
  (t) => [
    unique('returning_customer_hours_key')
      .on(t.tenantId, t.businessDate, t.outletId, t.hourStart)
      .nullsNotDistinct(),
  ],
);

/**
 * product_sales_rollups by calendar month (`month` is its first day): a year by product reads
 * twelve months instead of 365 days. Kept from product_sales_rollups by a row trigger (0010).
 */
export const productMonthRollups = pgTable(
  'product_month_rollups',
  {
    tenantId: tenantColumn(),
    month: date('month', { mode: 'string' }).notNull(),
    outletId: outletColumn(),
    ...productFigures(),
  },
  (t) => [
    primaryKey({
      name: 'product_month_rollups_pk',
      columns: [t.tenantId, t.month, t.outletId, t.productId],
    }),
  ],
);

/**
 * Completed refunds per business day of completion × outlet × the method the money went back by
 * (the refund's payment method, `bank_transfer` for a transfer): how many and how much.
 */
export const refundRollups = pgTable(
  'refund_rollups',
  {
    tenantId: tenantColumn(),
    businessDate: businessDate(),
    outletId: outletColumn(),
    method: text('method').notNull(),
    /** Refunds of sales. */
    refunds: count('refunds'),
    amount: money('amount'),
    /** Refunds of voided orders (rejected or cancelled after payment): drawer money only. */
    voidRefunds: count('void_refunds'),
    voidAmount: money('void_amount'),
  },
  (t) => [
    primaryKey({
      name: 'refund_rollups_pk',
      columns: [t.tenantId, t.businessDate, t.outletId, t.method],
    }),
  ],
);

/** Items of completed refunds per business day of completion × outlet × product. */
export const productRefundRollups = pgTable(
  'product_refund_rollups',
  {
    tenantId: tenantColumn(),
    businessDate: businessDate(),
    outletId: outletColumn(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: count('quantity'),
    amount: money('amount'),
  },
  (t) => [
    primaryKey({
      name: 'product_refund_rollups_pk',
      columns: [t.tenantId, t.businessDate, t.outletId, t.productId],
    }),
  ],
);

/**
 * Voucher figures per business day × outlet × voucher × campaign (null: not a campaign's code),
 * kept in the writing transaction like the sales rollups: redemptions, the discount they gave
 * and the sales (order net) they came with on the order's business day; redemptions given back
 * and their discount, and the money refunded from orders with a voucher, on the business day the
 * give-back or refund happens.
 */
export const voucherRollups = pgTable(
  'voucher_rollups',
  {
    tenantId: tenantColumn(),
    businessDate: businessDate(),
    outletId: outletColumn(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id'),
    redemptions: count('redemptions'),
    discount: money('discount'),
    sales: money('sales'),
    returned: count('returned'),
    returnedDiscount: money('returned_discount'),
    refunds: money('refunds'),
  },
  (t) => [
    unique('voucher_rollups_key')
      .on(t.tenantId, t.businessDate, t.outletId, t.voucherId, t.campaignId)
      .nullsNotDistinct(),
  ],
);
