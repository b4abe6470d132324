import { describe, expect, it } from 'vitest';
import {
  evaluateVoucher,
  type VoucherCart,
  type VoucherCartLine,
  type VoucherContext,
  type VoucherRules,
  voucherRulesDefaults,
} from './voucher-rules';
import { voucherRefusals, type VoucherRefusal } from './vouchers';

// The refusals of evaluateVoucher, each at its boundary and one step past it. Expected answers
// come from the rules as written in each test, never from the function.

const OUTLET = '00000000-0000-4000-8000-0000000000a1';
const OTHER_OUTLET = '00000000-0000-4000-8000-0000000000a2';
const CUSTOMER = '00000000-0000-4000-8000-0000000000c1';
const P1 = '00000000-0000-4000-8000-0000000000b1';
const P2 = '00000000-0000-4000-8000-0000000000b2';
const P3 = '00000000-0000-4000-8000-0000000000b3';
const CAT1 = '00000000-0000-4000-8000-0000000000d1';
const CAT2 = '00000000-0000-4000-8000-0000000000d2';

/** A 10% voucher with no restrictions, valid from the start of 2026. */
const voucher = (over: Partial<VoucherRules> = {}): VoucherRules => ({
  ...voucherRulesDefaults('2026-01-01T00:00:00.000Z'),
  value: 1_000,
  ...over,
});

const line = (
  product_id: string,
  unit_price: number,
  quantity = 1,
  category_id: string | null = null,
): VoucherCartLine => ({ product_id, category_id, unit_price, quantity });

const cart = (lines: VoucherCartLine[], over: Partial<VoucherCart> = {}): VoucherCart => ({
  lines,
  serving_method: 'dine_in',
  ...over,
});

/** A Kuala Lumpur wall time (UTC+8, no daylight saving) as an instant. */
const kl = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

// 2026-06-10 is a Wednesday; 12:00 in Kuala Lumpur.
const NOON = kl('2026-06-10', '12:00');

const context = (over: Partial<VoucherContext> = {}): VoucherContext => ({
  at: NOON,
  timezone: 'Asia/Kuala_Lumpur',
  outlet_id: OUTLET,
  source: 'pos',
  customer_id: CUSTOMER,
  redeemed_total: 0,
  redeemed_by_customer: 0,
  ...over,
});

const RM20 = cart([line(P1, 2_000)]);
/** 10% of RM 20.00. */
const OK = { ok: true, discount: 200 };
const refused = (reason: VoucherRefusal) => ({ ok: false, reason });
const run = (v: Partial<VoucherRules>, c: Partial<VoucherContext> = {}, k: VoucherCart = RM20) =>
  evaluateVoucher(voucher(v), k, context(c));

