import {
  addDays,
  defaultOptions,
  type OrderCreate,
  type OrderItemInput,
  outletOpenState,
  type OutletSchedule,
  type PosContext,
  type PosMenuProduct,
  priceOrder,
  type ServingMethod,
  zonedToUtc,
} from '@kopi/contract';
import type { CampaignVoucher } from './campaigns-demo-seed-data';

// The counter sales with the demo campaigns' issued codes, rung up as the POS does it (the same
// steps as the voucher demo's sales, for these plainer vouchers: no hours, days or products of
// their own): a moment the outlet takes orders, a cart the voucher accepts, and the payment of
// exactly the total the POS shows (priceOrder over the POS menu's prices, with the discount the
// voucher check answered).

export interface SaleOutlet extends OutletSchedule {
  id: string;
  code: string;
  servingMethods: string[];
}

type Rand = () => number;

/** A moment on a day from `first` to `last` (days from `today`) when the outlet takes orders. */
export function saleMoment(
  first: number,
  last: number,
  outlet: SaleOutlet,
  today: string,
  rand: Rand,
): Date | null {
  if (last < first) return null;
  for (let tries = 0; tries < 40; tries++) {
    const date = addDays(today, first + Math.floor(rand() * (last - first + 1)));
    const minute = 9 * 60 + Math.floor(rand() * 11 * 60);
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

const subtotalOf = (lines: ReturnType<typeof lineOf>[]) =>
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

/** A cart for the voucher: its free item first when it gives one, then more to the min spend. */
export function campaignCart(
  v: CampaignVoucher,
  menu: PosMenuProduct[],
  ids: { categoryOf: (name: string) => string; productOf: (sku: string) => string },
  rand: Rand,
) {
  const sellable = menu.filter((p) => p.available && !p.sold_out);
  const pick = (xs: PosMenuProduct[]) => xs[Math.floor(rand() * xs.length)];
  const free = v.freeItem;
  const wanted = !free
    ? sellable
    : free.kind === 'product'
      ? sellable.filter((p) => p.id === ids.productOf(free.sku))
      : sellable.filter((p) => p.category_id === ids.categoryOf(free.category));
  const first = pick(wanted);
  if (!first) return null;
  const lines = [lineOf(first, 1)];
  const extra = 1 + Math.floor(rand() * 2);
  while (lines.length < 8 && (lines.length <= extra || subtotalOf(lines) < v.minSpend)) {
    lines.push(lineOf(pick(sellable)!, rand() < 0.85 ? 1 : 2));
  }
  return subtotalOf(lines) >= v.minSpend ? lines : null;
}

const NON_CASH = ['card', 'duitnow_qr', 'tng', 'grabpay'] as const;

/** The sale as POST /api/orders takes it: paid exactly what priceOrder charges. */
export function campaignSale(
  code: string,
  outlet: SaleOutlet,
  pos: PosContext,
  lines: NonNullable<ReturnType<typeof campaignCart>>,
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

/** Dine-in or pick-up, as the outlet offers them, about half and half. */
export function servingAt(outlet: SaleOutlet, rand: Rand): ServingMethod {
  const offered = (['dine_in', 'pick_up'] as const).filter((m) =>
    outlet.servingMethods.includes(m),
  );
  return offered[Math.floor(rand() * offered.length)] ?? 'pick_up';
}
