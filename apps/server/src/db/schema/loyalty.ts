import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { codedReasonColumns, id, createdAt, updatedAt, ts } from './columns';
import { customerColumn, customers } from './customers';
import { orders } from './orders';
import { shifts, tills } from './shifts';
import { outletColumn, tenantColumn, tenants } from './tenancy';

// The customer's money and money-like balances (DESIGN §10): the wallet and points are ledgers,
// appended to and never rewritten; the balance on the customer row is the last entry's balance
// after, kept in the same transaction under the customer row's lock.

/** Who wrote a ledger entry: a staff member, the customer in the app, or the system. */
const actorColumns = () => ({
  actorKind: text('actor_kind').notNull(),
  actorId: uuid('actor_id'),
  actorName: text('actor_name').notNull(),
});

/** Stored value in sen. `amount` is signed (a spend is negative); the balance never goes below 0. */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: id(),
    tenantId: tenantColumn(),
    customerId: customerColumn(),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** The same key again is the same entry: a retried top-up, spend or refund posts once. */
    idempotencyKey: text('idempotency_key').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    refundId: uuid('refund_id'),
    paymentId: uuid('payment_id'),
    /** What a staff member typed (an adjustment); the system's reasons are coded. */
    reason: text('reason'),
    ...codedReasonColumns(),
    ...actorColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('wallet_entries_tenant_key_unique').on(t.tenantId, t.idempotencyKey),
    // Each matches a listing's filter and its order (newest first, the id breaking ties), so a
    // page of the ledger reads its rows from the index instead of sorting every entry.
    index('wallet_entries_customer_idx').on(t.tenantId, t.customerId, t.createdAt, t.id),
    index('wallet_entries_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('wallet_entries_tenant_kind_idx').on(t.tenantId, t.kind, t.createdAt, t.id),
    index('wallet_entries_tenant_amount_idx').on(t.tenantId, t.amount, t.id),
    check(
      'wallet_entries_kind_check',
      sql`${t.kind} in ('topup', 'spend', 'refund', 'adjustment', 'reward', 'expiry')`,
    ),
    check('wallet_entries_balance_check', sql`${t.balanceAfter} >= 0`),
    check('wallet_entries_amount_check', sql`${t.amount} <> 0`),
    check('wallet_entries_actor_check', sql`${t.actorKind} in ('staff', 'customer', 'system')`),
  ],
);

/**
 * Points: earned on paid orders (with the order's spend, which tier thresholds by spend read),
 * reversed on refund, redeemed for wallet credit, expired, adjusted, rewarded.
 */
export const pointsEntries = pgTable(
  'points_entries',
  {
    id: id(),
    tenantId: tenantColumn(),
    customerId: customerColumn(),
    kind: text('kind').notNull(),
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** Sen the entry counts towards spend over 12 months: the order's on earn, minus on reverse. */
    spend: integer('spend').notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    refundId: uuid('refund_id'),
    /** What a staff member typed (an adjustment); the system's reasons are coded. */
    reason: text('reason'),
    ...codedReasonColumns(),
    ...actorColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('points_entries_tenant_key_unique').on(t.tenantId, t.idempotencyKey),
    index('points_entries_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    check(
      'points_entries_kind_check',
      sql`${t.kind} in ('earn', 'reverse', 'redeem', 'expiry', 'adjustment', 'reward', 'voucher')`,
    ),
    check('points_entries_balance_check', sql`${t.balanceAfter} >= 0`),
  ],
);

/**
 * A tenant's loyalty rules, one row per tenant (defaults until a staff member saves them): wallet
 * limits, points expiry and redemption, tier basis, referral rewards.
 */
export const loyaltySettings = pgTable(
  'loyalty_settings',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    walletMaxBalance: integer('wallet_max_balance').notNull().default(100000),
    topupPresets: integer('topup_presets')
      .array()
      .notNull()
      .default(sql`'{1000,2000,5000,10000}'`),
    adjustmentLimit: integer('adjustment_limit').notNull().default(5000),
    tierBasis: text('tier_basis').notNull().default('points'),
    pointsExpiryMonths: integer('points_expiry_months').notNull().default(12),
    redeemPoints: integer('redeem_points').notNull().default(100),
    redeemValue: integer('redeem_value').notNull().default(100),
    referralEnabled: boolean('referral_enabled').notNull().default(true),
    referrerRewardKind: text('referrer_reward_kind').notNull().default('wallet'),
    referrerRewardAmount: integer('referrer_reward_amount').notNull().default(500),
    refereeRewardKind: text('referee_reward_kind').notNull().default('points'),
    refereeRewardAmount: integer('referee_reward_amount').notNull().default(100),
    referralMinOrder: integer('referral_min_order').notNull().default(1000),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('loyalty_settings_tier_basis_check', sql`${t.tierBasis} in ('points', 'spend')`),
    check(
      'loyalty_settings_reward_kind_check',
      sql`${t.referrerRewardKind} in ('wallet', 'points') and ${t.refereeRewardKind} in ('wallet', 'points')`,
    ),
  ],
);

