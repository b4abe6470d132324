import {
  addDays,
  defaultOptions,
  type OrderCreate,
  type OrderItemInput,
  type OutletSchedule,
  type PosContext,
  type PosMenuProduct,
  outletOpenState,
  priceOrder,
  type ServingMethod,
  zonedToUtc,
} from '@kopi/contract';

// The demo's counter sales with a voucher, rung up as the POS does it: lines of a single tap's
// choices, a cart filled up to the voucher's minimum spend, and the payment of exactly the total
// the POS shows (priceOrder over the POS menu's prices, with the discount the voucher check
// answered). The voucher demo and the campaigns demo share them.

export interface SaleOutlet extends OutletSchedule {
  id: string;
  code: string;
  servingMethods: string[];
}

export type Rand = () => number;

/** One unit of a product with the choices a cashier's single tap gives (the defaults). */
export function tapLine(p: PosMenuProduct, quantity: number) {
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
export type SaleLine = ReturnType<typeof tapLine>;

const subtotalOf = (lines: SaleLine[]) =>
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

/**
 * The cart after `first`: one or two more products, then more until the minimum spend is met
 * (at most eight lines); null when it still falls short.
 */
export function filledCart(
  first: SaleLine,
  sellable: PosMenuProduct[],
  minSpend: number,
  rand: Rand,
): SaleLine[] | null {
  const pick = (xs: PosMenuProduct[]) => xs[Math.floor(rand() * xs.length)]!;
  const lines = [first];
  const extra = 1 + Math.floor(rand() * 2);
  while (lines.length < 8 && (lines.length <= extra || subtotalOf(lines) < minSpend)) {
    lines.push(tapLine(pick(sellable), rand() < 0.85 ? 1 : 2));
  }
  return subtotalOf(lines) >= minSpend ? lines : null;
}

const NON_CASH = ['card', 'duitnow_qr', 'tng', 'grabpay'] as const;

/** The sale with `code` as POST /api/orders takes it: paid exactly what priceOrder charges. */
export function voucherSale(
  code: string,
  outlet: SaleOutlet,
  pos: PosContext,
  lines: SaleLine[],
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
    voucher_code: code,
    payments: cash
      ? [{ method: 'cash', amount: priced.total, tendered: Math.ceil(priced.total / 1000) * 1000 }]
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

/** One of `methods` the outlet offers, evenly; pick-up when it offers none of them. */
export function servingOf(methods: readonly string[], outlet: SaleOutlet, rand: Rand) {
  const offered = methods.filter((m) => outlet.servingMethods.includes(m)) as ServingMethod[];
  return offered[Math.floor(rand() * offered.length)] ?? 'pick_up';
}

/**
 * A moment on a day from `first` to `last` (days from `today`) that `dayAllows`, at a minute of
 * `minutes` (of the day; 09:00 to 20:00 unless named), when the outlet takes orders; null after
 * 40 misses.
 */
export function openMoment(o: {
  first: number;
  last: number;
  outlet: SaleOutlet;
  today: string;
  rand: Rand;
  minutes?: readonly [from: number, until: number];
  dayAllows?: (date: string) => boolean;
}): Date | null {
  const { first, last, outlet, rand } = o;
  if (last < first) return null;
  const [from, until] = o.minutes ?? [9 * 60, 20 * 60];
  for (let tries = 0; tries < 40; tries++) {
    const date = addDays(o.today, first + Math.floor(rand() * (last - first + 1)));
    if (o.dayAllows && !o.dayAllows(date)) continue;
    const minute = from + Math.floor(rand() * (until - from));
    const at = new Date(
      zonedToUtc(date, minute, outlet.timezone).getTime() + 1000 * Math.floor(rand() * 60),
    );
    if (outletOpenState(outlet, at).accepting_orders) return at;
  }
  return null;
}
