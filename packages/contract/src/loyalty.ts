import { z } from 'zod';
import { reasonFieldsShape } from './coded-reasons';
import { linkedOrderShape, listQuerySchema } from './common';
import { checkDayRange } from './day-range';
import { localeSchema } from './locale';
import { formatRinggit } from './money';
import {
  intBetween,
  messageKey,
  requiredString,
  senBetween,
  text,
  wholeNumber,
} from './validation';

// The wallet, points, membership tiers and referrals (DESIGN §8, §10). Amounts in sen, points as
// whole points. Staff paths (subject in brackets):
//   GET  /api/customers/{id}/wallet           read-wallet      the customer's wallet ledger (list)
//   POST /api/customers/{id}/wallet/adjust    adjust-wallet    credit or debit with a reason (Idempotency-Key)
//   GET  /api/wallet-entries                  read-wallet      every entry across customers (list + filters)
//   GET  /api/wallet-entries/export           read-wallet      those entries as CSV
//   GET  /api/wallet-liability                read-wallet      outstanding balance by day (from, to)
//   GET  /api/wallet-adjustments              read-wallet      adjustments over the limit waiting for approval
//   POST /api/wallet-adjustments/{id}/approve adjust-wallet    a second staff member approves (not the requester)
//   POST /api/wallet-adjustments/{id}/reject  adjust-wallet
//   GET  /api/customers/{id}/points           read-membership  the customer's points ledger (list)
//   GET|POST /api/membership-tiers, PUT|DELETE /api/membership-tiers/{id}   read/create/update-membership
//   GET|PUT /api/loyalty-settings             read/update-membership  wallet, points and tier rules
//   GET /api/referrals                        read-referral    list: q, status
//   GET|PUT /api/referral-settings            read/update-referral
//   POST /api/wallet-payment-codes/check      create-pos       the POS reads a code before charging it
// Customer app (customer session): GET /api/mobile/wallet, GET /api/mobile/wallet/entries,
//   POST /api/mobile/wallet/topups, POST /api/mobile/wallet/payment-code,
//   POST /api/mobile/orders/{id}/pay-with-wallet, GET /api/mobile/points,
//   POST /api/mobile/points/redeem, GET /api/mobile/referrals.

export const walletEntryKinds = [
  'topup',
  'spend',
  'refund',
  'adjustment',
  'reward',
  'expiry',
] as const;
export const walletEntryKindSchema = z.enum(walletEntryKinds);
export type WalletEntryKind = z.infer<typeof walletEntryKindSchema>;

export const pointsEntryKinds = [
  'earn',
  'reverse',
  'redeem',
  'expiry',
  'adjustment',
  'reward',
  /** Points exchanged for a reward's voucher code (voucher-rewards.ts). */
  'voucher',
] as const;
export const pointsEntryKindSchema = z.enum(pointsEntryKinds);
export type PointsEntryKind = z.infer<typeof pointsEntryKindSchema>;

export const ledgerActorKinds = ['staff', 'customer', 'system'] as const;

const ledgerActor = {
  actor_kind: z.enum(ledgerActorKinds),
  actor_name: text(),
};

