import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, ts } from './columns';
import { membershipTiers } from './membership-tiers';
import { orders } from './orders';
import { tenantColumn } from './tenancy';

/**
 * People who order from the chain's app (DESIGN §10). Not staff: they never sign in to the back
 * office. One account per phone number and tenant; the phone is E.164 (`+60123456789`).
 */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    tenantId: tenantColumn(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    birthday: date('birthday', { mode: 'string' }),
    status: text('status').notNull().default('active'),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by').references((): AnyPgColumn => customers.id, {
      onDelete: 'set null',
    }),
    /** The tier the points or spend of the last 12 months reach, recalculated as points change. */
    tierId: uuid('tier_id').references((): AnyPgColumn => membershipTiers.id, {
      onDelete: 'set null',
    }),
    /** The points ledger's last balance after, written under this row's lock. */
    points: integer('points').notNull().default(0),
    /** The wallet ledger's last balance after, in sen, written under this row's lock. */
    walletBalance: integer('wallet_balance').notNull().default(0),
    /** Null for a customer the counter added by phone who has not signed up in the app. */
    passwordHash: text('password_hash'),
    /** Set when the customer's personal data was erased on request (PDPA); the row stays. */
    anonymisedAt: ts('anonymised_at'),
    /** Null until the 6-digit code sent to the phone is entered: sign-in is refused until then. */
    phoneVerifiedAt: ts('phone_verified_at'),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('customers_tenant_phone_unique').on(t.tenantId, t.phone),
    unique('customers_tenant_referral_code_unique').on(t.tenantId, t.referralCode),
    check('customers_status_check', sql`${t.status} in ('active', 'disabled')`),
    check('customers_points_check', sql`${t.points} >= 0`),
    check('customers_wallet_balance_check', sql`${t.walletBalance} >= 0`),
    index('customers_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/** The customer a row belongs to; `cascade` where the row goes with the customer's account. */
export const customerColumn = (onDelete?: 'cascade') =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.id, onDelete ? { onDelete } : {});

/**
 * A customer's sign-in: an opaque bearer token (only its SHA-256 is kept) with an absolute expiry.
 * Separate from staff sessions, so neither kind of token opens the other's routes.
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: id(),
    tenantId: tenantColumn(),
    customerId: customerColumn('cascade'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_sessions_customer_idx').on(t.customerId)],
);

/** 6-digit phone verification codes: hashed, short-lived, a few attempts each. */
export const customerVerificationCodes = pgTable(
  'customer_verification_codes',
  {
    id: id(),
    tenantId: tenantColumn(),
    customerId: customerColumn('cascade'),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_verification_codes_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * Which customer placed an app order. A table of its own because orders has no
 * customer column; one row per mobile order, read by the customer's order list.
 */
export const customerOrders = pgTable(
  'customer_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tenantId: tenantColumn(),
    customerId: customerColumn('cascade'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_orders_customer_idx').on(t.tenantId, t.customerId, t.createdAt)],
);