/** "Invite a friend": pending until the new customer's first paid order completes. */
export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    tenantId: tenantColumn(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => customers.id),
    refereeId: uuid('referee_id')
      .notNull()
      .references(() => customers.id),
    status: text('status').notNull().default('pending'),
    orderId: uuid('order_id').references(() => orders.id),
    rewardedAt: ts('rewarded_at'),
    reversedAt: ts('reversed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('referrals_tenant_referee_unique').on(t.tenantId, t.refereeId),
    index('referrals_referrer_idx').on(t.tenantId, t.referrerId),
    check('referrals_status_check', sql`${t.status} in ('pending', 'rewarded', 'reversed')`),
    check('referrals_self_check', sql`${t.referrerId} <> ${t.refereeId}`),
  ],
);

/**
 * A wallet payment code the app shows for the counter to charge: only its hash is kept; it is
 * valid 60 seconds and taken once (used_at set in the sale's transaction).
 */
export const walletPaymentCodes = pgTable(
  'wallet_payment_codes',
  {
    id: id(),
    tenantId: tenantColumn(),
    customerId: customerColumn(),
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    orderId: uuid('order_id').references(() => orders.id),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_payment_codes_customer_idx').on(t.tenantId, t.customerId)],
);

/**
 * A wallet adjustment over the tenant's limit waits for a second staff member with the wallet
 * permission (not the one who asked) to approve it; only then is the entry posted.
 */
export const walletAdjustments = pgTable(
  'wallet_adjustments',
  {
    id: id(),
    tenantId: tenantColumn(),
    customerId: customerColumn(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    requestedBy: uuid('requested_by').notNull(),
    requestedByName: text('requested_by_name').notNull(),
    decidedBy: uuid('decided_by'),
    decidedByName: text('decided_by_name'),
    decidedAt: ts('decided_at'),
    entryId: uuid('entry_id').references(() => walletEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_adjustments_tenant_idx').on(t.tenantId, t.status, t.createdAt),
    check(
      'wallet_adjustments_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected')`,
    ),
    check('wallet_adjustments_amount_check', sql`${t.amount} <> 0`),
  ],
);

/** Staff notes on a customer ("prefers oat milk", "complained 3 May"). */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: id(),
    tenantId: tenantColumn(),
    customerId: customerColumn(),
    body: text('body').notNull(),
    authorId: uuid('author_id'),
    authorName: text('author_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_notes_customer_idx').on(t.tenantId, t.customerId, t.createdAt)],
);

/**
 * A wallet top-up sold at the counter, by cash or card: stored value, not goods, so it stays out
 * of the sales figures (as an app top-up does) and its cash belongs to the till's open shift.
 */
export const counterTopups = pgTable(
  'counter_topups',
  {
    id: id(),
    tenantId: tenantColumn(),
    outletId: outletColumn(),
    tillId: uuid('till_id').references(() => tills.id, { onDelete: 'set null' }),
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    customerId: customerColumn(),
    /** `KL01-T0003`: the outlet code and the top-up's number in its business day. */
    receiptNo: text('receipt_no').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    /** Cash handed over (≥ amount) for a cash top-up; the change is tendered − amount. */
    tendered: integer('tendered'),
    reference: text('reference'),
    walletEntryId: uuid('wallet_entry_id')
      .notNull()
      .references(() => walletEntries.id),
    byUserId: uuid('by_user_id'),
    byName: text('by_name').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('counter_topups_tenant_key_unique').on(t.tenantId, t.idempotencyKey),
    unique('counter_topups_receipt_unique').on(t.tenantId, t.outletId, t.businessDate, t.receiptNo),
    index('counter_topups_shift_idx').on(t.shiftId, t.createdAt),
    index('counter_topups_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    check('counter_topups_method_check', sql`${t.method} in ('cash', 'card')`),
    check('counter_topups_amount_check', sql`${t.amount} > 0`),
    check(
      'counter_topups_tendered_check',
      sql`${t.tendered} is null or (${t.method} = 'cash' and ${t.tendered} >= ${t.amount})`,
    ),
  ],
);
