import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  priceOrder,
  servingMethods,
  unitPriceWithChoices,
  type PricingInput,
  type PricingLine,
} from './pricing';
import {
  evaluateVoucher,
  type VoucherCart,
  type VoucherContext,
  type VoucherRules,
  voucherRulesDefaults,
} from './voucher-rules';
import { voucherRefusals, voucherSources } from './vouchers';

// evaluateVoucher with priceOrder on random carts and vouchers: the discount it answers is what
// priceOrder takes as `discount`. The expected totals are the pricing rules (DESIGN §3) written
// out again below, not priceOrder's own code.

const RUNS = { numRuns: 400 };
const products = ['p1', 'p2', 'p3', 'p4'];
const categories = ['c1', 'c2'];

interface Line extends PricingLine {
  product_id: string;
  category_id: string | null;
}

const lineArb: fc.Arbitrary<Line> = fc.record({
  product_id: fc.constantFrom(...products),
  category_id: fc.constantFrom<string | null>(...categories, null),
  unit_price: fc.integer({ min: 0, max: 5_000 }),
  option_prices: fc.array(fc.integer({ min: -300, max: 300 }), { maxLength: 2 }),
  addon_prices: fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 3 }),
  quantity: fc.integer({ min: 1, max: 5 }),
});

const subset = <T>(xs: readonly T[]) => fc.subarray([...xs]);

const voucherArb: fc.Arbitrary<VoucherRules> = fc
  .record({
    type: fc.constantFrom('percent', 'fixed', 'free_item'),
    percent: fc.integer({ min: 1, max: 10_000 }),
    fixed: fc.integer({ min: 1, max: 40_000 }),
    max_discount: fc.option(fc.integer({ min: 0, max: 3_000 })),
    free_item_kind: fc.constantFrom('product', 'category'),
    free_product: fc.constantFrom(...products),
    free_category: fc.constantFrom(...categories),
    min_spend: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 6_000 })),
    product_ids: subset(products),
    category_ids: subset(categories),
  })
  .map((g) => ({
    ...voucherRulesDefaults('2026-01-01T00:00:00.000Z'),
    type: g.type,
    value: g.type === 'percent' ? g.percent : g.type === 'fixed' ? g.fixed : 0,
    max_discount: g.type === 'percent' ? g.max_discount : null,
    free_item_kind: g.type === 'free_item' ? g.free_item_kind : null,
    free_item_id:
      g.type !== 'free_item'
        ? null
        : g.free_item_kind === 'product'
          ? g.free_product
          : g.free_category,
    min_spend: g.min_spend,
    product_ids: g.product_ids,
    category_ids: g.category_ids,
  }));

const context: VoucherContext = {
  at: new Date('2026-06-10T04:00:00.000Z'),
  timezone: 'Asia/Kuala_Lumpur',
  outlet_id: 'o1',
  source: 'pos',
  customer_id: 'k1',
  redeemed_total: 0,
  redeemed_by_customer: 0,
};

const orderArb = fc.record({
  lines: fc.array(lineArb, { maxLength: 6 }),
  voucher: voucherArb,
  manual: fc.option(
    fc.oneof(
      fc.record({
        kind: fc.constant('amount' as const),
        value: fc.integer({ min: 1, max: 30_000 }),
      }),
      fc.record({
        kind: fc.constant('percent' as const),
        value: fc.integer({ min: 1, max: 10_000 }),
      }),
    ),
  ),
  serving_method: fc.constantFrom(...servingMethods),
  delivery_fee: fc.integer({ min: 0, max: 1_500 }),
  paid_in_cash: fc.boolean(),
  settings: fc.record({
    service_charge_rate_bp: fc.integer({ min: 0, max: 2_000 }),
    service_charge_methods: subset(servingMethods),
    service_tax_rate_bp: fc.integer({ min: 0, max: 1_000 }),
    service_charge_taxable: fc.boolean(),
    cash_rounding: fc.boolean(),
  }),
});
type Order = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

/** The cart as the voucher sees it: each unit priced with its options and add-ons. */
const cartOf = (o: Order): VoucherCart => ({
  serving_method: o.serving_method,
  lines: o.lines.map((l) => ({
    product_id: l.product_id,
    category_id: l.category_id,
    unit_price: unitPriceWithChoices(l),
    quantity: l.quantity,
  })),
});

