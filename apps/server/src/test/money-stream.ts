import { randomUUID } from 'node:crypto';
import {
  defaultPricingSettings,
  type PaymentMethod,
  priceOrder,
  type ServingMethod,
} from '@kopi/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../db/database';
import { payWithSandbox, placeOrder, postCallback, type TestCustomer } from './mobile-fixtures';
import { sell } from './order-fixtures';
import { movedRefund } from './refund-fixtures';
import { randomRefund } from './refund-stream';
import { requestAs, type RequestHeaders, type TestApp, withIdempotencyKey } from './test-app';
import { paymentCode } from './wallet-pay-fixtures';

// The moves of the money property test (books/money.property.test.ts): counter sales by every
// method and split, rejects of paid sales, app orders paid online or from the wallet and
// cancelled, refunds of every kind completed on time or after their day closed, provider
// refunds confirmed twice, wallet top-ups and adjustments, shifts with cash in and out, and day
// closes. It also keeps the test's own record of the business day each refund and shift must
// count on, by the rule written here (decision 049), to hold the server to it.

/** mulberry32: small, fast, good enough to pick test actions. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof rng>;
export type Callback = { url: string; headers: Record<string, string>; body: string };

export interface World {
  t: TestApp;
  tenantId: string;
  admin: RequestHeaders;
  finance: RequestHeaders;
  customer: TestCustomer & { id: string };
  outlets: { id: string; tillId: string; deliveryFee: number }[];
  products: { id: string; price: number }[];
  clock: { now: () => Date; set: (iso: string) => void };
  /** Refund callbacks the sandbox provider sends, delivered when the stream chooses. */
  refundCallbacks: Callback[];
  /** Earlier payment callbacks, replayed late now and then. */
  paymentCallbacks: Callback[];
  /** `outlet|day` closed so far, in the test's own record. */
  closed: Set<string>;
  /** What the test expects each completed refund and each shift to count on. */
  expectedDay: Map<string, string>;
  /** Refunds that completed after their outlet's day closed (booked on the next open day). */
  late: number;
}

// The demo business: Kuala Lumpur time (UTC+8) and the 04:00 cut-off (checked at setup).
const ZONE_HOURS = 8;
const CUTOFF_HOURS = 4;

const addDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The outlet's business day now: Kuala Lumpur's date, counted from the cut-off hour. */
const businessDayNow = (w: World) =>
  new Date(w.clock.now().getTime() + (ZONE_HOURS - CUTOFF_HOURS) * 3_600_000)
    .toISOString()
    .slice(0, 10);

/** The rule: the outlet's business day now, or the next one not closed. */
export function expectedBookingDay(w: World, outletId: string) {
  let day = businessDayNow(w);
  while (w.closed.has(`${outletId}|${day}`)) day = addDay(day);
  return day;
}

const api = (w: World) => requestAs(w.t);

/** Refunds that completed since the last look get the day the rule gives them now. */
export async function noteCompletions(w: World) {
  const done = rowsOf<{ id: string; outlet_id: string }>(
    await w.t.database.db.execute(sql`
      select id::text, outlet_id::text from refunds
      where tenant_id = ${w.tenantId}::uuid and status in ('COMPLETED', 'CLOSED')`),
  );
  for (const r of done) {
    if (w.expectedDay.has(r.id)) continue;
    const day = expectedBookingDay(w, r.outlet_id);
    w.expectedDay.set(r.id, day);
    if (day !== businessDayNow(w)) w.late++;
  }
}

/** Every completed refund and every shift counts on the day the test's rule gave it. */
export async function expectBookingDays(w: World, note: string) {
  const rows = rowsOf<{ id: string; business_date: string }>(
    await w.t.database.db.execute(sql`
      select id::text, business_date::text from refunds
      where tenant_id = ${w.tenantId}::uuid and status in ('COMPLETED', 'CLOSED')
      union all
      select id::text, business_date::text from shifts
      where tenant_id = ${w.tenantId}::uuid and cashier_id is not null`),
  );
  for (const r of rows) {
    expect(r.business_date, `the business day of ${r.id} ${note}`).toBe(w.expectedDay.get(r.id));
  }
}

/** Opens the admin's shift on an outlet's till with a float (the day it counts on recorded). */
export async function openShift(w: World, outlet: { id: string; tillId: string }) {
  const res = await api(w).post(
    '/api/shifts',
    { till_id: outlet.tillId, float: { note_10: 10 } },
    withIdempotencyKey(w.admin),
  );
  expect(res.statusCode, res.body).toBe(201);
  w.expectedDay.set(res.json().data.id as string, expectedBookingDay(w, outlet.id));
}

