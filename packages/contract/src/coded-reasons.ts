import { z } from 'zod';
import { text } from './validation';

// The reasons the server writes itself on ledger entries and status histories: kept as a code
// and its parameters (`reason_code`, `reason_params`), never as English prose, so every screen
// and file says them in its reader's language (coded-reason-texts.ts). A reason a person typed
// (a wallet adjustment, a rejection, a refund's note) stays free text in `reason`.

export const referralRoles = ['referrer', 'referee'] as const;
export type ReferralRole = (typeof referralRoles)[number];

const none = z.object({});
/** What the customer or the staff member wrote with the move, if anything. */
const note = z.object({ note: text().nullable() });

/** Each code with the shape of its parameters (sen for money, YYYY-MM-DD for days). */
export const reasonParamSchemas = {
  // Wallet and points ledgers.
  /** A wallet payment at the counter. */
  order: z.object({ order_no: text() }),
  /** A refund's money given back to the wallet. */
  refund: z.object({ refund_no: text() }),
  referral_reward: z.object({ role: z.enum(referralRoles) }),
  referral_reward_reversed: z.object({ role: z.enum(referralRoles) }),
  /** Points exchanged for a reward's voucher: its names when exchanged (Malay may be unset). */
  reward_exchange: z.object({ name_en: text(), name_my: text().nullable() }),
  /** The points earned before `before` (a YYYY-MM-DD day) that were not spent in time. */
  points_expired: z.object({ before: z.iso.date() }),
  /** A top-up sold at the counter, by its receipt number. */
  counter_topup: z.object({ receipt_no: text() }),
  /** The wallet credit of a points redemption. */
  points_redeemed: z.object({ points: z.number().int() }),
  /** The points taken by a redemption for wallet credit. */
  redeemed_for_wallet_credit: none,
  // Order status history (and voucher give-backs that follow those moves).
  paid_at_counter: none,
  paid_at_counter_outside_hours: none,
  day_closed: none,
  unpaid_at_day_close: none,
  placed_in_app: none,
  cancelled_by_customer: note,
  /** Paid through a payment provider: sen and the payment method's code. */
  paid_online: z.object({ amount: z.number().int(), method: text() }),
  /** A voucher given back when staff rejected its order. */
  order_rejected: note,
  /** A voucher given back when its order was refunded in full. */
  refunded_in_full: z.object({ refund_no: text() }),
  // Refund status history.
  paid_back_by_provider: none,
  given_back_to_wallet: none,
} as const;

export type ReasonCode = keyof typeof reasonParamSchemas;
export const reasonCodes = Object.keys(reasonParamSchemas) as [ReasonCode, ...ReasonCode[]];
export const reasonCodeSchema = z.enum(reasonCodes);

export type ReasonParams<C extends ReasonCode> = z.infer<(typeof reasonParamSchemas)[C]>;

/** A reason the server wrote: its code and that code's parameters. */
export type CodedReason = { [C in ReasonCode]: { code: C; params: ReasonParams<C> } }[ReasonCode];

/** The stored or sent parameters, whatever the code: names to strings, numbers or null. */
export const reasonParamsSchema = z.record(text(), z.union([text(), z.number(), z.null()]));
export type StoredReasonParams = z.infer<typeof reasonParamsSchema>;

/** A writer's reason with its parameters checked by the compiler. */
export const codedReason = <C extends ReasonCode>(code: C, params: ReasonParams<C>) =>
  ({ code, params }) as CodedReason;

/**
 * The fields an answer carries for a reason: `reason_code` and `reason_params` for one the server
 * wrote (then `reason` is null), `reason` alone for one a person typed.
 */
export const reasonFieldsShape = {
  reason: text().nullable(),
  reason_code: reasonCodeSchema.nullable(),
  reason_params: reasonParamsSchema.nullable(),
};

export interface ReasonFields {
  reason: string | null;
  reason_code: ReasonCode | null;
  reason_params: StoredReasonParams | null;
}

/** The coded reason of stored fields, or null when there is none or its parameters are wrong. */
export function codedReasonOf(fields: {
  reason_code: string | null;
  reason_params: unknown;
}): CodedReason | null {
  const { reason_code: code, reason_params: params } = fields;
  if (!code || !Object.hasOwn(reasonParamSchemas, code)) return null;
  const parsed = reasonParamSchemas[code as ReasonCode].safeParse(params ?? {});
  return parsed.success ? ({ code, params: parsed.data } as CodedReason) : null;
}
