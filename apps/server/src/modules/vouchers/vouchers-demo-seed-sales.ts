import {
  addDays,
  defaultOptions,
  type OrderCreate,
  type OrderItemInput,
  outletOpenState,
  type OutletSchedule,
  type PosContext,
  type PosMenuProduct,
  parseClock,
  priceOrder,
  type ServingMethod,
  weekdayOf,
  zonedToUtc,
} from '@kopi/contract';
import type { DemoVoucher } from './vouchers-demo-seed-data';

// The demo voucher sales as the POS rings them up: a moment the outlet takes orders and the
// voucher allows, a cart its rules accept, and the payment of exactly the total the POS shows
// (priceOrder over the POS menu's prices, with the discount the voucher check answered).

export interface SaleOutlet extends OutletSchedule {
  id: string;
  code: string;
  servingMethods: string[];
}

type Rand = () => number;

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
  if (last < first) return null;
  const [from, until] = v.hours
    ? [parseClock(v.hours.from), parseClock(v.hours.until)]
    : [9 * 60, 20 * 60];
  for (let tries = 0; tries < 40; tries++) {
    const date = addDays(today, first + Math.floor(rand() * (last - first + 1)));
    if (v.daysOfWeek && !v.daysOfWeek.includes(weekdayOf(date))) continue;
    const minute = from + Math.floor(rand() * (until - from));
    const at = new Date(
      zonedToUtc(date, minute, outlet.timezone).getTime() + 1000 * Math.floor(rand() * 60),
    );
    if (outletOpenState(outlet, at).accepting_orders) return at;
  }
  return null;
}

/** One unit of a product with the choices a cashier's single tap gives (the defaults). */
function lineOf(p: PosMenuProduct, quantity: number) {
  const options = Object.values(defaultOptions(p.variant_groups)).flat();
  return {
    input: {
      product_id: p.id,
      quantity,
      option_ids: options.map((o) => o.id),
      addon_ids: [],
    } satisfies OrderItemInput,
    pricing: {
      unit_price: p.price,
      option_prices: options.map((o) => o.price),
      addon_prices: [],
      quantity,
    },
  };
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
  const pick = (xs: PosMenuProduct[]) => xs[Math.floor(rand() * xs.length)];
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
  const firstProduct = pick(wanted);
  if (!firstProduct) return null;
  const lines = [lineOf(firstProduct, rand() < 0.8 ? 1 : 2)];
  const subtotal = () =>
    priceOrder({
      lines: lines.map((l) => l.pricing),
      discount: 0,
      serving_method: 'pick_up',
      delivery_fee: 0,
      paid_in_cash: false,
      settings: {
        service_charge_rate_bp: 0,
        service_charge_methods: [],
        service_tax_rate_bp: 0,
        service_charge_taxable: false,
        cash_rounding: false,
      },
    }).subtotal;
  const extra = 1 + Math.floor(rand() * 2);
  while (lines.length < 8 && (lines.length <= extra || subtotal() < v.minSpend)) {
    lines.push(lineOf(pick(sellable)!, rand() < 0.85 ? 1 : 2));
  }
  return subtotal() >= v.minSpend ? lines : null;
}

const NON_CASH = ['card', 'duitnow_qr', 'tng', 'grabpay'] as const;

/** The sale as POST /api/orders takes it: paid exactly what priceOrder charges. */
export function voucherSale(
  v: DemoVoucher & { code: string },
  outlet: SaleOutlet,
  pos: PosContext,
  lines: NonNullable<ReturnType<typeof voucherCart>>,
  serving: ServingMethod,
  discount: number,
  rand: Rand,
): OrderCreate {
  const cash = rand() < 0.4;
  const priced = priceOrder({
    lines: lines.map((l) => l.pricing),
    discount,
    serving_method: serving,
    delivery_fee: pos.outlet.delivery_fee,
    paid_in_cash: cash,
    settings: pos.pricing,
  });
  const method = NON_CASH[Math.floor(rand() * NON_CASH.length)]!;
  return {
    outlet_id: outlet.id,
    serving_method: serving,
    ...(serving === 'dine_in' ? { table_no: String(1 + Math.floor(rand() * 20)) } : {}),
    items: lines.map((l) => l.input),
    discount: 0,
    voucher_code: v.code,
    payments: cash
      ? [
          {
            method: 'cash',
            amount: priced.total,
            tendered: Math.ceil(priced.total / 1000) * 1000,
          },
        ]
      : [
          {
            method,
            amount: priced.total,
            reference: `${method.toUpperCase().slice(0, 4)}${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`,
          },
        ],
    allow_outside_hours: false,
  };
}

/** The serving method: the voucher's, else dine-in about half the time. */
export function servingFor(v: DemoVoucher, outlet: SaleOutlet, rand: Rand): ServingMethod {
  const offered = (v.servingMethods ?? ['dine_in', 'pick_up']).filter((m) =>
    outlet.servingMethods.includes(m),
  );
  return offered[Math.floor(rand() * offered.length)] ?? 'pick_up';
}