async function openShiftsOf(w: World, outletId: string) {
  return rowsOf<{ id: string; expected: number; business_date: string }>(
    await w.t.database.db.execute(sql`
      select id::text, business_date::text, 0 as expected from shifts
      where tenant_id = ${w.tenantId}::uuid and outlet_id = ${outletId}::uuid and status = 'open'`),
  );
}

/** Closes an outlet's open shifts, counting each drawer a little off now and then. */
export async function closeShifts(w: World, r: Random, outletId: string) {
  for (const s of await openShiftsOf(w, outletId)) {
    const report = await api(w).get(`/api/shifts/${s.id}`, w.admin);
    const expected = report.json().data.figures.expected as number;
    // Counted off by up to 20 sen, within the tolerance. A cash refund of an earlier shift's sale
    // can pay out more than this drawer took in: it then holds nothing, short by more than the
    // tolerance, and the manager closes it with a note.
    const counted = Math.max(0, Math.round((expected + r.int(-20, 20)) / 5) * 5);
    const short = expected < 0 ? { note: 'Refund paid out beyond the drawer' } : {};
    const res = await api(w).post(
      `/api/shifts/${s.id}/close`,
      {
        counted: { note_100: Math.floor(counted / 10_000), coin_5: (counted % 10_000) / 5 },
        ...short,
      },
      withIdempotencyKey(w.admin),
    );
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** A valid counter sale: totals through priceOrder, payments that add up exactly. */
async function randomSale(w: World, r: Random) {
  const outlet = r.pick(w.outlets);
  const serving: ServingMethod = r.pick(['dine_in', 'pick_up', 'pick_up', 'delivery'] as const);
  const lines = Array.from({ length: r.int(1, 3) }, () => ({
    product: r.pick(w.products),
    quantity: r.int(1, 4),
  }));
  const kind = r.pick(['cash', 'card', 'ewallet', 'split', 'wallet', 'wallet_cash'] as const);
  const subtotal = lines.reduce((s, l) => s + l.product.price * l.quantity, 0);
  const manual = r.chance(0.2)
    ? {
        kind: 'amount' as const,
        value: Math.min(150, Math.floor(subtotal / 5)),
        reason: 'staff_meal' as const,
      }
    : null;
  const cash = kind === 'cash';
  const price = priceOrder({
    lines: lines.map((l) => ({
      unit_price: l.product.price,
      option_prices: [],
      addon_prices: [],
      quantity: l.quantity,
    })),
    discount: 0,
    manual_discount: manual,
    serving_method: serving,
    delivery_fee: outlet.deliveryFee,
    paid_in_cash: cash,
    settings: defaultPricingSettings,
  });
  const total = price.total;
  const part = r.int(1, total - 1);
  const code = kind.startsWith('wallet') ? (await paymentCode(w.t, w.customer.headers)).code : '';
  const ewallet: PaymentMethod = r.pick(['tng', 'grabpay', 'boost', 'shopeepay', 'duitnow_qr']);
  const payments = {
    cash: [{ method: 'cash', amount: total, tendered: total + r.int(0, 2000) }],
    card: [{ method: 'card', amount: total, reference: 'CARD' }],
    ewallet: [{ method: ewallet, amount: total, reference: 'EW' }],
    split: [
      { method: 'cash', amount: part },
      { method: 'card', amount: total - part, reference: 'CARD' },
    ],
    wallet: [{ method: 'wallet', amount: total, payment_code: code }],
    wallet_cash: [
      { method: 'wallet', amount: part, payment_code: code },
      { method: 'cash', amount: total - part },
    ],
  }[kind];
  return {
    outlet_id: outlet.id,
    till_id: outlet.tillId,
    serving_method: serving,
    ...(serving === 'dine_in' ? { table_no: `T${r.int(1, 20)}` } : {}),
    ...(serving === 'delivery' ? { delivery_address: 'Jalan Ampang 1' } : {}),
    items: lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity })),
    ...(manual ? { manual_discount: manual } : {}),
    payments,
    allow_outside_hours: true,
  };
}

/** A counter sale, sometimes sent twice at once with one key (a double tap). */
export async function counterSale(w: World, r: Random) {
  const body = await randomSale(w, r);
  const key = randomUUID();
  const answers = await Promise.all(
    Array.from({ length: r.chance(0.15) ? 2 : 1 }, () => sell(w.t, w.admin, body, key)),
  );
  const made = answers.find((a) => a.statusCode === 201);
  // A wallet too low for the sale, or the outlet's day closed: refused, and nothing changes. The
  // second tap of a double tap may arrive while the first is still being refused: it is told so
  // (idempotency_in_flight), or given the same refusal.
  if (!made) {
    const codes = answers.map((a) => a.json().code_message as string);
    const refusal = codes.find((c) => c !== 'idempotency_in_flight');
    expect(['insufficient_wallet_balance', 'day_closed'], answers[0]!.body).toContain(refusal);
    for (const code of codes) expect([refusal, 'idempotency_in_flight']).toContain(code);
    return 'refused';
  }
  return 'sale';
}

