import { randomUUID } from 'node:crypto';
import {
  businessDate,
  localParts,
  onlinePaymentMethods,
  outletOpenState,
  type OutletSchedule,
  zonedToUtc,
} from '@kopi/contract';
import { and, asc, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ownedBy } from '../../db/tenant-scope';
import { orderItems, orderPayments, orders } from '../../db/schema/orders';
import { outletClosures, outlets } from '../../db/schema/tenancy';
import type { LedgerActor } from '../loyalty/ledgers.service';
import { adjustmentReasons } from './customers-demo-data';
import type { DemoPerson } from './customers-demo-people';

// The demo customers' past visits as real orders: each repeats a basket the demo's own sales made
// at that outlet (priced by the order core, so its items, charges and totals are what the core
// charges for it), at the same time of day on the visit's date when the outlet takes orders then,
// paid at the counter as the basket was, or from the customer's wallet (with the payment code
// their app showed) when they keep money there; they top it up in the app first, through a paid
// top-up. Handed over (COMPLETED), on days left open (only the demo's last days are closed);
// customers-demo-history-rows.ts writes them.

const TOPUPS = [2000, 5000, 5000, 10000];

export interface Basket {
  outletId: string;
  /** Local minutes after midnight and seconds of the sale it copies. */
  minute: number;
  second: number;
  servingMethod: string;
  tableNo: string | null;
  deliveryAddress: string | null;
  staffId: string | null;
  staffName: string | null;
  subtotal: number;
  serviceCharge: number;
  serviceTax: number;
  deliveryFee: number;
  rounding: number;
  total: number;
  payments: (typeof orderPayments.$inferSelect)[];
  items: (typeof orderItems.$inferSelect)[];
}

export interface HistoryOutlet extends OutletSchedule {
  id: string;
  code: string;
}

export interface HistoryPayment {
  lineNo: number;
  method: string;
  amount: number;
  tendered: number | null;
  changeGiven: number;
  reference: string | null;
}

export interface HistoryOrder {
  id: string;
  person: DemoPerson;
  outlet: HistoryOutlet;
  basket: Basket;
  at: Date;
  approvedAt: Date;
  completedAt: Date;
  businessDate: string;
  seq: number;
  orderNo: string;
  payments: HistoryPayment[];
}

/** A move of a customer's wallet the history makes (the ledgers replay them with the rest). */
export type WalletMove =
  | { kind: 'topup'; personId: string; at: Date; amount: number; paymentId: string; method: string }
  | { kind: 'spend'; personId: string; at: Date; amount: number; order: HistoryOrder }
  | {
      kind: 'adjustment';
      personId: string;
      at: Date;
      amount: number;
      reason: string;
      actor: LedgerActor;
    };

/** The demo's sales at each outlet with their lines and payments: the baskets history repeats. */
export async function loadBaskets(db: Db, tenantId: string, tz: (outletId: string) => string) {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(ownedBy(orders, tenantId), ne(orders.status, 'CREATED'), isNull(orders.manualDiscount)),
    )
    .orderBy(asc(orders.createdAt));
  const ids = rows.map((o) => o.id);
  if (ids.length === 0) return new Map<string, Basket[]>();
  const items = await db
    .select()
    .from(orderItems)
    .where(and(ownedBy(orderItems, tenantId), inArray(orderItems.orderId, ids)))
    .orderBy(asc(orderItems.lineNo));
  const payments = await db
    .select()
    .from(orderPayments)
    .where(and(ownedBy(orderPayments, tenantId), inArray(orderPayments.orderId, ids)))
    .orderBy(asc(orderPayments.lineNo));
  const itemsOf = groupBy(items, (i) => i.orderId);
  const paymentsOf = groupBy(payments, (p) => p.orderId);
  const byOutlet = new Map<string, Basket[]>();
  for (const o of rows) {
    const paid = paymentsOf.get(o.id) ?? [];
    if (paid.length === 0 || o.discount > 0) continue;
    const local = localParts(o.createdAt, tz(o.outletId));
    const list = byOutlet.get(o.outletId) ?? [];
    list.push({
      outletId: o.outletId,
      minute: local.hour * 60 + local.minute,
      second: local.second,
      servingMethod: o.servingMethod,
      tableNo: o.tableNo,
      deliveryAddress: o.deliveryAddress,
      staffId: o.staffId,
      staffName: o.staffName,
      subtotal: o.subtotal,
      serviceCharge: o.serviceCharge,
      serviceTax: o.serviceTax,
      deliveryFee: o.deliveryFee,
      rounding: o.rounding,
      total: o.total,
      payments: paid,
      items: itemsOf.get(o.id) ?? [],
    });
    byOutlet.set(o.outletId, list);
  }
  return byOutlet;
}

/** The outlets with what decides when they take orders. */
export async function loadOutlets(db: Db, tenantId: string): Promise<HistoryOutlet[]> {
  const rows = await db
    .select()
    .from(outlets)
    .where(ownedBy(outlets, tenantId))
    .orderBy(asc(outlets.code));
  const closures = await db.select().from(outletClosures).where(ownedBy(outletClosures, tenantId));
  return rows.map((o) => ({
    id: o.id,
    code: o.code,
    timezone: o.timezone,
    hours: o.hours,
    last_order_minutes: o.lastOrderMinutes,
    closures: closures
      .filter((c) => c.outletId === o.id)
      .map((c) => ({ from: c.fromDate, to: c.toDate, reason: c.reason })),
  }));
}

/**
 * Each person's visits as orders (one per visit the outlet could take), their wallet top-ups,
 * spends and the odd staff adjustment, in time order. The wallet is tracked as the history runs,
 * so a spend never takes more than it holds and a top-up never takes it over `walletMax`.
 */