export const walletEntrySchema = z.object({
  id: text(),
  customer_id: text(),
  /** Present on lists across customers. */
  customer_name: text().optional(),
  customer_phone: text().optional(),
  kind: walletEntryKindSchema,
  /** Signed sen: a spend is negative. */
  amount: z.number().int(),
  balance_after: z.number().int(),
  ...linkedOrderShape,
  refund_id: text().nullable(),
  ...reasonFieldsShape,
  ...ledgerActor,
  created_at: text(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

export const pointsEntrySchema = z.object({
  id: text(),
  customer_id: text(),
  kind: pointsEntryKindSchema,
  points: z.number().int(),
  balance_after: z.number().int(),
  ...linkedOrderShape,
  ...reasonFieldsShape,
  ...ledgerActor,
  created_at: text(),
});
export type PointsEntry = z.infer<typeof pointsEntrySchema>;

// Year 0 is a valid ISO date but not a PostgreSQL one.
const isoDate = z.iso
  .date({ error: messageKey('date_invalid') })
  .refine((d) => !d.startsWith('0000'), { error: messageKey('date_invalid') });

/** `from` and `to` are the tenant's business days (its time zone and cut-off hour), inclusive. */
export const ledgerQuerySchema = listQuerySchema.extend({
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

/** Sort keys of the entries across customers (`-` for descending; default newest first). */
export const walletEntrySortKeys = ['created', 'amount'] as const;

/** GET /api/wallet-entries: `q` searches the customer's name and phone. */
export const walletEntryListQuerySchema = ledgerQuerySchema.extend({
  kind: walletEntryKindSchema.optional(),
  customer_id: z.uuid().optional(),
});
export type WalletEntryListQuery = z.infer<typeof walletEntryListQuerySchema>;

export const walletEntryExportQuerySchema = walletEntryListQuerySchema
  .omit({ page: true, page_size: true })
  .extend({ lang: localeSchema.optional() });

/** Sen between 1 sen and RM 10,000, either sign for an adjustment. */
const senAmount = intBetween(-1_000_000, 1_000_000, {
  min: '-RM 10,000.00',
  max: 'RM 10,000.00',
}).refine((n) => n !== 0, { error: messageKey('invalid') });

export const walletAdjustmentInputSchema = z.object({
  /** Signed sen: positive credits the wallet, negative debits it. */
  amount: senAmount,
  reason: text({ error: messageKey('required') })
    .trim()
    .min(3, { error: messageKey('min_length', { min: 3 }) })
    .max(200, { error: messageKey('max_length', { max: 200 }) }),
});
export type WalletAdjustmentInput = z.infer<typeof walletAdjustmentInputSchema>;

/**
 * The staff form for an adjustment: a direction and an amount above zero. A minus sign or zero
 * is refused with a message, never turned into its absolute value (a "credit" of −10 would
 * otherwise credit RM 10).
 */
export const walletAdjustmentFormSchema = walletAdjustmentInputSchema.extend({
  direction: z.enum(['credit', 'debit']),
  amount: wholeNumber()
    .min(1, { error: messageKey('amount_above_zero') })
    .max(1_000_000, { error: messageKey('max_value', { max: 'RM 10,000.00' }) }),
});
export type WalletAdjustmentForm = z.infer<typeof walletAdjustmentFormSchema>;

/** The API's signed body of the form: a debit is the negative amount. */
export const signedWalletAdjustment = ({
  direction,
  amount,
  reason,
}: WalletAdjustmentForm): WalletAdjustmentInput => ({
  amount: direction === 'debit' ? -amount : amount,
  reason,
});

export const walletAdjustmentStatuses = ['pending', 'approved', 'rejected'] as const;

export const walletAdjustmentSchema = z.object({
  id: text(),
  customer_id: text(),
  customer_name: text(),
  amount: z.number().int(),
  reason: text(),
  status: z.enum(walletAdjustmentStatuses),
  requested_by: text(),
  decided_by: text().nullable(),
  decided_at: text().nullable(),
  created_at: text(),
  /** The caller may approve or reject it: pending, and asked for by someone else. */
  can_decide: z.boolean(),
});
export type WalletAdjustment = z.infer<typeof walletAdjustmentSchema>;

/** GET /api/wallet-adjustments: `q` searches the customer's name and phone; newest first. */
export const walletAdjustmentListQuerySchema = listQuerySchema.extend({
  status: z.enum(walletAdjustmentStatuses).optional(),
  customer_id: z.uuid().optional(),
});
export type WalletAdjustmentListQuery = z.infer<typeof walletAdjustmentListQuerySchema>;

/** The answer to an adjustment: posted at once (within the limit) or waiting for approval. */
export const walletAdjustmentResultSchema = z.object({
  status: z.enum(['posted', 'pending_approval']),
  entry: walletEntrySchema.nullable(),
  adjustment: walletAdjustmentSchema.nullable(),
  balance: z.number().int(),
});
export type WalletAdjustmentResult = z.infer<typeof walletAdjustmentResultSchema>;

/** The tenant's liability: what customers' wallets hold at the end of each day. */
export const walletLiabilitySchema = z.object({
  outstanding: z.number().int(),
  days: z.array(
    z.object({
      date: text(),
      topups: z.number().int(),
      spend: z.number().int(),
      outstanding: z.number().int(),
    }),
  ),
});
export type WalletLiability = z.infer<typeof walletLiabilitySchema>;

/** The longest range of the liability by day. */
export const WALLET_LIABILITY_MAX_DAYS = 366;

/**
 * GET /api/wallet-liability: business days of the tenant, inclusive; by default the 30 days up
 * to today. At most WALLET_LIABILITY_MAX_DAYS days.
 */
export const walletLiabilityQuerySchema = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .superRefine(checkDayRange(WALLET_LIABILITY_MAX_DAYS));
export type WalletLiabilityQuery = z.infer<typeof walletLiabilityQuerySchema>;

// ---- Membership tiers -------------------------------------------------------------------------

export const tierBases = ['points', 'spend'] as const;
export const tierBasisSchema = z.enum(tierBases);

const colourSchema = text({ error: messageKey('required') })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: messageKey('pattern', { pattern: '#RRGGBB' }) });

/** A whole number from 0 to `max`; `shown` is the maximum as the form shows it. */
const nonNegativeInt = (max: number, shown: string | number = max) =>
  intBetween(0, max, { max: shown });

const benefitsSchema = text()
  .trim()
  .max(500, { error: messageKey('max_length', { max: 500 }) })
  .default('');

/** The highest threshold: points, or sen (RM 1,000,000.00) on a spend basis. */
export const TIER_THRESHOLD_MAX = 100_000_000;

export const membershipTierInputSchema = z.object({
  name_en: requiredString(40),
  name_my: requiredString(40),
  /** Points, or sen spent, over a rolling 12 months (the tenant's tier basis says which). */
  threshold: nonNegativeInt(TIER_THRESHOLD_MAX, '100,000,000'),
  /** Points per RM 1 in hundredths: 150 is 1.5 points per ringgit (the form shows 1.5, up to 100). */
  points_per_rm: nonNegativeInt(10_000, 100),
  colour: colourSchema,
  benefits_en: benefitsSchema,
  benefits_my: benefitsSchema,
});
export type MembershipTierInput = z.infer<typeof membershipTierInputSchema>;

/** The tier form on a spend basis: the threshold is sen, so its range reads in ringgit. */
export const spendTierInputSchema = membershipTierInputSchema.extend({
  threshold: senBetween(0, TIER_THRESHOLD_MAX),
});

export const membershipTierSchema = membershipTierInputSchema.extend({
  id: text(),
  members: z.number().int(),
});
export type MembershipTier = z.infer<typeof membershipTierSchema>;

// ---- Settings ---------------------------------------------------------------------------------

const positiveInt = (max: number) =>
  nonNegativeInt(max).refine((n) => n > 0, { error: messageKey('min_value', { min: 1 }) });

// Above zero by a refinement, not a minimum of 1: the API's published schema stays as it was.
const positiveSen = (max: number) =>
  senBetween(0, max).refine((n) => n > 0, {
    error: messageKey('money_min', { min: formatRinggit(1) }),
  });

export const loyaltySettingsSchema = z.object({
  /** The most a wallet may hold, in sen. */
  wallet_max_balance: senBetween(0, 10_000_000),
  /** The app's top-up buttons, in sen. */
  topup_presets: z
    .array(positiveSen(1_000_000))
    .min(1, { error: messageKey('min_items', { minCount: 1 }) })
    .max(8, { error: messageKey('max_items', { maxCount: 8 }) }),
  /** The largest adjustment one staff member makes without a second approver, in sen. */
  adjustment_limit: senBetween(0, 1_000_000),
  tier_basis: tierBasisSchema,
  /** Points expire this many months after they were earned; 0 never. */
  points_expiry_months: nonNegativeInt(120),
  /** `redeem_points` points buy `redeem_value` sen of wallet credit. */
  redeem_points: positiveInt(1_000_000),
  redeem_value: positiveSen(1_000_000),
});
export type LoyaltySettings = z.infer<typeof loyaltySettingsSchema>;

export const referralRewardKinds = ['wallet', 'points'] as const;
export const referralRewardKindSchema = z.enum(referralRewardKinds);

export const referralSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Sen of wallet credit or points, as the kind says. */
  referrer_reward_kind: referralRewardKindSchema,
  referrer_reward_amount: nonNegativeInt(1_000_000),
  referee_reward_kind: referralRewardKindSchema,
  referee_reward_amount: nonNegativeInt(1_000_000),
  /** The referred customer's first paid order must reach this many sen. */
  min_order: senBetween(0, 1_000_000),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

// ---- Referrals --------------------------------------------------------------------------------

export const referralStatuses = ['pending', 'rewarded', 'reversed'] as const;
export const referralStatusSchema = z.enum(referralStatuses);

export const referralSchema = z.object({
  id: text(),
  referrer: z.object({ id: text(), name: text(), phone: text() }),
  referee: z.object({ id: text(), name: text(), phone: text() }),
  status: referralStatusSchema,
  ...linkedOrderShape,
  rewarded_at: text().nullable(),
  reversed_at: text().nullable(),
  created_at: text(),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralListQuerySchema = listQuerySchema.extend({
  status: referralStatusSchema.optional(),
  customer_id: z.uuid().optional(),
});
export type ReferralListQuery = z.infer<typeof referralListQuerySchema>;

// ---- Wallet payment codes ---------------------------------------------------------------------

/** 12 digits as the app shows them (spaces and dashes are ignored). */
export const walletPaymentCodeSchema = text({ error: messageKey('required') })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(text().regex(/^\d{12}$/, { error: messageKey('payment_code') }));

/** What the app's QR holds before the digits (`KOPIPAY:123456789012`): a scanner types it all. */
export const WALLET_PAYMENT_QR_PREFIX = 'KOPIPAY:';

export const walletPaymentCodeCheckSchema = z.object({ code: walletPaymentCodeSchema });

/** What the POS learns from a code before charging it: whose wallet and what it holds. */
export const walletPaymentCodeInfoSchema = z.object({
  customer_id: text(),
  customer_name: text(),
  phone: text(),
  balance: z.number().int(),
  expires_at: text(),
});
export type WalletPaymentCodeInfo = z.infer<typeof walletPaymentCodeInfoSchema>;
