import { z } from 'zod';
import { applyRate } from './money';
import { intBetween, messageKey, requiredWhen, text } from './validation';

// A manual discount the cashier gives at the counter: an amount in sen or a percentage of the
// subtotal, with a reason. It lowers the price exactly as a voucher does (before service charge
// and SST, DESIGN §3): priceOrder turns it into sen from the subtotal, so the POS preview and the
// server's order agree. Who may give one is the `discount-order` permission; how much, the
// tenant's `manual_discount_max_bp` of the subtotal.

export const manualDiscountKinds = ['amount', 'percent'] as const;
export const manualDiscountReasons = ['staff_meal', 'service_recovery', 'other'] as const;
export type ManualDiscountReason = (typeof manualDiscountReasons)[number];

/** 100% in basis points: the most a percentage discount can be. */
export const FULL_RATE_BP = 10_000;
/** The tenant's maximum unless it sets another: 20% of the subtotal. */
export const DEFAULT_MANUAL_DISCOUNT_MAX_BP = 2_000;

export const manualDiscountInputSchema = z
  .object({
    kind: z.enum(manualDiscountKinds),
    /** Sen for `amount`; basis points of the subtotal for `percent` (1000 = 10%). */
    value: intBetween(1, 100_000_000),
    reason: z.enum(manualDiscountReasons),
    /** Why, in words: required when the reason is `other`. */
    note: text()
      .trim()
      .max(200, { error: messageKey('max_length', { max: 200 }) })
      .optional(),
  })
  .refine((d) => d.kind !== 'percent' || d.value <= FULL_RATE_BP, {
    path: ['value'],
    error: messageKey('max_value', { max: '100%' }),
  })
  .check(requiredWhen('note', (d) => d.reason === 'other'));
export type ManualDiscountInput = z.infer<typeof manualDiscountInputSchema>;

/** The manual discount as recorded on an order and shown on its details. */
export const manualDiscountRecordSchema = z.object({
  kind: z.enum(manualDiscountKinds),
  value: z.number().int(),
  reason: z.enum(manualDiscountReasons),
  note: text().nullable(),
  /** The sen it took off the subtotal. */
  amount: z.number().int(),
  by_user_id: text().nullable(),
  by_name: text().nullable(),
});
export type ManualDiscountRecord = z.infer<typeof manualDiscountRecordSchema>;

/** What a manual discount asks for, in sen of this subtotal (a percentage rounded half-up). */
export function manualDiscountAsked(
  discount: Pick<ManualDiscountInput, 'kind' | 'value'> | null | undefined,
  subtotal: number,
): number {
  if (!discount || subtotal <= 0) return 0;
  const asked =
    discount.kind === 'amount'
      ? discount.value
      : applyRate(subtotal, Math.min(discount.value, FULL_RATE_BP));
  return Math.min(Math.max(0, asked), subtotal);
}

/** The most a manual discount may take off this subtotal, in sen. */
export const manualDiscountLimit = (subtotal: number, maxBp: number) => applyRate(subtotal, maxBp);