describe('evaluateVoucher: when', () => {
  it('refuses a switched-off voucher', () => {
    expect(run({ status: 'inactive' })).toEqual(refused('inactive'));
    expect(run({ status: 'active' })).toEqual(OK);
  });

  it('is valid from the first millisecond of valid_from', () => {
    const from = '2026-06-10T04:00:00.000Z';
    expect(run({ valid_from: from }, { at: new Date(from) })).toEqual(OK);
    const before = new Date(Date.parse(from) - 1);
    expect(run({ valid_from: from }, { at: before })).toEqual(refused('not_yet_valid'));
  });

  it('reads valid_from with its offset', () => {
    // Midnight in Kuala Lumpur is 16:00 UTC the day before.
    const from = '2026-06-10T00:00:00+08:00';
    expect(run({ valid_from: from }, { at: new Date('2026-06-09T16:00:00.000Z') })).toEqual(OK);
    expect(run({ valid_from: from }, { at: new Date('2026-06-09T15:59:59.999Z') })).toEqual(
      refused('not_yet_valid'),
    );
  });

  it('has expired at valid_until exactly, and not one millisecond before', () => {
    const until = '2026-06-30T16:00:00.000Z';
    expect(run({ valid_until: until }, { at: new Date(until) })).toEqual(refused('expired'));
    const before = new Date(Date.parse(until) - 1);
    expect(run({ valid_until: until }, { at: before })).toEqual(OK);
    expect(run({ valid_until: null }, { at: new Date('2099-01-01T00:00:00Z') })).toEqual(OK);
  });

  it('reads the day of the week on the outlet clock, not UTC', () => {
    // 16:00 UTC on Tuesday 9 June is already Wednesday 00:00 in Kuala Lumpur.
    const wedMidnight = new Date('2026-06-09T16:00:00.000Z');
    const tueLastMs = new Date('2026-06-09T15:59:59.999Z');
    const WED = 3;
    const TUE = 2;
    expect(run({ days_of_week: [WED] }, { at: wedMidnight })).toEqual(OK);
    expect(run({ days_of_week: [WED] }, { at: tueLastMs })).toEqual(refused('wrong_day'));
    expect(run({ days_of_week: [TUE] }, { at: wedMidnight })).toEqual(refused('wrong_day'));
    expect(run({ days_of_week: [TUE] }, { at: tueLastMs })).toEqual(OK);
    // The same instant is still Tuesday for an outlet on UTC.
    expect(run({ days_of_week: [TUE] }, { at: wedMidnight, timezone: 'UTC' })).toEqual(OK);
    expect(run({ days_of_week: [WED] }, { at: wedMidnight, timezone: 'UTC' })).toEqual(
      refused('wrong_day'),
    );
    expect(run({ days_of_week: [] }, { at: tueLastMs })).toEqual(OK);
  });

  it('keeps a daytime window [from, until) on the outlet clock', () => {
    const lunch = { hours_from: '11:00', hours_until: '14:00' };
    const at = (time: string) => ({ at: kl('2026-06-10', time) });
    expect(run(lunch, at('10:59'))).toEqual(refused('wrong_hour'));
    expect(run(lunch, at('11:00'))).toEqual(OK);
    expect(run(lunch, at('13:59'))).toEqual(OK);
    expect(run(lunch, at('14:00'))).toEqual(refused('wrong_hour'));
    // 11:00 in Kuala Lumpur is 03:00 UTC: an outlet on UTC is outside its window then.
    expect(run(lunch, { ...at('11:00'), timezone: 'UTC' })).toEqual(refused('wrong_hour'));
  });

  it('runs an overnight window 22:00–02:00 across midnight', () => {
    const night = { hours_from: '22:00', hours_until: '02:00' };
    const at = (date: string, time: string) => ({ at: kl(date, time) });
    expect(run(night, at('2026-06-10', '21:59'))).toEqual(refused('wrong_hour'));
    expect(run(night, at('2026-06-10', '22:00'))).toEqual(OK);
    expect(run(night, at('2026-06-10', '23:59'))).toEqual(OK);
    expect(run(night, at('2026-06-11', '00:00'))).toEqual(OK);
    expect(run(night, at('2026-06-11', '01:59'))).toEqual(OK);
    expect(run(night, at('2026-06-11', '02:00'))).toEqual(refused('wrong_hour'));
    expect(run(night, at('2026-06-11', '12:00'))).toEqual(refused('wrong_hour'));
  });

  it('counts the small hours of an overnight window as the night that began the day before', () => {
    // Friday nights only: Friday 22:00 until Saturday 02:00. 12 June 2026 is a Friday.
    const fridayNight = { days_of_week: [5], hours_from: '22:00', hours_until: '02:00' };
    const at = (date: string, time: string) => ({ at: kl(date, time) });
    expect(run(fridayNight, at('2026-06-12', '22:00'))).toEqual(OK);
    expect(run(fridayNight, at('2026-06-13', '01:59'))).toEqual(OK);
    // Friday 01:00 is Thursday's night; Saturday 22:00 is Saturday's.
    expect(run(fridayNight, at('2026-06-12', '01:00'))).toEqual(refused('wrong_day'));
    expect(run(fridayNight, at('2026-06-13', '22:00'))).toEqual(refused('wrong_day'));
    // Saturday 02:00 is Saturday's day, outside the days.
    expect(run(fridayNight, at('2026-06-13', '02:00'))).toEqual(refused('wrong_day'));
    // Friday 21:59 is Friday, outside the hours.
    expect(run(fridayNight, at('2026-06-12', '21:59'))).toEqual(refused('wrong_hour'));
  });
});

