import { describe, expect, it } from 'vitest';
import { applyRate, cashRoundingAdjustment } from './money';
import {
  defaultPricingSettings,
  priceOrder,
  servingMethods,
  type PricingInput,
  type PricingLine,
} from './pricing';
import { seededRandom } from './seeded-random';

const line = (
  unit_price: number,
  quantity = 1,
  option_prices: number[] = [],
  addon_prices: number[] = [],
): PricingLine => ({
  unit_price,
  quantity,
  option_prices,
  addon_prices,
});

const base: PricingInput = {
  lines: [],
  discount: 0,
  serving_method: 'pick_up',
  delivery_fee: 0,
  paid_in_cash: false,
  settings: defaultPricingSettings,
};

/** Prices one RM 10.00 line on `base`, with the given fields changed. */
const priceTenRinggit = (input: Partial<PricingInput> = {}) =>
  priceOrder({ ...base, lines: [line(1000)], ...input });

describe('money helpers', () => {
  it('rounds a rate half-up to the sen', () => {
    expect(applyRate(1000, 600)).toBe(60);
    expect(applyRate(1025, 600)).toBe(62); // 61.5 → 62
    expect(applyRate(1024, 600)).toBe(61); // 61.44 → 61
    expect(applyRate(0, 600)).toBe(0);
    expect(applyRate(1000, 0)).toBe(0);
  });

  it('rounds cash to 5 sen: 1, 2, 6, 7 down; 3, 4, 8, 9 up', () => {
    const expected: Record<number, number> = {
      0: 0,
      1: -1,
      2: -2,
      3: 2,
      4: 1,
      5: 0,
      6: -1,
      7: -2,
      8: 2,
      9: 1,
    };
    for (let d = 0; d < 10; d++)
      expect(cashRoundingAdjustment(1230 + d), String(d)).toBe(expected[d]);
  });
});

describe('priceOrder (DESIGN §3)', () => {
  it('adds options and add-ons per unit, then multiplies by quantity', () => {
    const r = priceOrder({ ...base, lines: [line(800, 2, [100, 50], [200])] });
    expect(r.line_totals).toEqual([2300]);
    expect(r.subtotal).toBe(2300);
  });

  it('charges 6% SST on pick-up and no service charge', () => {
    const r = priceTenRinggit();
    expect(r).toMatchObject({
      subtotal: 1000,
      service_charge: 0,
      service_tax: 60,
      total: 1060,
      rounding: 0,
    });
  });

  it('charges 10% service charge for dine-in and taxes it by default', () => {
    const r = priceTenRinggit({ serving_method: 'dine_in' });
    expect(r).toMatchObject({ service_charge: 100, service_tax: 66, total: 1166 });
  });

  it('leaves the service charge out of the tax base when the tenant says so', () => {
    const r = priceTenRinggit({
      serving_method: 'dine_in',
      settings: { ...defaultPricingSettings, service_charge_taxable: false },
    });
    expect(r).toMatchObject({ service_charge: 100, service_tax: 60, total: 1160 });
  });

  it('does not tax the delivery fee', () => {
    const r = priceTenRinggit({ serving_method: 'delivery', delivery_fee: 500 });
    expect(r).toMatchObject({ service_charge: 0, service_tax: 60, delivery_fee: 500, total: 1560 });
  });

  it('ignores a delivery fee for other serving methods', () => {
    expect(priceTenRinggit({ delivery_fee: 500 }).delivery_fee).toBe(0);
  });

  it('charges no SST for a tenant that is not registered', () => {
    const r = priceTenRinggit({ settings: { ...defaultPricingSettings, service_tax_rate_bp: 0 } });
    expect(r).toMatchObject({ service_tax: 0, total: 1000 });
  });

  it('applies the discount before service charge and tax, never more than the subtotal', () => {
    const r = priceTenRinggit({ serving_method: 'dine_in', discount: 200 });
    expect(r).toMatchObject({ discount: 200, service_charge: 80, service_tax: 53, total: 933 });
    const capped = priceTenRinggit({ discount: 5000 });
    expect(capped).toMatchObject({ discount: 1000, service_tax: 0, total: 0 });
  });

  it('rounds cash bills: .x1 down, .x3 up; card bills are not rounded', () => {
    // 1001 sen + 6% = 1061 (RM 10.61) → cash RM 10.60
    const down = priceOrder({ ...base, paid_in_cash: true, lines: [line(1001)] });
    expect(down).toMatchObject({ service_tax: 60, rounding: -1, total: 1060 });
    // 1036 + 62 = 1098 → cash 1100 (.x8 up); 1003 + 60 = 1063 → 1065 (.x3 up)
    const up = priceOrder({ ...base, paid_in_cash: true, lines: [line(1003)] });
    expect(up).toMatchObject({ rounding: 2, total: 1065 });
    const card = priceOrder({ ...base, paid_in_cash: false, lines: [line(1003)] });
    expect(card).toMatchObject({ rounding: 0, total: 1063 });
    const off = priceOrder({
      ...base,
      paid_in_cash: true,
      lines: [line(1003)],
      settings: { ...defaultPricingSettings, cash_rounding: false },
    });
    expect(off.rounding).toBe(0);
  });
});

// Property tests over seeded random orders: reproducible, no extra dependency.

describe('priceOrder properties', () => {
  const rand = seededRandom(20261122);
  const int = (max: number) => Math.floor(rand() * (max + 1));
  const cases = Array.from({ length: 2000 }, (): PricingInput => ({
    lines: Array.from({ length: 1 + int(5) }, () =>
      line(
        int(3000),
        1 + int(4),
        Array.from({ length: int(2) }, () => int(300) - 50),
        Array.from({ length: int(3) }, () => int(400)),
      ),
    ),
    discount: int(5000),
    serving_method: servingMethods[int(2)]!,
    delivery_fee: int(800),
    paid_in_cash: rand() < 0.5,
    settings: {
      service_charge_rate_bp: int(1500),
      service_charge_methods: rand() < 0.5 ? ['dine_in'] : ['dine_in', 'pick_up', 'delivery'],
      service_tax_rate_bp: rand() < 0.2 ? 0 : int(1000),
      service_charge_taxable: rand() < 0.7,
      cash_rounding: rand() < 0.8,
    },
  }));

  it('parts add up to the total, nothing is negative, discount ≤ subtotal', () => {
    for (const input of cases) {
      const r = priceOrder(input);
      expect(
        r.subtotal - r.discount + r.service_charge + r.service_tax + r.delivery_fee + r.rounding,
      ).toBe(r.total);
      for (const v of [
        r.subtotal,
        r.discount,
        r.service_charge,
        r.service_tax,
        r.delivery_fee,
        r.total,
      ]) {
        expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
      }
      expect(r.discount).toBeLessThanOrEqual(r.subtotal);
    }
  });

  it('rounds only cash bills, only to a multiple of 5 sen, by at most 2 sen', () => {
    for (const input of cases) {
      const r = priceOrder(input);
      if (input.paid_in_cash && input.settings.cash_rounding) {
        expect(r.total % 5).toBe(0);
        expect(Math.abs(r.rounding)).toBeLessThanOrEqual(2);
      } else {
        expect(r.rounding).toBe(0);
      }
    }
  });
});
