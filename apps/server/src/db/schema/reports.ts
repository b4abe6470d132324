import { bigint, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { outlets, tenants } from './tenancy';

// Kept by statement triggers on orders, order_items and order_payments (migration 0007), in the
// writing transaction, so every writer keeps them right without code of its own. Sales are orders
// in PENDING, APPROVED, COMPLETED or CLOSED; REJECTED ones are counted apart. Money in sen.

/**
 * Sales per business day × outlet × source × serving method × payment method. The payment
 * method is the order's one method, `split` when it was paid with several, `none` when unpaid.
 */
export const salesRollups = pgTable(
  'sales_rollups',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    servingMethod: text('serving_method').notNull(),
    paymentMethod: text('payment_method').notNull(),
    orders: integer('orders').notNull().default(0),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    serviceCharge: bigint('service_charge', { mode: 'number' }).notNull().default(0),
    serviceTax: bigint('service_tax', { mode: 'number' }).notNull().default(0),
    deliveryFee: bigint('delivery_fee', { mode: 'number' }).notNull().default(0),
    rounding: bigint('rounding', { mode: 'number' }).notNull().default(0),
    net: bigint('net', { mode: 'number' }).notNull().default(0),
    refunds: bigint('refunds', { mode: 'number' }).notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    rejectedTotal: bigint('rejected_total', { mode: 'number' }).notNull().default(0),
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
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    servingMethod: text('serving_method').notNull(),
    method: text('method').notNull(),
    payments: integer('payments').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
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
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
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
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    servingMethod: text('serving_method').notNull(),
    orders: integer('orders').notNull().default(0),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    serviceCharge: bigint('service_charge', { mode: 'number' }).notNull().default(0),
    serviceTax: bigint('service_tax', { mode: 'number' }).notNull().default(0),
    deliveryFee: bigint('delivery_fee', { mode: 'number' }).notNull().default(0),
    rounding: bigint('rounding', { mode: 'number' }).notNull().default(0),
    net: bigint('net', { mode: 'number' }).notNull().default(0),
    refunds: bigint('refunds', { mode: 'number' }).notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    rejectedTotal: bigint('rejected_total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'sales_channel_rollups_pk',
      columns: [t.tenantId, t.businessDate, t.outletId, t.source, t.servingMethod],
    }),
  ],
);

/**
 * product_sales_rollups by calendar month (`month` is its first day): a year by product reads
 * twelve months instead of 365 days. Kept from product_sales_rollups by a row trigger (0010).
 */
export const productMonthRollups = pgTable(
  'product_month_rollups',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'product_month_rollups_pk',
      columns: [t.tenantId, t.month, t.outletId, t.productId],
    }),
  ],
);