describe('evaluateVoucher: where and who', () => {
  it('keeps to its outlets, sources and serving methods; an empty list keeps nothing out', () => {
    expect(run({ outlet_ids: [OTHER_OUTLET] })).toEqual(refused('outlet'));
    expect(run({ outlet_ids: [OTHER_OUTLET, OUTLET] })).toEqual(OK);
    expect(run({ sources: ['app'] }, { source: 'pos' })).toEqual(refused('source'));
    expect(run({ sources: ['app'] }, { source: 'app' })).toEqual(OK);
    expect(run({ sources: [] }, { source: 'app' })).toEqual(OK);
    const pickUp = cart(RM20.lines.slice(), { serving_method: 'pick_up' });
    expect(run({ serving_methods: ['dine_in'] }, {}, pickUp)).toEqual(refused('serving_method'));
    expect(run({ serving_methods: ['dine_in', 'pick_up'] }, {}, pickUp)).toEqual(OK);
  });

  it('needs a customer when it says so, and when it has a per-customer limit', () => {
    const anonymous = { customer_id: null };
    expect(run({ requires_customer: true }, anonymous)).toEqual(refused('customer_needed'));
    expect(run({ requires_customer: true })).toEqual(OK);
    expect(run({ per_customer_limit: 3 }, anonymous)).toEqual(refused('customer_needed'));
    expect(run({ per_customer_limit: 3 })).toEqual(OK);
    expect(run({ total_limit: 3 }, anonymous)).toEqual(OK);
  });

  it('allows the last redemption of the total limit, and refuses the one after', () => {
    expect(run({ total_limit: 5 }, { redeemed_total: 4 })).toEqual(OK);
    expect(run({ total_limit: 5 }, { redeemed_total: 5 })).toEqual(refused('limit_reached'));
    expect(run({ total_limit: 1 }, { redeemed_total: 0 })).toEqual(OK);
    expect(run({ total_limit: 1 }, { redeemed_total: 1 })).toEqual(refused('limit_reached'));
  });

  it('allows a customer their last redemption, and refuses the one after', () => {
    const limit = { per_customer_limit: 2 };
    expect(run(limit, { redeemed_by_customer: 1, redeemed_total: 50 })).toEqual(OK);
    expect(run(limit, { redeemed_by_customer: 2 })).toEqual(refused('customer_limit_reached'));
  });

  it('refuses a cart one sen below the minimum spend, and takes it at the minimum', () => {
    const min = { min_spend: 1_500 };
    // 10% of 1500 is 150.
    expect(run(min, {}, cart([line(P1, 1_000), line(P2, 250, 2)]))).toEqual({
      ok: true,
      discount: 150,
    });
    expect(run(min, {}, cart([line(P1, 999), line(P2, 250, 2)]))).toEqual(refused('min_spend'));
  });
});

