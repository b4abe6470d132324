import { describe, expect, it } from 'vitest';
import {
  manualDiscountAsked,
  manualDiscountInputSchema,
  manualDiscountLimit,
} from './manual-discount';
import { defaultPricingSettings, priceOrder, type PricingInput } from './pricing';

const tenRinggit: PricingInput = {
  lines: [{ unit_price: 1000, option_prices: [], addon_prices: [], quantity: 1 }],
  discount: 0,
  serving_method: 'dine_in',
  delivery_fee: 0,
  paid_in_cash: false,
  settings: defaultPricingSettings,
};

describe('manual discount', () => {
  it('turns an amount or a percentage of the subtotal into sen', () => {
    expect(manualDiscountAsked({ kind: 'amount', value: 150 }, 1000)).toBe(150);
    expect(manualDiscountAsked({ kind: 'amount', value: 5000 }, 1000)).toBe(1000);
    expect(manualDiscountAsked({ kind: 'percent', value: 1000 }, 1000)).toBe(100);
    // 12.5% of RM 3.90 is 48.75 sen: half-up to 49.
    expect(manualDiscountAsked({ kind: 'percent', value: 1250 }, 390)).toBe(49);
    expect(manualDiscountAsked(null, 1000)).toBe(0);
    expect(manualDiscountAsked({ kind: 'amount', value: 100 }, 0)).toBe(0);
  });

  it('is taken off before service charge and SST, as a voucher is', () => {
    const manual = priceOrder({ ...tenRinggit, manual_discount: { kind: 'amount', value: 200 } });
    const voucher = priceOrder({ ...tenRinggit, discount: 200 });
    expect(manual).toEqual({ ...voucher, manual_discount: 200 });
    // RM 8.00 after discount; 10% service RM 0.80; SST 6% of RM 8.80 = RM 0.53.
    expect(manual.service_charge).toBe(80);
    expect(manual.service_tax).toBe(53);
    expect(manual.total).toBe(933);
  });

  it('shares the subtotal with a voucher and never goes below zero', () => {
    const both = priceOrder({
      ...tenRinggit,
      discount: 700,
      manual_discount: { kind: 'amount', value: 500 },
    });
    expect(both.discount).toBe(1000);
    expect(both.manual_discount).toBe(300);
    expect(both.total).toBe(0);
  });

  it('a percentage within the maximum never exceeds the limit in sen', () => {
    for (let subtotal = 0; subtotal <= 5_000; subtotal += 7) {
      for (const rate of [1, 333, 999, 1000, 1250, 1999, 2000, 5000, 10_000]) {
        for (const max of [0, 500, 1000, 1999, 2000, 10_000]) {
          const asked = manualDiscountAsked({ kind: 'percent', value: rate }, subtotal);
          if (rate <= max) expect(asked).toBeLessThanOrEqual(manualDiscountLimit(subtotal, max));
          expect(asked).toBeLessThanOrEqual(subtotal);
        }
      }
    }
  });

  it('needs a note for the reason "other" and a percentage of at most 100%', () => {
    const ok = { kind: 'amount', value: 100, reason: 'staff_meal' } as const;
    expect(manualDiscountInputSchema.safeParse(ok).success).toBe(true);
    expect(manualDiscountInputSchema.safeParse({ ...ok, reason: 'other' }).success).toBe(false);
    expect(
      manualDiscountInputSchema.safeParse({ ...ok, reason: 'other', note: 'Regular' }).success,
    ).toBe(true);
    expect(
      manualDiscountInputSchema.safeParse({ ...ok, kind: 'percent', value: 10_001 }).success,
    ).toBe(false);
    expect(manualDiscountInputSchema.safeParse({ ...ok, value: 0 }).success).toBe(false);
  });
});