async function openOrders(w: World, statuses: string[]) {
  return rowsOf<{ id: string; status: string; outlet_id: string; business_date: string }>(
    await w.t.database.db.execute(sql`
      select id::text, status, outlet_id::text, business_date::text from orders
      where tenant_id = ${w.tenantId}::uuid and status = any(${`{${statuses.join(',')}}`}::text[])
      order by created_at, id`),
  );
}

const move = (w: World, id: string, status: string, reason?: string) =>
  api(w).post(`/api/orders/${id}/status`, { status, ...(reason ? { reason } : {}) }, w.admin);

/** A paid order moved on: accepted, completed, or rejected (a void, its refund asked for). */
export async function moveOrder(w: World, r: Random) {
  const open = await openOrders(w, ['PENDING', 'APPROVED']);
  if (open.length === 0) return null;
  const order = r.pick(open);
  const to = r.chance(0.3) ? 'REJECTED' : order.status === 'PENDING' ? 'APPROVED' : 'COMPLETED';
  const res = await move(w, order.id, to, to === 'REJECTED' ? 'Customer left' : undefined);
  expect(res.statusCode, res.body).toBe(200);
  return to === 'REJECTED' ? 'void' : 'move';
}

/** Refunds waiting for staff (the voids' too): approved by finance, paid back by the admin. */
export async function settleOwedRefunds(w: World, r: Random) {
  const waiting = rowsOf<{ id: string; status: string }>(
    await w.t.database.db.execute(sql`
      select id::text, status from refunds
      where tenant_id = ${w.tenantId}::uuid and method <> 'bank_transfer'
        and status in ('PENDING', 'APPROVED') and coalesce(provider_payout, '') <> 'pending'
      order by created_at, id`),
  );
  if (waiting.length === 0) return null;
  const refund = r.pick(waiting);
  if (refund.status === 'PENDING') {
    const approved = await movedRefund(w.t, w.finance, refund.id, { status: 'APPROVED' });
    // Paid back through the payment's provider: its confirmation completes it.
    if (approved.provider_payout === 'pending') {
      await deliverRefundCallbacks(w, r);
      return 'provider refund';
    }
  }
  const done = await movedRefund(w.t, w.admin, refund.id, { status: 'COMPLETED' });
  expect(done.status).toBe('COMPLETED');
  return 'void refund';
}

/** An app order: placed, paid online or from the wallet (a decline first now and then), maybe cancelled. */
export async function appOrder(w: World, r: Random, nextOpening: (now: Date) => string) {
  const order = {
    outlet_id: r.pick(w.outlets).id,
    items: [{ product_id: r.pick(w.products).id, quantity: r.int(1, 3) }],
  };
  let placed = await placeOrder(w.t, w.customer.headers, order);
  // Closed at this hour or for the day: the customer orders again when the outlet next opens.
  for (let tries = 0; tries < 3 && [400, 409].includes(placed.statusCode); tries++) {
    w.clock.set(nextOpening(new Date(w.clock.now().getTime() + 60_000)));
    placed = await placeOrder(w.t, w.customer.headers, order);
  }
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().data.id as string;
  if (r.chance(0.75)) {
    if (r.chance(0.3)) {
      const paid = await api(w).post(
        `/api/mobile/orders/${id}/pay-with-wallet`,
        {},
        withIdempotencyKey(w.customer.headers),
      );
      expect([200, 201, 409], paid.body).toContain(paid.statusCode);
    } else {
      const method = r.pick(['card', 'tng', 'grabpay', 'boost', 'fpx']);
      if (r.chance(0.2))
        await payWithSandbox(w.t, w.customer.headers, id, { method, outcome: 'failed' });
      const { payment, callback } = await payWithSandbox(w.t, w.customer.headers, id, { method });
      expect(callback.statusCode, callback.body).toBeLessThan(300);
      w.paymentCallbacks.push(payment.sandbox_callback);
      if (r.chance(0.3)) {
        const twice = await Promise.all([
          postCallback(w.t, payment.sandbox_callback),
          postCallback(w.t, payment.sandbox_callback),
        ]);
        for (const again of twice) expect(again.statusCode, again.body).toBeLessThan(300);
      }
    }
  }
  if (r.chance(0.3)) {
    const cancel = await api(w).post(
      `/api/mobile/orders/${id}/cancel`,
      { reason: 'Changed my mind' },
      withIdempotencyKey(w.customer.headers),
    );
    expect([200, 409], cancel.body).toContain(cancel.statusCode);
  }
  return 'app order';
}

