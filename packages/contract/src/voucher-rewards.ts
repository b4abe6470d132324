import { z } from 'zod';
import { malayNameInput } from './catalogue';
import { listQuerySchema } from './common';
import { voucherFaceSchema } from './order-voucher';
import { intBetween, messageKey, requiredString, text } from './validation';

// Points rewards (SPEC Voucher; decision 052): the customer app offers a list of rewards, each
// a voucher of unique codes a customer exchanges points for, while its stock lasts and within
// its period. The back office keeps the list (/voucher/rewards, subject `reward`); the exchange
// takes the points and issues the customer a code of the voucher in one transaction.

export const rewardStatuses = ['active', 'inactive'] as const;
export type RewardStatus = (typeof rewardStatuses)[number];

export const rewardInputSchema = z
  .object({
    /** A voucher of unique codes of the same tenant: each exchange issues one of its codes. */
    voucher_id: z.uuid({ error: messageKey('required') }),
    name_en: requiredString(120),
    name_my: malayNameInput(120),
    points_price: intBetween(1, 10_000_000),
    /** How many may be exchanged in all; null for no limit. */
    stock: intBetween(1, 10_000_000).nullable().optional(),
    starts_at: z.iso.datetime({ offset: true, error: messageKey('required') }),
    ends_at: z.iso.datetime({ offset: true }).nullable().optional(),
    status: z.enum(rewardStatuses).default('active'),
    sort_order: z.number().int().min(0).max(100_000).default(0),
  })
  .superRefine((v, ctx) => {
    if (v.ends_at && Date.parse(v.ends_at) <= Date.parse(v.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: messageKey('ends_after_start') });
    }
  });
export type RewardInput = z.input<typeof rewardInputSchema>;
export type RewardParsed = z.infer<typeof rewardInputSchema>;

/** A reward as the back office reads it. */
export const rewardSchema = z.object({
  id: text(),
  voucher_id: text(),
  voucher_name_en: text(),
  voucher_name_my: text().nullable(),
  name_en: text(),
  name_my: text().nullable(),
  points_price: z.number().int(),
  stock: z.number().int().nullable(),
  /** Exchanged so far; never more than the stock. */
  issued: z.number().int(),
  starts_at: text(),
  ends_at: text().nullable(),
  status: z.enum(rewardStatuses),
  sort_order: z.number().int(),
  created_at: text(),
  updated_at: text(),
});
export type Reward = z.infer<typeof rewardSchema>;

export const rewardListQuerySchema = listQuerySchema.extend({
  status: z.enum(rewardStatuses).optional(),
});
export type RewardListQuery = z.infer<typeof rewardListQuerySchema>;

/** GET /api/mobile/rewards: a reward the customer may exchange now, with its voucher's face. */
export const mobileRewardSchema = z.object({
  id: text(),
  name_en: text(),
  name_my: text().nullable(),
  points_price: z.number().int(),
  /** What is left to exchange; null without a limit. */
  stock_left: z.number().int().nullable(),
  ends_at: text().nullable(),
  /** Whether the customer's points cover the price now. */
  affordable: z.boolean(),
  voucher: voucherFaceSchema,
});
export type MobileReward = z.infer<typeof mobileRewardSchema>;

export const mobileRewardsSchema = z.object({
  /** The customer's points balance. */
  points: z.number().int(),
  rewards: z.array(mobileRewardSchema),
});
export type MobileRewards = z.infer<typeof mobileRewardsSchema>;

/** POST /api/mobile/rewards/{id}/exchange: the code issued and the points left. */
export const mobileRewardExchangeSchema = z.object({
  reward_id: text(),
  code: text(),
  points_spent: z.number().int(),
  /** The points balance after the exchange. */
  points: z.number().int(),
  issued_at: text(),
  voucher: voucherFaceSchema,
});
export type MobileRewardExchange = z.infer<typeof mobileRewardExchangeSchema>;

/** Where a customer's issued code came from. */
export const customerVoucherSources = ['campaign', 'reward', 'printed'] as const;
export type CustomerVoucherSource = (typeof customerVoucherSources)[number];
/** available: usable now or later; redeemed; expired: the voucher's valid_until has passed. */
export const customerVoucherStatuses = ['available', 'redeemed', 'expired'] as const;
export type CustomerVoucherStatus = (typeof customerVoucherStatuses)[number];

/** GET /api/customers/{id}/vouchers: a code issued to the customer, as staff read it. */
export const customerVoucherSchema = z.object({
  id: text(),
  code: text(),
  voucher_id: text(),
  voucher_name_en: text(),
  voucher_name_my: text().nullable(),
  source: z.enum(customerVoucherSources),
  /** The campaign's or the reward's name (English / Malay); null for a printed code. */
  source_name_en: text().nullable(),
  source_name_my: text().nullable(),
  status: z.enum(customerVoucherStatuses),
  issued_at: text(),
  redeemed_at: text().nullable(),
  valid_until: text().nullable(),
});
export type CustomerVoucher = z.infer<typeof customerVoucherSchema>;
