import { type ManualDiscountInput, manualDiscountAsked, manualDiscountLimit } from '@kopi/contract';
import { AppError } from '../../lib/errors';

// What differs between the order core's channels beyond the source: the words a refusal uses,
// and the counter's manual discount (who may give one, and how much).

/** Who may lower a counter sale's price by hand. */
export const DISCOUNT_PERMISSION = 'discount-order';

/** A manual discount over the tenant's share of the subtotal is refused, not cut down. */
export function checkManualDiscount(manual: ManualDiscountInput, subtotal: number, maxBp: number) {
  const asked = manualDiscountAsked(manual, subtotal);
  const limit = manualDiscountLimit(subtotal, maxBp);
  if (asked <= limit) return;
  const rm = (sen: number) => `RM ${(sen / 100).toFixed(2)}`;
  throw new AppError('manual_discount_over_max', {
    message: `The manual discount (${rm(asked)}) is more than the maximum of ${rm(limit)} (${maxBp / 100}% of the subtotal)`,
  });
}

export const channelTexts = {
  counter: {
    source: 'pos-apps',
    dayClosed: (outlet: string, day: string) =>
      `${outlet} has closed business day ${day}; sales resume on the next business day`,
    duplicate: (orderNo: string) => `This sale was already recorded as order ${orderNo}`,
    duplicateUnknown: undefined,
  },
  app: {
    source: 'mobile-apps',
    dayClosed: (outlet: string, day: string) =>
      `${outlet} has closed for the day (business day ${day}); please order again tomorrow`,
    duplicate: (orderNo: string) => `This order was already placed as order ${orderNo}`,
    duplicateUnknown: 'This order was already placed',
  },
} as const;
