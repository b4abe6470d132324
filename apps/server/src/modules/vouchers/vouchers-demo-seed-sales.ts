import { type PosMenuProduct, parseClock, weekdayOf } from '@kopi/contract';
import {
  filledCart,
  openMoment,
  type Rand,
  type SaleOutlet,
  servingOf,
  tapLine,
} from '../../lib/demo-sales';
import type { DemoVoucher } from './vouchers-demo-seed-data';

// The demo voucher sales as the POS rings them up (lib/demo-sales.ts): a moment the outlet takes
// orders and the voucher allows, and a cart its rules accept.

export type { SaleOutlet } from '../../lib/demo-sales';

const LATEST_PAST_DAY = -5;
const EARLIEST_PAST_DAY = -95;

/**
 * A moment in the voucher's window on a past day (the demo's closed days and today left alone)
 * when the outlet takes orders and the voucher's days and hours allow; null after many misses.
 */
export function saleMoment(
  v: DemoVoucher,
  outlet: SaleOutlet,
  today: string,
  rand: Rand,
): Date | null {
  const first = Math.max(v.fromDay, EARLIEST_PAST_DAY);
  const last = Math.min(v.untilDay === null ? LATEST_PAST_DAY : v.untilDay - 1, LATEST_PAST_DAY);
  return openMoment({
    first,
    last,
    outlet,
    today,
    rand,
    minutes: v.hours ? [parseClock(v.hours.from), parseClock(v.hours.until)] : undefined,
    dayAllows: (date) => !v.daysOfWeek || v.daysOfWeek.includes(weekdayOf(date)),
  });
}

/**
 * A cart the voucher applies to: the item it names (its free product, or one of its categories
 * or products) first, then what a customer adds until the minimum spend is met.
 */
export function voucherCart(
  v: DemoVoucher,
  menu: PosMenuProduct[],
  ids: { categoryOf: (name: string) => string; productOf: (sku: string) => string },
  rand: Rand,
) {
  const sellable = menu.filter((p) => p.available && !p.sold_out);
  const wanted = v.freeItem
    ? v.freeItem.kind === 'product'
      ? sellable.filter((p) => p.id === ids.productOf((v.freeItem as { sku: string }).sku))
      : sellable.filter(
          (p) => p.category_id === ids.categoryOf((v.freeItem as { category: string }).category),
        )
    : v.categories
      ? sellable.filter((p) => v.categories!.some((c) => ids.categoryOf(c) === p.category_id))
      : v.skus
        ? sellable.filter((p) => v.skus!.some((s) => ids.productOf(s) === p.id))
        : sellable;
  const firstProduct = wanted[Math.floor(rand() * wanted.length)];
  if (!firstProduct) return null;
  return filledCart(tapLine(firstProduct, rand() < 0.8 ? 1 : 2), sellable, v.minSpend, rand);
}

/** The serving method: the voucher's, else dine-in about half the time. */
export const servingFor = (v: DemoVoucher, outlet: SaleOutlet, rand: Rand) =>
  servingOf(v.servingMethods ?? ['dine_in', 'pick_up'], outlet, rand);