const voucherDiscount = (o: Order) => {
  const r = evaluateVoucher(o.voucher, cartOf(o), context);
  return r.ok ? r.discount : 0;
};

const pricingOf = (o: Order, discount: number): PricingInput => ({
  lines: o.lines,
  discount,
  manual_discount: o.manual,
  serving_method: o.serving_method,
  delivery_fee: o.delivery_fee,
  paid_in_cash: o.paid_in_cash,
  settings: o.settings,
});

/** amount × rate in basis points, half a sen and up rounding up. */
const halfUp = (amount: number, bp: number) => {
  const tenThousandths = amount * bp;
  const whole = Math.floor(tenThousandths / 10_000);
  return tenThousandths - whole * 10_000 >= 5_000 ? whole + 1 : whole;
};

/** DESIGN §3 step by step, with the manual discount after the voucher (decision 052). */
function expectedBill(o: Order, voucher: number) {
  const subtotal = o.lines.reduce(
    (s, l) =>
      s +
      Math.max(
        0,
        l.unit_price +
          l.option_prices.reduce((a, b) => a + b, 0) +
          l.addon_prices.reduce((a, b) => a + b, 0),
      ) *
        l.quantity,
    0,
  );
  const asked = !o.manual
    ? 0
    : o.manual.kind === 'amount'
      ? o.manual.value
      : halfUp(subtotal, o.manual.value);
  const manual = Math.min(asked, subtotal - voucher);
  const after = subtotal - voucher - manual;
  const s = o.settings;
  const serviceCharge = s.service_charge_methods.includes(o.serving_method)
    ? halfUp(after, s.service_charge_rate_bp)
    : 0;
  const sst = halfUp(after + (s.service_charge_taxable ? serviceCharge : 0), s.service_tax_rate_bp);
  const delivery = o.serving_method === 'delivery' ? o.delivery_fee : 0;
  const beforeRounding = after + serviceCharge + sst + delivery;
  // Nearest 5 sen: a remainder of 1 or 2 goes down, 3 or 4 up (no remainder is a tie).
  const rounding =
    o.paid_in_cash && s.cash_rounding ? Math.round(beforeRounding / 5) * 5 - beforeRounding : 0;
  return { subtotal, manual, serviceCharge, sst, delivery, rounding };
}

/** Checks `check` on every generated order (RUNS of them). */
const forEveryOrder = (check: (o: Order) => void) => fc.assert(fc.property(orderArb, check), RUNS);

