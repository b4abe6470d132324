import {
  addDays,
  businessDate,
  type OrderCreate,
  type OrderStatus,
  outletOpenState,
  type CounterPaymentMethod,
  type PaymentMethod,
  parseClock,
  priceOrder,
  type ServingMethod,
  servingMethods,
  weekdayOf,
  zonedToUtc,
  seededRandom,
} from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ownedBy } from '../../db/tenant-scope';
import { products } from '../../db/schema/catalogue';
import { tenants } from '../../db/schema/tenancy';
import type { Clock } from '../../lib/clock';
import { demoStaffContexts } from '../../lib/demo-staff';
import { demoOutletRows } from '../../lib/demo-catalogue';
import type { RefundService } from '../refunds/refunds.service';
import type { CloseDayService } from './close-day.service';
import { type CatalogueProduct, resolveCart } from './order-cart';
import type { OrderService } from './orders.service';
import * as catalogue from './order-catalogue.repo';

// Demo orders: a few past business days at every outlet plus a few open ones today,
// made through the same services as the API (so priceOrder prices them and the numbers, history
// and Z-reports are real), on a clock moved to each sale's time. Deterministic (seeded random).
// A paid order rejected gets its refunds as the product makes them (the refunds service's
// refundOwed); finance pays most of them back within the day, before its close, so a closed day
// holds every move dated on it; the latest past day keeps one waiting per outlet, and today's
// wait too, so the "Refund due" screens have examples.

const PAST_DAYS = 3;

const CUSTOMERS = [
  ['Nurul Aina', '+60123456701'],
  ['Lim Chee Keong', '+60167788902'],
  ['Priya Devi', '+60195566103'],
  ['Ahmad Faizal', '+60132233404'],
  ['Wong Mei Ling', '+60176655405'],
  ['Harith Iskandar', '+60104455606'],
] as const;
const REJECT_REASONS = [
  'Customer cancelled',
  'Out of fresh milk',
  'Wrong item keyed in',
  'Customer left before it was ready',
];
const NON_CASH: CounterPaymentMethod[] = [
  'card',
  'card',
  'duitnow_qr',
  'tng',
  'tng',
  'grabpay',
  'boost',
  'shopeepay',
];

interface OutletInfo {
  id: string;
  code: string;
  timezone: string;
  hours: { day: number; ranges: { open: string; close: string }[] }[];
  lastOrderMinutes: number;
  servingMethods: string[];
}

export interface DemoOrderOptions {
  now: Clock;
  tenantSlug?: string;
  /**
   * Run it all in one transaction (each service call nests as a savepoint). On PostgreSQL this
   * saves a WAL flush per sale and move; embedded PGlite is faster without it.
   */
  oneTransaction?: boolean;
  /**
   * The services the history is made through, on the seed's connection and clock: they announce
   * nothing, and the history has no tills (composition/demo-seed.ts).
   */
  services: (db: Db, now: Clock) => DemoOrderServices;
}

export interface DemoOrderServices {
  orders: Pick<OrderService, 'create' | 'move'>;
  refunds: Pick<RefundService, 'get' | 'move'>;
  closeDay: Pick<CloseDayService, 'closeDay'>;
  /** The refunds the orders' rejections asked for, latest last: the seed takes them out. */
  owed: string[];
}

export async function seedDemoOrders(db: Db, options: DemoOrderOptions) {
  if (options.oneTransaction) return db.transaction((tx) => seed(tx, options));
  return seed(db, options);
}