/** A late replay of an earlier payment's callback: nothing is paid twice. */
export async function replayCallback(w: World, r: Random) {
  if (w.paymentCallbacks.length === 0) return null;
  const again = await postCallback(w.t, r.pick(w.paymentCallbacks));
  if (again.statusCode >= 300) expect(again.json().code_message).toBe('payment_callback_stale');
  return 'replay';
}

/** The provider confirms the refunds it was asked for, its retry now and then crossing ours. */
export async function deliverRefundCallbacks(w: World, r: Random) {
  for (let cb = w.refundCallbacks.shift(); cb; cb = w.refundCallbacks.shift()) {
    const answers = await Promise.all(
      Array.from({ length: r.chance(0.3) ? 2 : 1 }, () => postCallback(w.t, cb)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
  }
}

/** A refund of any sale so far, of any kind: asked by the admin, decided by finance. */
export async function refund(w: World, r: Random) {
  return randomRefund(w.t, r, w.tenantId, w.admin, { approve: w.finance, complete: w.admin }, () =>
    deliverRefundCallbacks(w, r),
  );
}

/** A wallet top-up through the app, paid through the sandbox. */
export async function topUp(w: World, r: Random) {
  const res = await api(w).post(
    '/api/mobile/wallet/topups',
    { amount: r.int(1, 40) * 100, provider: 'sandbox', method: 'card', sandbox_outcome: 'paid' },
    withIdempotencyKey(w.customer.headers),
  );
  if (res.statusCode === 409) return 'refused';
  expect(res.statusCode, res.body).toBe(201);
  const callback = await postCallback(w.t, res.json().data.sandbox_callback as Callback);
  expect(callback.statusCode, callback.body).toBeLessThan(300);
  return 'top-up';
}

/** Finance adjusts the wallet by a little, either way (a debit never below nothing). */
export async function adjustWallet(w: World, r: Random) {
  const amount = r.chance(0.5) ? r.int(1, 500) : -r.int(1, 300);
  const res = await api(w).post(
    `/api/customers/${w.customer.id}/wallet/adjust`,
    { amount, reason: 'Goodwill' },
    withIdempotencyKey(w.finance),
  );
  expect([200, 201, 409], res.body).toContain(res.statusCode);
  return 'adjustment';
}

/** Cash in or out of an open drawer; out never more than it holds. */
export async function cashMovement(w: World, r: Random) {
  const outlet = r.pick(w.outlets);
  const [shift] = await openShiftsOf(w, outlet.id);
  if (!shift) return null;
  const kind = r.chance(0.5) ? 'cash_in' : 'cash_out';
  const res = await api(w).post(
    `/api/shifts/${shift.id}/movements`,
    {
      kind,
      reason: kind === 'cash_in' ? 'other' : 'bank_drop',
      amount: r.int(100, 5000),
      note: 'Float',
    },
    withIdempotencyKey(w.admin),
  );
  if (res.statusCode === 409) {
    expect(res.json().code_message).toBe('cash_out_exceeds_drawer');
    return 'refused';
  }
  expect(res.statusCode, res.body).toBe(201);
  return kind;
}

/** A shift change at an outlet: the drawer counted and closed, a new one opened. */
export async function shiftChange(w: World, r: Random) {
  const outlet = r.pick(w.outlets);
  await closeShifts(w, r, outlet.id);
  await openShift(w, outlet);
  return 'shift change';
}

/**
 * Closes an outlet's oldest open business day with orders, today's too: its paid orders (and
 * older ones) finished, the shifts closed, the day closed, a new shift opened (on the next open
 * day when today was closed).
 */
export async function closeDay(w: World, r: Random) {
  const outlet = r.pick(w.outlets);
  const [day] = rowsOf<{ d: string | null }>(
    await w.t.database.db.execute(sql`
      select min(business_date)::text as d from orders o
      where tenant_id = ${w.tenantId}::uuid and outlet_id = ${outlet.id}::uuid
        and not exists (select 1 from order_counters c where c.outlet_id = o.outlet_id
          and c.business_date = o.business_date and c.closed_at is not null)`),
  );
  if (!day?.d) return null;
  for (const o of await openOrders(w, ['PENDING', 'APPROVED'])) {
    if (o.outlet_id !== outlet.id || o.business_date > day.d) continue;
    if (o.status === 'PENDING') expect((await move(w, o.id, 'APPROVED')).statusCode).toBe(200);
    expect((await move(w, o.id, 'COMPLETED')).statusCode).toBe(200);
  }
  await closeShifts(w, r, outlet.id);
  const closed = await api(w).post(
    '/api/orders/close-day',
    { outlet_id: outlet.id, business_date: day.d },
    w.admin,
  );
  expect(closed.statusCode, closed.body).toBe(200);
  w.closed.add(`${outlet.id}|${day.d}`);
  await openShift(w, outlet);
  return 'day close';
}