describe('evaluateVoucher with priceOrder (properties)', () => {
  it('never gives a discount below zero or above the subtotal', () => {
    forEveryOrder((o) => {
      const d = voucherDiscount(o);
      const subtotal = cartOf(o).lines.reduce((s, l) => s + l.unit_price * l.quantity, 0);
      expect(Number.isSafeInteger(d)).toBe(true);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(subtotal);
      expect(d).toBeLessThanOrEqual(priceOrder(pricingOf(o, d)).subtotal);
    });
  });

  it('never takes more than its own lines, its cap, or one unit of a free item', () => {
    forEveryOrder((o) => {
      const d = voucherDiscount(o);
      const v = o.voucher;
      const lines = cartOf(o).lines;
      // The one refusal these vouchers can meet: the whole subtotal below the minimum spend.
      const subtotal = lines.reduce((sum, l) => sum + l.unit_price * l.quantity, 0);
      if (subtotal < v.min_spend) {
        expect(d).toBe(0);
        return;
      }
      if (v.type === 'free_item') {
        const units = lines
          .filter(
            (l) =>
              (v.free_item_kind === 'product' ? l.product_id : l.category_id) === v.free_item_id,
          )
          .map((l) => l.unit_price);
        expect(d).toBe(units.length > 0 ? Math.min(...units) : 0);
        return;
      }
      const named = v.product_ids.length > 0 || v.category_ids.length > 0;
      const eligible = lines
        .filter(
          (l) =>
            !named ||
            v.product_ids.includes(l.product_id) ||
            (l.category_id !== null && v.category_ids.includes(l.category_id)),
        )
        .reduce((s, l) => s + l.unit_price * l.quantity, 0);
      expect(d).toBeLessThanOrEqual(eligible);
      if (v.type === 'fixed') expect(d).toBeLessThanOrEqual(v.value);
      if (v.max_discount != null) expect(d).toBeLessThanOrEqual(v.max_discount);
    });
  });

  it('prices the order as the rules add up: charges and SST on the amount after discounts', () => {
    forEveryOrder((o) => {
      const voucher = voucherDiscount(o);
      const r = priceOrder(pricingOf(o, voucher));
      const e = expectedBill(o, voucher);
      expect(r.subtotal).toBe(e.subtotal);
      expect(r.discount).toBe(voucher + e.manual);
      expect(r.manual_discount).toBe(e.manual);
      expect(r.service_charge).toBe(e.serviceCharge);
      expect(r.service_tax).toBe(e.sst);
      expect(r.rounding).toBe(e.rounding);
      expect(r.total).toBe(
        e.subtotal - voucher - e.manual + e.serviceCharge + e.sst + e.delivery + e.rounding,
      );
    });
  });

  it('keeps the voucher whole and the voucher and manual discount within the subtotal', () => {
    forEveryOrder((o) => {
      const voucher = voucherDiscount(o);
      const r = priceOrder(pricingOf(o, voucher));
      expect(r.discount).toBeLessThanOrEqual(r.subtotal);
      expect(r.manual_discount).toBeGreaterThanOrEqual(0);
      expect(r.discount - r.manual_discount).toBe(voucher);
    });
  });

  it('never raises the total', () => {
    forEveryOrder((o) => {
      const withVoucher = priceOrder(pricingOf(o, voucherDiscount(o))).total;
      expect(withVoucher).toBeLessThanOrEqual(priceOrder(pricingOf(o, 0)).total);
    });
  });

  it('answers the same for the same voucher, cart and moment, refusals included', () => {
    const contextArb = fc.record({
      at: fc.date({
        min: new Date('2025-06-01T00:00:00Z'),
        max: new Date('2027-06-01T00:00:00Z'),
        noInvalidDate: true,
      }),
      timezone: fc.constantFrom('Asia/Kuala_Lumpur', 'UTC', 'America/New_York'),
      outlet_id: fc.constantFrom('o1', 'o2'),
      source: fc.constantFrom(...voucherSources),
      customer_id: fc.option(fc.constantFrom('k1', 'k2')),
      redeemed_total: fc.integer({ min: 0, max: 5 }),
      redeemed_by_customer: fc.integer({ min: 0, max: 3 }),
    });
    const rulesArb = fc.record({
      status: fc.constantFrom('active' as const, 'inactive' as const),
      days_of_week: subset([0, 1, 2, 3, 4, 5, 6]),
      hours: fc.option(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 23 }))),
      total_limit: fc.option(fc.integer({ min: 1, max: 5 })),
      per_customer_limit: fc.option(fc.integer({ min: 1, max: 3 })),
      outlet_ids: subset(['o1', 'o2']),
      requires_customer: fc.boolean(),
    });
    // A deep copy, so a second call shares nothing with the first (the rules and cart are JSON).
    const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
    const clock = (h: number) => `${String(h).padStart(2, '0')}:00`;
    fc.assert(
      fc.property(orderArb, rulesArb, contextArb, (o, rules, c) => {
        const { hours, ...rest } = rules;
        const v: VoucherRules = {
          ...o.voucher,
          ...rest,
          valid_until: '2027-01-01T00:00:00.000Z',
          hours_from: hours && hours[0] !== hours[1] ? clock(hours[0]) : null,
          hours_until: hours && hours[0] !== hours[1] ? clock(hours[1]) : null,
        };
        const first = evaluateVoucher(v, cartOf(o), c);
        const again = evaluateVoucher(copy(v), copy(cartOf(o)), {
          ...c,
          at: new Date(c.at.getTime()),
        });
        expect(again).toEqual(first);
        if (!first.ok) expect(voucherRefusals).toContain(first.reason);
      }),
      RUNS,
    );
  });
});
