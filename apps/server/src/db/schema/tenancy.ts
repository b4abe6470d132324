import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns';

// Tenants (the chains) and their outlets with opening hours and closures.

export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    name: text('name').notNull(),
    legalName: text('legal_name'),
    slug: text('slug').notNull().unique(),
    plan: text('plan').notNull().default('basic'),
    status: text('status').notNull().default('active'),
    sstRegistrationNo: text('sst_registration_no'),
    tin: text('tin'),
    brn: text('brn'),
    serviceTaxRateBp: integer('service_tax_rate_bp').notNull().default(600),
    serviceTaxOnServiceCharge: boolean('service_tax_on_service_charge').notNull().default(true),
    serviceChargeRateBp: integer('service_charge_rate_bp').notNull().default(1000),
    serviceChargeMethods: jsonb('service_charge_methods')
      .$type<string[]>()
      .notNull()
      .default(['dine_in']),
    cashRounding: boolean('cash_rounding').notNull().default(true),
    timezone: text('timezone').notNull().default('Asia/Kuala_Lumpur'),
    businessDayCutoffHour: smallint('business_day_cutoff_hour').notNull().default(4),
    /** Sen up to which a manager may approve a refund at their own outlet (DESIGN §4). */
    refundManagerLimit: integer('refund_manager_limit').notNull().default(5000),
    /** The most a manual discount at the POS may take off a subtotal, in basis points (20%). */
    manualDiscountMaxBp: integer('manual_discount_max_bp').notNull().default(2000),
    /** A rejected or cancelled order, or a full refund, gives its voucher redemption back. */
    voucherGiveBack: boolean('voucher_give_back').notNull().default(true),
    // Printed above and below a receipt's items, and its logo (an uploaded WebP's URL).
    receiptHeader: text('receipt_header'),
    receiptFooter: text('receipt_footer'),
    /** The same in Malay: a receipt in Malay prints these (decision 069). */
    receiptHeaderMy: text('receipt_header_my'),
    receiptFooterMy: text('receipt_footer_my'),
    receiptLogoUrl: text('receipt_logo_url'),
    /** A counter sale needs an open shift on its till (decision 035). */
    shiftsRequired: boolean('shifts_required').notNull().default(true),
    /** Sen a closing drawer may be over or short without a manager's note. */
    shiftVarianceTolerance: integer('shift_variance_tolerance').notNull().default(500),
    /** The closing count hides the expected amount until the count is saved. */
    shiftBlindCount: boolean('shift_blind_count').notNull().default(false),
    /** A cash out above this many sen needs a manager's PIN (null: never). */
    cashOutApprovalOver: integer('cash_out_approval_over'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'tenants_status_check',
      sql`${t.status} in ('active', 'trial', 'suspended', 'pending_payment')`,
    ),
    check('tenants_cutoff_check', sql`${t.businessDayCutoffHour} between 0 and 23`),
  ],
);

/** The owning tenant: every tenant-owned row carries it (DESIGN §2) and goes with its tenant. */
export const tenantColumn = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const outlets = pgTable(
  'outlets',
  {
    id: id(),
    tenantId: tenantColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    status: text('status').notNull().default('active'),
    timezone: text('timezone').notNull().default('Asia/Kuala_Lumpur'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    servingMethods: jsonb('serving_methods')
      .$type<string[]>()
      .notNull()
      .default(['dine_in', 'pick_up']),
    deliveryFee: integer('delivery_fee').notNull().default(0),
    acceptingOrders: boolean('accepting_orders').notNull().default(true),
    // Weekly hours as the contract's weeklyHoursSchema (day 0 = Sunday, several ranges a day):
    // always read and written whole, and fed as is to outletOpenState.
    hours: jsonb('hours')
      .$type<{ day: number; ranges: { open: string; close: string }[] }[]>()
      .notNull()
      .default([]),
    lastOrderMinutes: integer('last_order_minutes').notNull().default(0),
    // The status board turns a card amber, then red, when an order waits this long (minutes).
    boardAmberMinutes: integer('board_amber_minutes').notNull().default(5),
    boardRedMinutes: integer('board_red_minutes').notNull().default(10),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('outlets_tenant_code_unique').on(t.tenantId, t.code),
    check('outlets_status_check', sql`${t.status} in ('active', 'disabled')`),
    check('outlets_delivery_fee_check', sql`${t.deliveryFee} >= 0`),
  ],
);

/** An outlet's row: goes with its outlet (settings, counters, rollups, closures). */
export const outletColumn = () =>
  uuid('outlet_id')
    .notNull()
    .references(() => outlets.id, { onDelete: 'cascade' });

/** Dates an outlet is closed (public holidays, renovation), inclusive, in the outlet's zone. */
export const outletClosures = pgTable(
  'outlet_closures',
  {
    id: id(),
    tenantId: tenantColumn(),
    outletId: outletColumn(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('outlet_closures_outlet_idx').on(t.outletId, t.fromDate),
    check('outlet_closures_range_check', sql`${t.fromDate} <= ${t.toDate}`),
  ],
);