/** Each refusal and a change that brings it about, in the order they are checked. */
const breaks: { reason: VoucherRefusal; v?: Partial<VoucherRules>; c?: Partial<VoucherContext> }[] =
  [
    { reason: 'inactive', v: { status: 'inactive' } },
    { reason: 'not_yet_valid', v: { valid_from: '2026-06-11T00:00:00.000Z' } },
    { reason: 'expired', v: { valid_until: NOON.toISOString() } },
    { reason: 'wrong_day', v: { days_of_week: [0, 6] } },
    { reason: 'wrong_hour', v: { hours_from: '18:00', hours_until: '20:00' } },
    { reason: 'outlet', v: { outlet_ids: [OTHER_OUTLET] } },
    { reason: 'source', v: { sources: ['app'] } },
    { reason: 'serving_method', v: { serving_methods: ['delivery'] } },
    { reason: 'customer_needed', v: { requires_customer: true }, c: { customer_id: null } },
    { reason: 'limit_reached', v: { total_limit: 3 }, c: { redeemed_total: 3 } },
    {
      reason: 'customer_limit_reached',
      v: { per_customer_limit: 1 },
      c: { redeemed_by_customer: 1 },
    },
    { reason: 'min_spend', v: { min_spend: 2_001 } },
    { reason: 'no_eligible_item', v: { product_ids: [P3] } },
  ];

const withBreaks = (chosen: typeof breaks) =>
  run(
    Object.assign({}, ...chosen.map((b) => b.v ?? {})),
    Object.assign({}, ...chosen.map((b) => b.c ?? {})),
  );

describe('evaluateVoucher: the order of refusals', () => {
  it('checks the reasons in the order the contract lists them', () => {
    expect(breaks.map((b) => b.reason)).toEqual([...voucherRefusals]);
  });

  it('answers each reason alone', () => {
    for (const b of breaks) expect(withBreaks([b]), b.reason).toEqual(refused(b.reason));
  });

  it('answers the earlier of any two reasons', () => {
    for (let i = 0; i < breaks.length; i++) {
      for (let j = i + 1; j < breaks.length; j++) {
        const pair = `${breaks[i]!.reason} + ${breaks[j]!.reason}`;
        expect(withBreaks([breaks[i]!, breaks[j]!]), pair).toEqual(refused(breaks[i]!.reason));
      }
    }
  });

  it('answers the first reason left as each is mended in turn', () => {
    for (let i = 0; i < breaks.length; i++) {
      expect(withBreaks(breaks.slice(i))).toEqual(refused(breaks[i]!.reason));
    }
    expect(withBreaks([])).toEqual(OK);
  });
});

const discountOf = (v: Partial<VoucherRules>, k: VoucherCart) => {
  const r = evaluateVoucher(voucher(v), k, context());
  if (!r.ok) throw new Error(`refused: ${r.reason}`);
  return r.discount;
};