async function seed(db: Db, options: DemoOrderOptions) {
  const [tenant] = await db
    .select({ id: tenants.id, cutoff: tenants.businessDayCutoffHour })
    .from(tenants)
    .where(eq(tenants.slug, options.tenantSlug ?? 'kopi-demo'));
  if (!tenant) return { orders: 0 };
  const tenantId = tenant.id;
  const outletRows: OutletInfo[] = await demoOutletRows(db, tenantId);
  const staff = await demoStaffContexts(db, tenantId, ['admin', 'cashier', 'finance']);
  const adminCtx = staff.get('admin');
  if (!adminCtx || outletRows.length === 0) return { orders: 0 };
  const cashierCtx = staff.get('cashier') ?? null;
  const financeCtx = staff.get('finance') ?? adminCtx;

  let current = options.now();
  const realNow = current;
  const clock: Clock = () => current;
  // Back-filled history alerts nobody: no notifications or live events for it, and it has no
  // tills: its sales and refunds go into no shift's drawer.
  const { orders: orderService, refunds, closeDay, owed } = options.services(db, clock);
  const rand = seededRandom(20_260_101);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const productIds = (
    await db
      .select({ id: products.id })
      .from(products)
      .where(and(ownedBy(products, tenantId), eq(products.status, 'active')))
  ).map((p) => p.id);

  let created = 0;
  for (const outlet of outletRows) {
    const ctx = cashierCtx && cashierCtx.principal.outletId === outlet.id ? cashierCtx : adminCtx;
    const sale = await catalogue.orderContext(db, tenantId, outlet.id, {
      fromDate: '2000-01-01',
      staffId: ctx.principal.userId,
      productIds,
    });
    const menu = (sale?.catalogue ?? []).filter((p) => p.available !== false);
    if (!sale || menu.length === 0) continue;
    const today = businessDate(realNow, outlet.timezone, tenant.cutoff);
    for (let back = PAST_DAYS; back >= 0; back--) {
      const date = addDays(today, -back);
      const count = back === 0 ? 4 + Math.floor(rand() * 5) : 20 + Math.floor(rand() * 13);
      const times = saleTimes(
        outlet,
        sale.closures,
        date,
        count,
        back === 0 ? realNow : null,
        rand,
      );
      // Seeded before today's opening (after the cut-off, say at 05:00), the counter's first
      // orders are rung up early, outside the hours, as a counter may: the board and the POS
      // always have today's open orders to show, whatever the time of day.
      const early =
        back === 0 && times.length === 0
          ? earlyTimes(zonedToUtc(date, tenant.cutoff * 60, outlet.timezone), realNow, count)
          : [];
      const placed: { id: string; at: Date }[] = [];
      for (const at of [...times, ...early]) {
        current = at;
        const input = {
          ...demoSale(outlet, menu, sale, date, rand, pick),
          allow_outside_hours: early.length > 0,
        };
        const order = await orderService.create(ctx, input, null);
        placed.push({ id: order.id, at });
        created++;
      }
      // Most orders are made and handed over; a few are rejected; today's latest stay open.
      const rejected: { refunds: string[]; at: Date }[] = [];
      for (const [i, o] of placed.entries()) {
        const stillOpen = back === 0 && i >= placed.length - 3;
        const path: OrderStatus[] = stillOpen
          ? i === placed.length - 1
            ? []
            : ['APPROVED']
          : rand() < 0.08
            ? rand() < 0.5
              ? ['REJECTED']
              : ['APPROVED', 'REJECTED']
            : ['APPROVED', 'COMPLETED'];
        let at = o.at;
        for (const status of path) {
          at = new Date(at.getTime() + (2 + Math.floor(rand() * 8)) * 60_000);
          current = at > realNow ? realNow : at;
          owed.length = 0;
          // A paid order's reject is a void: the admin's (a manager), as at a real counter.
          await orderService.move(status === 'REJECTED' ? adminCtx : ctx, o.id, {
            status,
            reason: status === 'REJECTED' ? pick(REJECT_REASONS) : undefined,
          });
          if (owed.length > 0) rejected.push({ refunds: owed.splice(0), at });
        }
      }
      // Paid back a few minutes after the rejection, by finance, on the day (well before the
      // close, 45 minutes after the last sale). Today's and the latest past day's last wait.
      const paidBack = back === 0 ? [] : back === 1 ? rejected.slice(0, -1) : rejected;
      for (const r of paidBack) {
        let at = r.at;
        for (const status of ['APPROVED', 'COMPLETED'] as const) {
          at = new Date(at.getTime() + (2 + Math.floor(rand() * 4)) * 60_000);
          for (const id of r.refunds) {
            // One after the other, as finance would: a few seconds apart.
            at = new Date(at.getTime() + 5_000);
            current = at;
            // A wallet's is given back at once, by the system: nothing to do by hand.
            const refund = await refunds.get(financeCtx, id);
            if (refund.status === (status === 'APPROVED' ? 'PENDING' : 'APPROVED')) {
              await refunds.move(financeCtx, id, { status });
            }
          }
        }
      }
      if (back > 0 && placed.length > 0) {
        current = new Date(placed.at(-1)!.at.getTime() + 45 * 60_000);
        await closeDay.closeDay(adminCtx, { outlet_id: outlet.id, business_date: date });
      }
    }
  }
  return { orders: created };
}

/** `count` sorted moments on `date` when the outlet takes orders (before `until` when given). */
function saleTimes(
  outlet: OutletInfo,
  closures: { from: string; to: string; reason: string }[],
  date: string,
  count: number,
  until: Date | null,
  rand: () => number,
): Date[] {
  const day = outlet.hours.find((h) => h.day === weekdayOf(date));
  const ranges = (day?.ranges ?? []).map((r) => {
    const open = parseClock(r.open);
    let close = parseClock(r.close);
    if (close <= open) close += 24 * 60;
    return { open, close: close - outlet.lastOrderMinutes };
  });
  const schedule = {
    timezone: outlet.timezone,
    hours: outlet.hours,
    closures,
    last_order_minutes: outlet.lastOrderMinutes,
  };
  const times: Date[] = [];
  for (let tries = 0; ranges.length > 0 && times.length < count && tries < count * 4; tries++) {
    const r = ranges[Math.floor(rand() * ranges.length)]!;
    const minute = r.open + Math.floor(rand() * Math.max(1, r.close - r.open));
    const at = new Date(
      zonedToUtc(date, minute, outlet.timezone).getTime() + Math.floor(rand() * 60) * 1000,
    );
    if (until && at.getTime() > until.getTime() - 5 * 60_000) continue;
    if (!outletOpenState(schedule, at).accepting_orders) continue;
    times.push(at);
  }
  return times.sort((a, b) => a.getTime() - b.getTime());
}