export function planHistory(input: {
  rand: () => number;
  people: DemoPerson[];
  outlets: HistoryOutlet[];
  baskets: Map<string, Basket[]>;
  cutoffHour: number;
  /** No visit on or after this business day (the demo's own days). */
  firstDemoDay: string;
  walletMax: number;
  adjuster: LedgerActor;
}) {
  const { rand, outlets: places, baskets, cutoffHour } = input;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  // Who keeps money in the wallet pays without cash: their baskets are the ones paid that way
  // (a cash sale is priced with cash rounding, which a wallet payment never has).
  const cardless = new Map(
    [...baskets].map(([id, list]) => [
      id,
      list.filter((b) => b.payments.length === 1 && b.payments[0]!.method !== 'cash'),
    ]),
  );
  const served = places.filter(
    (o) => (baskets.get(o.id) ?? []).length > 0 && (cardless.get(o.id) ?? []).length > 0,
  );
  const history: HistoryOrder[] = [];
  const wallet: WalletMove[] = [];
  if (served.length === 0) return { orders: history, wallet };
  for (const person of input.people) {
    const home = pick(served);
    let balance = 0;
    let lastDate = '';
    for (const visit of person.visits) {
      const outlet = rand() < 0.8 ? home : pick(served);
      const date = businessDate(visit, outlet.timezone, 0);
      // One visit a day at most, so the day's moves follow each other in time as planned here.
      if (date <= lastDate) continue;
      // The same time of day as a sale the outlet made, when it takes orders then on this date.
      let found: { basket: Basket; at: Date } | null = null;
      for (let tries = 0; tries < 4 && !found; tries++) {
        const basket = pick(
          person.walletHabit ? (cardless.get(outlet.id) ?? []) : baskets.get(outlet.id)!,
        );
        const at = new Date(
          zonedToUtc(date, basket.minute, outlet.timezone).getTime() + basket.second * 1000,
        );
        const day = businessDate(at, outlet.timezone, cutoffHour);
        // Never before the customer joined (a referral is made at sign-up, before any order).
        const joined = at.getTime() > person.row.createdAt.getTime();
        if (joined && day < input.firstDemoDay && outletOpenState(outlet, at).accepting_orders) {
          found = { basket, at };
        }
      }
      if (!found) continue;
      const { basket, at } = found;
      lastDate = date;
      const order: HistoryOrder = {
        id: randomUUID(),
        person,
        outlet,
        basket,
        at,
        approvedAt: new Date(at.getTime() + (2 + Math.floor(rand() * 5)) * 60_000),
        completedAt: new Date(at.getTime() + (8 + Math.floor(rand() * 8)) * 60_000),
        businessDate: businessDate(at, outlet.timezone, cutoffHour),
        seq: 0,
        orderNo: '',
        payments: [],
      };
      const cashOnly = basket.payments.every((p) => p.method === 'cash');
      const split = basket.payments.length > 1;
      if (cashOnly || split || !person.walletHabit) {
        order.payments = basket.payments.map((p) => ({
          lineNo: p.lineNo,
          method: p.method,
          amount: p.amount,
          tendered: p.tendered,
          changeGiven: p.changeGiven,
          reference: p.method === 'cash' ? null : referenceOf(p.method, rand),
        }));
      } else {
        if (balance < basket.total && rand() < 0.8) {
          const amount = Math.max(pick(TOPUPS), Math.ceil((basket.total - balance) / 1000) * 1000);
          if (balance + amount <= input.walletMax) {
            balance += amount;
            wallet.push({
              kind: 'topup',
              personId: person.id,
              at: new Date(at.getTime() - 120_000),
              amount,
              paymentId: randomUUID(),
              method: pick(onlinePaymentMethods),
            });
          }
        }
        const fromWallet = balance >= basket.total && rand() < 0.85;
        const method = fromWallet ? 'wallet' : basket.payments[0]!.method;
        order.payments = [
          {
            lineNo: 1,
            method,
            amount: basket.total,
            tendered: null,
            changeGiven: 0,
            reference: fromWallet ? null : referenceOf(method, rand),
          },
        ];
        if (fromWallet) {
          balance -= basket.total;
          wallet.push({ kind: 'spend', personId: person.id, at, amount: -basket.total, order });
        }
      }
      history.push(order);
      if (person.walletHabit && rand() < 0.02) {
        const debit = balance >= 500 && rand() < 0.4;
        const amount = debit ? -500 : pick([300, 500, 1000]);
        if (balance + amount > input.walletMax) continue;
        balance += amount;
        wallet.push({
          kind: 'adjustment',
          personId: person.id,
          at: new Date(at.getTime() + 3_600_000),
          amount,
          reason: pick(debit ? adjustmentReasons.debit : adjustmentReasons.credit),
          actor: input.adjuster,
        });
      }
    }
  }
  // Numbered per outlet and business day in time order, as the day's counter numbers them.
  history.sort((a, b) => a.at.getTime() - b.at.getTime());
  const counters = new Map<string, number>();
  for (const o of history) {
    const key = `${o.outlet.id} ${o.businessDate}`;
    o.seq = (counters.get(key) ?? 0) + 1;
    counters.set(key, o.seq);
    o.orderNo = `${o.outlet.code}-${String(o.seq).padStart(4, '0')}`;
  }
  return { orders: history, wallet };
}

/** Map.groupBy (ES2024), which this target's library does not have yet. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

function referenceOf(method: string, rand: () => number) {
  return `${method.toUpperCase().slice(0, 4)}${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`;
}