describe('evaluateVoucher: the discount', () => {
  it('takes a percentage of the subtotal, rounded half-up to the sen once', () => {
    // 10% of 1235 is 123.5 → 124; of 1234 is 123.4 → 123; 20% of 1234 is 246.8 → 247.
    expect(discountOf({ value: 1_000 }, cart([line(P1, 1_235)]))).toBe(124);
    expect(discountOf({ value: 1_000 }, cart([line(P1, 1_234)]))).toBe(123);
    expect(discountOf({ value: 2_000 }, cart([line(P1, 617, 2)]))).toBe(247);
    // 12.5% of 4 sen is 0.5 → 1; 100% is the whole subtotal.
    expect(discountOf({ value: 1_250 }, cart([line(P1, 4)]))).toBe(1);
    expect(discountOf({ value: 10_000 }, cart([line(P1, 1_999)]))).toBe(1_999);
  });

  it('rounds the percentage of the eligible total, not of each line', () => {
    // 10% of 5 + 5 + 5 = 15 is 1.5 → 2 (line by line would be 3 × 0.5 → 3).
    expect(discountOf({ value: 1_000 }, cart([line(P1, 5), line(P2, 5), line(P3, 5)]))).toBe(2);
  });

  it('caps a percentage at max_discount', () => {
    // 20% capped at RM 5: RM 30 → 600 → 500; RM 25 → 500; RM 20 → 400.
    const capped = { value: 2_000, max_discount: 500 };
    expect(discountOf(capped, cart([line(P1, 3_000)]))).toBe(500);
    expect(discountOf(capped, cart([line(P1, 2_500)]))).toBe(500);
    expect(discountOf(capped, cart([line(P1, 2_000)]))).toBe(400);
  });

  it('takes a fixed amount, never more than the eligible lines', () => {
    expect(discountOf({ type: 'fixed', value: 500 }, cart([line(P1, 2_000)]))).toBe(500);
    expect(discountOf({ type: 'fixed', value: 1_000 }, cart([line(P1, 600)]))).toBe(600);
    // RM 10 off P1 only: P1 is 2 × 300 = 600 of a 2000 cart, so 600.
    const p1Only = cart([line(P1, 300, 2), line(P2, 1_400)]);
    expect(discountOf({ type: 'fixed', value: 1_000, product_ids: [P1] }, p1Only)).toBe(600);
  });

  it('applies a percentage to the products and categories it names only', () => {
    const k = cart([line(P1, 1_000), line(P2, 500, 1, CAT1), line(P3, 700, 1, CAT2)]);
    // P1 and CAT1: 1000 + 500 = 1500, 10% = 150.
    expect(discountOf({ product_ids: [P1], category_ids: [CAT1] }, k)).toBe(150);
    // CAT2 alone: 10% of 700 = 70.
    expect(discountOf({ category_ids: [CAT2] }, k)).toBe(70);
    // No line named: nothing to discount.
    const r = evaluateVoucher(voucher({ product_ids: [CUSTOMER] }), k, context());
    expect(r).toEqual(refused('no_eligible_item'));
  });

  it('counts the whole subtotal for the minimum spend of a restricted voucher', () => {
    // RM 15 minimum, 10% on P1: P1 is 500 of a 1500 cart → 50.
    const k = cart([line(P1, 500), line(P2, 1_000)]);
    expect(discountOf({ min_spend: 1_500, product_ids: [P1] }, k)).toBe(50);
  });

  it('gives one unit of a free product, whatever its quantity', () => {
    const free = { type: 'free_item' as const, value: 0, free_item_kind: 'product' as const };
    const k = cart([line(P1, 1_200), line(P2, 450, 3)]);
    expect(discountOf({ ...free, free_item_id: P2 }, k)).toBe(450);
    const r = evaluateVoucher(voucher({ ...free, free_item_id: P3 }), k, context());
    expect(r).toEqual(refused('no_eligible_item'));
  });

  it("gives the cheapest unit of a free category, other categories' lines aside", () => {
    const free = { type: 'free_item' as const, value: 0, free_item_kind: 'category' as const };
    const k = cart([
      line(P1, 650, 1, CAT1),
      line(P2, 420, 2, CAT1),
      line(P3, 580, 1, CAT1),
      line(P3, 100, 1, CAT2),
      line(P1, 50, 1, null),
    ]);
    expect(discountOf({ ...free, free_item_id: CAT1 }, k)).toBe(420);
    expect(discountOf({ ...free, free_item_id: CAT2 }, k)).toBe(100);
    const none = cart([line(P1, 650, 1, CAT2)]);
    const r = evaluateVoucher(voucher({ ...free, free_item_id: CAT1 }), none, context());
    expect(r).toEqual(refused('no_eligible_item'));
  });

  it('answers the same for the same inputs and leaves them as they were', () => {
    const v = Object.freeze(voucher({ value: 1_500, max_discount: 300 }));
    const k = Object.freeze(cart([Object.freeze(line(P1, 1_111, 3))]));
    const c = Object.freeze(context());
    // 15% of 3333 is 499.95 → 500, capped at 300.
    expect(evaluateVoucher(v, k, c)).toEqual({ ok: true, discount: 300 });
    expect(evaluateVoucher(v, k, c)).toEqual({ ok: true, discount: 300 });
  });
});