/** `count` moments between `start` and `until`, at most a minute apart and ending at `until`. */
function earlyTimes(start: Date, until: Date, count: number): Date[] {
  const step = Math.min(60_000, Math.floor((until.getTime() - start.getTime()) / count));
  return Array.from(
    { length: count },
    (_, i) => new Date(until.getTime() - (count - 1 - i) * Math.max(0, step)),
  );
}

/** A believable counter sale, paid exactly (priced with the same functions the server uses). */
function demoSale(
  outlet: OutletInfo,
  menu: CatalogueProduct[],
  sale: catalogue.OrderContext,
  date: string,
  rand: () => number,
  pick: <T>(xs: readonly T[]) => T,
): OrderCreate {
  const offered = servingMethods.filter((m) => outlet.servingMethods.includes(m));
  const roll = rand();
  const serving: ServingMethod =
    roll < 0.5 && offered.includes('dine_in')
      ? 'dine_in'
      : roll > 0.85 && offered.includes('delivery')
        ? 'delivery'
        : offered.includes('pick_up')
          ? 'pick_up'
          : offered[0]!;
  const lines = 1 + Math.floor(rand() * 3);
  const items = Array.from({ length: lines }, () => {
    const product = pick(menu);
    const optionIds = product.groups.flatMap((g) =>
      g.required || g.min > 0 || rand() < 0.3 ? [pick(g.options).id] : [],
    );
    const addonIds = product.addons
      .filter((a) => a.status === 'active' && rand() < 0.15)
      .map((a) => a.id);
    return {
      product_id: product.id,
      quantity: rand() < 0.8 ? 1 : 2,
      option_ids: optionIds,
      addon_ids: addonIds,
      ...(rand() < 0.1 ? { notes: pick(['Less sweet please', 'Extra hot', 'No straw']) } : {}),
    };
  });
  const customer = serving === 'dine_in' && rand() < 0.7 ? null : pick(CUSTOMERS);
  const methodRoll = rand();
  const split = methodRoll > 0.95;
  const cashOnly = !split && methodRoll < 0.4;
  const catalogue = new Map(menu.map((p) => [p.id, p]));
  const priced = priceOrder({
    lines: resolveCart(items, catalogue, date).map((l) => l.pricing),
    discount: 0,
    serving_method: serving,
    delivery_fee: sale.deliveryFee,
    paid_in_cash: cashOnly,
    settings: {
      service_charge_rate_bp: sale.serviceChargeRateBp,
      service_charge_methods: sale.serviceChargeMethods as ServingMethod[],
      service_tax_rate_bp: sale.serviceTaxRateBp,
      service_charge_taxable: sale.serviceTaxOnServiceCharge,
      cash_rounding: sale.cashRounding,
    },
  });
  const total = priced.total;
  const reference = (m: PaymentMethod) =>
    `${m.toUpperCase().slice(0, 4)}${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`;
  const note = (sen: number) => Math.max(sen, Math.ceil(sen / 1000) * 1000);
  let payments: OrderCreate['payments'];
  if (cashOnly) {
    payments = [{ method: 'cash', amount: total, tendered: note(total) }];
  } else if (split) {
    // Whole ringgit in cash, the odd sen on the card (a split bill is never rounded).
    const cash = Math.max(100, Math.floor(total / 200) * 100);
    payments = [
      { method: 'cash', amount: cash, tendered: cash },
      { method: 'card', amount: total - cash, reference: reference('card') },
    ];
  } else {
    const method = pick(NON_CASH);
    payments = [{ method, amount: total, reference: reference(method) }];
  }
  return {
    outlet_id: outlet.id,
    serving_method: serving,
    ...(serving === 'dine_in' ? { table_no: String(1 + Math.floor(rand() * 20)) } : {}),
    ...(serving === 'delivery'
      ? { delivery_address: `${1 + Math.floor(rand() * 90)} Jalan Utama` }
      : {}),
    ...(customer ? { customer_name: customer[0], customer_phone: customer[1] } : {}),
    items,
    discount: 0,
    payments,
    allow_outside_hours: false,
  };
}
