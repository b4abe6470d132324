import { applyRate } from './money';
import type { ServingMethod } from './pricing';
import { localParts, parseClock } from './time';
import type { Voucher, VoucherRefusal, VoucherSource } from './vouchers';

// The one place a voucher's rules are applied (decision 052): the POS preview, the customer app's
// cart and the server's order all call evaluateVoucher, so they cannot disagree. Its discount is
// what priceOrder takes as `discount`: taken off the subtotal before service charge and SST, then
// any manual discount comes off what is left, and cash rounding comes last.

export type VoucherRules = Pick<
  Voucher,
  | 'status'
  | 'type'
  | 'value'
  | 'max_discount'
  | 'free_item_kind'
  | 'free_item_id'
  | 'min_spend'
  | 'valid_from'
  | 'valid_until'
  | 'days_of_week'
  | 'hours_from'
  | 'hours_until'
  | 'total_limit'
  | 'per_customer_limit'
  | 'outlet_ids'
  | 'sources'
  | 'serving_methods'
  | 'product_ids'
  | 'category_ids'
  | 'requires_customer'
>;

/**
 * Rules that restrict nothing, from `valid_from` on: active, 20% off with no cap, no minimum
 * spend, every day and hour, no limit, every outlet, source, serving method and item, for anyone.
 * A new voucher in the back office starts from these; tests spread them and change one rule.
 */
export const voucherRulesDefaults = (validFrom: string): VoucherRules => ({
  status: 'active',
  type: 'percent',
  value: 2_000,
  max_discount: null,
  free_item_kind: null,
  free_item_id: null,
  min_spend: 0,
  valid_from: validFrom,
  valid_until: null,
  days_of_week: [],
  hours_from: null,
  hours_until: null,
  total_limit: null,
  per_customer_limit: null,
  outlet_ids: [],
  sources: [],
  serving_methods: [],
  product_ids: [],
  category_ids: [],
  requires_customer: false,
});

/** A cart line as the voucher sees it: one unit's price with its options and add-ons. */
export interface VoucherCartLine {
  product_id: string;
  category_id: string | null;
  unit_price: number;
  quantity: number;
}

export interface VoucherCart {
  lines: readonly VoucherCartLine[];
  serving_method: ServingMethod;
}

export interface VoucherContext {
  at: Date;
  /** The outlet's time zone: days of the week and hours are its wall clock. */
  timezone: string;
  outlet_id: string;
  source: VoucherSource;
  customer_id: string | null;
  /** Redemptions standing now, of everyone and of this customer. */
  redeemed_total: number;
  redeemed_by_customer: number;
}

export type VoucherEvaluation =
  { ok: true; discount: number } | { ok: false; reason: VoucherRefusal };

const lineTotal = (l: VoucherCartLine) => Math.max(0, l.unit_price) * l.quantity;
const sumOf = (lines: readonly VoucherCartLine[]) => lines.reduce((s, l) => s + lineTotal(l), 0);

/** Is `minutes` past midnight inside [start, end)? A window whose end is earlier runs overnight. */
function inWindow(minutes: number, start: number, end: number) {
  return start < end ? start <= minutes && minutes < end : minutes >= start || minutes < end;
}

/** Why the voucher cannot be used here and now, whatever the cart holds; null when it can. */
function refusalOf(v: VoucherRules, cart: VoucherCart, c: VoucherContext): VoucherRefusal | null {
  if (v.status !== 'active') return 'inactive';
  const at = c.at.getTime();
  if (at < Date.parse(v.valid_from)) return 'not_yet_valid';
  if (v.valid_until && at >= Date.parse(v.valid_until)) return 'expired';
  const local = localParts(c.at, c.timezone);
  const minutes = local.hour * 60 + local.minute;
  const start = v.hours_from && v.hours_until ? parseClock(v.hours_from) : null;
  const end = v.hours_from && v.hours_until ? parseClock(v.hours_until) : null;
  // The small hours of an overnight window belong to the night that began the day before: a
  // Friday 22:00–02:00 voucher works at Saturday 01:00, and not at Friday 01:00.
  const smallHours = start !== null && end !== null && end < start && minutes < end;
  const weekday = smallHours ? (local.weekday + 6) % 7 : local.weekday;
  if (v.days_of_week.length > 0 && !v.days_of_week.includes(weekday)) return 'wrong_day';
  if (start !== null && end !== null && !inWindow(minutes, start, end)) return 'wrong_hour';
  if (v.outlet_ids.length > 0 && !v.outlet_ids.includes(c.outlet_id)) return 'outlet';
  if (v.sources.length > 0 && !v.sources.includes(c.source)) return 'source';
  if (v.serving_methods.length > 0 && !v.serving_methods.includes(cart.serving_method)) {
    return 'serving_method';
  }
  // A per-customer limit can only be kept by knowing the customer.
  if ((v.requires_customer || v.per_customer_limit != null) && !c.customer_id) {
    return 'customer_needed';
  }
  if (v.total_limit != null && c.redeemed_total >= v.total_limit) return 'limit_reached';
  if (v.per_customer_limit != null && c.redeemed_by_customer >= v.per_customer_limit) {
    return 'customer_limit_reached';
  }
  return null;
}

/** The lines a percent or fixed voucher applies to: those it names, or every line. */
function eligibleLines(v: VoucherRules, lines: readonly VoucherCartLine[]) {
  if (v.product_ids.length === 0 && v.category_ids.length === 0) return lines;
  return lines.filter(
    (l) =>
      v.product_ids.includes(l.product_id) ||
      (l.category_id !== null && v.category_ids.includes(l.category_id)),
  );
}

/** The discount before the subtotal's cap: what the voucher's type takes off these lines. */
function discountOf(v: VoucherRules, lines: readonly VoucherCartLine[]): number | null {
  if (v.type === 'free_item') {
    const free = lines.filter((l) =>
      v.free_item_kind === 'product'
        ? l.product_id === v.free_item_id
        : l.category_id !== null && l.category_id === v.free_item_id,
    );
    // One unit, of the cheapest matching line: the customer gets the least costly of the choice.
    if (free.length === 0) return null;
    return Math.min(...free.map((l) => Math.max(0, l.unit_price)));
  }
  const eligible = sumOf(eligibleLines(v, lines));
  if (eligible <= 0) return null;
  if (v.type === 'fixed') return Math.min(v.value, eligible);
  const percent = applyRate(eligible, v.value);
  return v.max_discount != null ? Math.min(percent, v.max_discount) : percent;
}

/**
 * Applies a voucher to a cart: the discount in sen (never above the subtotal) or the first reason
 * it does not apply, in the order of `voucherRefusals`.
 */
export function evaluateVoucher(
  voucher: VoucherRules,
  cart: VoucherCart,
  context: VoucherContext,
): VoucherEvaluation {
  const refusal = refusalOf(voucher, cart, context);
  if (refusal) return { ok: false, reason: refusal };
  const subtotal = sumOf(cart.lines);
  if (subtotal < voucher.min_spend) return { ok: false, reason: 'min_spend' };
  const discount = discountOf(voucher, cart.lines);
  if (discount === null) return { ok: false, reason: 'no_eligible_item' };
  return { ok: true, discount: Math.min(Math.max(0, discount), subtotal) };
}
