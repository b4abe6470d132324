import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, reasonParamsColumn, updatedAt, ts } from './columns';
import { customers } from './customers';
import { orders } from './orders';
import { outlets, tenantColumn } from './tenancy';

// Vouchers (DESIGN §10, decision 052): the voucher and its rules, the unique codes generated for
// it (each redeemed once), and the redemptions. A redemption is written in its order's
// transaction under the voucher row's lock, so limits hold however many tills race for them;
// a given-back redemption stays, marked returned, and stops counting.

export const vouchers = pgTable(
  'vouchers',
  {
    id: id(),
    tenantId: tenantColumn(),
    nameEn: text('name_en').notNull(),
    nameMy: text('name_my'),
    codeKind: text('code_kind').notNull(),
    /** The shared code, upper-case; null for a voucher of unique codes. */
    code: text('code'),
    type: text('type').notNull(),
    /** Basis points for percent, sen for fixed, 0 for a free item. */
    value: integer('value').notNull(),
    maxDiscount: integer('max_discount'),
    freeItemKind: text('free_item_kind'),
    freeItemId: uuid('free_item_id'),
    minSpend: integer('min_spend').notNull().default(0),
    validFrom: ts('valid_from').notNull(),
    validUntil: ts('valid_until'),
    daysOfWeek: smallint('days_of_week')
      .array()
      .notNull()
      .default(sql`'{}'`),
    hoursFrom: text('hours_from'),
    hoursUntil: text('hours_until'),
    totalLimit: integer('total_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    outletIds: uuid('outlet_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    sources: text('sources')
      .array()
      .notNull()
      .default(sql`'{}'`),
    servingMethods: text('serving_methods')
      .array()
      .notNull()
      .default(sql`'{}'`),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    requiresCustomer: boolean('requires_customer').notNull().default(false),
    status: text('status').notNull().default('active'),
    /** Redemptions standing: kept with each redemption and give-back under this row's lock. */
    redeemedCount: integer('redeemed_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vouchers_tenant_code_unique')
      .on(t.tenantId, t.code)
      .where(sql`${t.code} is not null`),
    index('vouchers_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    check('vouchers_type_check', sql`${t.type} in ('percent', 'fixed', 'free_item')`),
    check('vouchers_code_kind_check', sql`${t.codeKind} in ('shared', 'unique')`),
    check('vouchers_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('vouchers_code_check', sql`(${t.codeKind} = 'shared') = (${t.code} is not null)`),
    check('vouchers_value_check', sql`${t.value} >= 0 and ${t.minSpend} >= 0`),
    check(
      'vouchers_redeemed_check',
      sql`${t.redeemedCount} >= 0 and (${t.totalLimit} is null or ${t.redeemedCount} <= ${t.totalLimit})`,
    ),
  ],
);

/** A unique code of a voucher: redeemed once (a give-back makes it usable again). */
export const voucherCodes = pgTable(
  'voucher_codes',
  {
    id: id(),
    tenantId: tenantColumn(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The customer it was issued to (a campaign, a reward), or null for a printed code. */
    customerId: uuid('customer_id').references(() => customers.id),
    /** The campaign that issued it to its customer, if one did. */
    campaignId: uuid('campaign_id').references(() => voucherCampaigns.id),
    /** The reward its customer exchanged points for, if one did. */
    rewardId: uuid('reward_id').references(() => voucherRewards.id),
    redeemedAt: ts('redeemed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('voucher_codes_tenant_code_unique').on(t.tenantId, t.code),
    // A campaign issues one code per customer, so its issuing job is safe to run again.
    uniqueIndex('voucher_codes_campaign_customer_unique')
      .on(t.campaignId, t.customerId)
      .where(sql`${t.campaignId} is not null`),
    index('voucher_codes_reward_idx')
      .on(t.rewardId)
      .where(sql`${t.rewardId} is not null`),
    index('voucher_codes_voucher_idx').on(t.voucherId, t.createdAt, t.id),
    index('voucher_codes_customer_idx')
      .on(t.tenantId, t.customerId)
      .where(sql`${t.customerId} is not null`),
  ],
);

export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: id(),
    tenantId: tenantColumn(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    codeId: uuid('code_id').references(() => voucherCodes.id),
    /** The campaign whose issued code was redeemed, copied from the code when it is redeemed. */
    campaignId: uuid('campaign_id').references(() => voucherCampaigns.id),
    /** The code as typed, upper-case. */
    code: text('code').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id),
    customerId: uuid('customer_id').references(() => customers.id),
    source: text('source').notNull(),
    discount: integer('discount').notNull(),
    /** The order's business day: the day the discount counts on. */
    businessDate: text('business_date').notNull(),
    status: text('status').notNull().default('redeemed'),
    redeemedAt: ts('redeemed_at').notNull(),
    returnedAt: ts('returned_at'),
    /** Why it was given back: the order's move, as a coded reason (a legacy row: text). */
    returnReason: text('return_reason'),
    returnReasonCode: text('return_reason_code'),
    returnReasonParams: reasonParamsColumn('return_reason_params'),
  },
  (t) => [
    uniqueIndex('voucher_redemptions_order_unique').on(t.orderId),
    // One standing redemption per unique code: the last line against a code used twice.
    uniqueIndex('voucher_redemptions_code_unique')
      .on(t.codeId)
      .where(sql`${t.codeId} is not null and ${t.status} = 'redeemed'`),
    index('voucher_redemptions_voucher_idx').on(t.tenantId, t.voucherId, t.redeemedAt),
    index('voucher_redemptions_customer_idx')
      .on(t.tenantId, t.voucherId, t.customerId)
      .where(sql`${t.status} = 'redeemed'`),
    index('voucher_redemptions_tenant_redeemed_idx').on(t.tenantId, t.redeemedAt, t.id),
    index('voucher_redemptions_campaign_idx')
      .on(t.tenantId, t.campaignId, t.redeemedAt)
      .where(sql`${t.campaignId} is not null`),
    check('voucher_redemptions_status_check', sql`${t.status} in ('redeemed', 'returned')`),
    check('voucher_redemptions_source_check', sql`${t.source} in ('pos', 'app')`),
    check('voucher_redemptions_discount_check', sql`${t.discount} >= 0`),
  ],
);

/**
 * A campaign issues a voucher of unique codes to an audience over a period: one code per
 * customer (voucher_codes.campaign_id), by a background job. Status: draft, scheduled, ongoing,
 * paused, ended; time moves scheduled to ongoing at `starts_at` and anything live to ended at
 * `ends_at`, staff move the rest.
 */
export const voucherCampaigns = pgTable(
  'voucher_campaigns',
  {
    id: id(),
    tenantId: tenantColumn(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    nameEn: text('name_en').notNull(),
    nameMy: text('name_my'),
    /** all, tier, new_customers, birthday_month, inactive, phone_list. */
    audienceKind: text('audience_kind').notNull(),
    /** The membership tier, for audience `tier`. */
    audienceTierId: uuid('audience_tier_id'),
    /** N days: joined in the last N (new_customers), no order in the last N (inactive). */
    audienceDays: integer('audience_days'),
    /** The phone numbers (E.164) of audience `phone_list`. */
    audiencePhones: text('audience_phones')
      .array()
      .notNull()
      .default(sql`'{}'`),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    status: text('status').notNull().default('draft'),
    /** Customer vouchers issued so far (moves with each committed chunk of the issuing job). */
    issuedCount: integer('issued_count').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('voucher_campaigns_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('voucher_campaigns_tenant_status_idx').on(t.tenantId, t.status),
    check(
      'voucher_campaigns_status_check',
      sql`${t.status} in ('draft', 'scheduled', 'ongoing', 'paused', 'ended')`,
    ),
    check(
      'voucher_campaigns_audience_check',
      sql`${t.audienceKind} in ('all', 'tier', 'new_customers', 'birthday_month', 'inactive', 'phone_list')`,
    ),
    check('voucher_campaigns_period_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('voucher_campaigns_issued_check', sql`${t.issuedCount} >= 0`),
  ],
);

/**
 * A reward: customers exchange `points_price` points for a code of a voucher of unique codes,
 * while stock lasts and within its period. The points entry (kind `voucher`) and the customer's
 * code are written in one transaction under this row's lock.
 */
export const voucherRewards = pgTable(
  'voucher_rewards',
  {
    id: id(),
    tenantId: tenantColumn(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    nameEn: text('name_en').notNull(),
    nameMy: text('name_my'),
    pointsPrice: integer('points_price').notNull(),
    /** How many may be exchanged in all; null for no limit. */
    stock: integer('stock'),
    issuedCount: integer('issued_count').notNull().default(0),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at'),
    status: text('status').notNull().default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('voucher_rewards_tenant_order_idx').on(t.tenantId, t.sortOrder, t.createdAt),
    check('voucher_rewards_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('voucher_rewards_points_check', sql`${t.pointsPrice} > 0`),
    check(
      'voucher_rewards_stock_check',
      sql`${t.issuedCount} >= 0 and (${t.stock} is null or ${t.issuedCount} <= ${t.stock})`,
    ),
    check('voucher_rewards_period_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);
