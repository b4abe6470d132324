import { randomUUID } from 'node:crypto';
import {
  defaultPricingSettings,
  type PaymentMethod,
  priceOrder,
  type ServingMethod,
} from '@kopi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { demoOutlet } from '../../test/catalogue-fixtures';
import { addProduct, demoTenantId, sell, testClock } from '../../test/order-fixtures';
import {
  payWithSandbox,
  placeOrder,
  verifiedCustomer,
  type TestCustomer,
} from '../../test/mobile-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actualRollups, expectedRollups } from './rollup-check';
import { rebuildRollups } from './rollup-rebuild';

// Issue 8, "done when": for random streams of orders and status changes — POS sales (retried with
// the same Idempotency-Key, some at once), moves to APPROVED, COMPLETED and REJECTED, day closes,
// app orders paid through the sandbox or cancelled — every rollup row equals the same figure
// computed from the raw orders. A seeded generator makes a failure repeatable: the seed is printed.

/** mulberry32: small, fast, good enough to pick test actions. */
function rng(seed: number) {
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

const START = '2026-06-01T02:00:00Z'; // Monday 10:00 in Kuala Lumpur
const clock = testClock(START);
let t: TestApp;
let admin: Record<string, string>;
let tenantId: string;
let outlets: { id: string; deliveryFee: number }[];
let products: { id: string; price: number }[];
let customer: TestCustomer;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = t.bearer((await t.login('admin')).token);
  tenantId = await demoTenantId(t);
  outlets = [
    { id: (await demoOutlet(t, 'KL01')).id, deliveryFee: 500 },
    { id: (await demoOutlet(t, 'PG01')).id, deliveryFee: 600 },
  ];
  products = [];
  for (const [sku, price] of [
    ['ROLL-A', 850],
    ['ROLL-B', 1290],
    ['ROLL-C', 333],
  ] as const) {
    products.push({ id: (await addProduct(t, { sku, price })).id, price });
  }
  customer = await verifiedCustomer(t);
});
afterAll(() => t?.close());

type Random = ReturnType<typeof rng>;

/** A valid counter sale: totals through priceOrder, one or two payments that add up exactly. */
function randomSale(r: Random) {
  const outlet = r.pick(outlets);
  const serving: ServingMethod = r.pick(['dine_in', 'pick_up', 'pick_up', 'delivery'] as const);
  const lines = Array.from({ length: r.int(1, 3) }, () => ({
    product: r.pick(products),
    quantity: r.int(1, 4),
  }));
  const discount = r.chance(0.2) ? r.int(0, 800) : 0;
  const kind = r.pick(['cash', 'card', 'ewallet', 'split'] as const);
  const price = priceOrder({
    lines: lines.map((l) => ({
      unit_price: l.product.price,
      option_prices: [],
      addon_prices: [],
      quantity: l.quantity,
    })),
    discount,
    serving_method: serving,
    delivery_fee: outlet.deliveryFee,
    paid_in_cash: kind === 'cash',
    settings: defaultPricingSettings,
  });
  const total = price.total;
  const ewallet: PaymentMethod = r.pick(['tng', 'grabpay', 'duitnow_qr'] as const);
  const payments =
    kind === 'cash'
      ? [{ method: 'cash', amount: total, tendered: total + r.int(0, 2000) }]
      : kind === 'card'
        ? [{ method: 'card', amount: total, reference: 'CARD' }]
        : kind === 'ewallet'
          ? [{ method: ewallet, amount: total, reference: 'EW' }]
          : (() => {
              const cash = Math.min(total, r.int(0, total));
              return [
                { method: 'cash', amount: cash },
                { method: 'card', amount: total - cash, reference: 'CARD' },
              ];
            })();
  return {
    outlet_id: outlet.id,
    serving_method: serving,
    ...(serving === 'dine_in' ? { table_no: `T${r.int(1, 20)}` } : {}),
    ...(serving === 'delivery' ? { delivery_address: 'Jalan Ampang 1' } : {}),
    items: lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity })),
    discount,
    payments,
    allow_outside_hours: true,
  };
}

async function openOrders() {
  return rowsOf<{ id: string; status: string; source: string }>(
    await t.database.db.execute(sql`
      select id::text, status, source from orders
      where tenant_id = ${tenantId}::uuid and status in ('CREATED', 'PENDING', 'APPROVED')
      order by created_at, id`),
  );
}

const move = (id: string, status: string, reason?: string) =>
  t.inject({
    method: 'POST',
    url: `/api/orders/${id}/status`,
    headers: admin,
    payload: { status, ...(reason ? { reason } : {}) },
  });

async function expectRollupsMatch(note: string) {
  const [expected, actual] = await Promise.all([
    expectedRollups(t.database.db, tenantId),
    actualRollups(t.database.db, tenantId),
  ]);
  expect(actual.sales, `sales_rollups ${note}`).toEqual(expected.sales);
  expect(actual.payments, `sales_payment_rollups ${note}`).toEqual(expected.payments);
  expect(actual.products, `product_sales_rollups ${note}`).toEqual(expected.products);
  expect(actual.channels, `sales_channel_rollups ${note}`).toEqual(expected.channels);
  expect(actual.productMonths, `product_month_rollups ${note}`).toEqual(expected.productMonths);
  return expected;
}

describe('report rollups', () => {
  it('equal the raw orders after random streams of sales, retries, moves, day closes and app orders', async () => {
    const seed = Number(process.env.ROLLUP_SEED ?? Date.now() % 1_000_000);
    console.info(`rollup property seed: ${seed} (ROLLUP_SEED=${seed} repeats it)`);
    const r = rng(seed);
    const sent: { key: string; body: ReturnType<typeof randomSale> }[] = [];
    const counts = { sales: 0, retries: 0, moves: 0, closes: 0, app: 0, paid: 0, cancelled: 0 };
    const steps = 100;
    for (let step = 0; step < steps; step++) {
      const action = r.next();
      if (action < 0.35 || sent.length === 0) {
        const key = randomUUID();
        const body = randomSale(r);
        // Now and then the same sale is sent twice at once (a double tap, a retry in flight).
        const attempts = r.chance(0.15) ? 2 : 1;
        const answers = await Promise.all(
          Array.from({ length: attempts }, () => sell(t, admin, body, key)),
        );
        expect(answers.some((a) => a.statusCode === 201), answers[0]!.body).toBe(true);
        sent.push({ key, body });
        counts.sales++;
      } else if (action < 0.45) {
        // A retry of an earlier sale with its key and body: the first answer, no new order.
        const earlier = r.pick(sent);
        const again = await sell(t, admin, earlier.body, earlier.key);
        expect([200, 201]).toContain(again.statusCode);
        counts.retries++;
      } else if (action < 0.68) {
        const open = (await openOrders()).filter((o) => o.status !== 'CREATED');
        if (open.length > 0) {
          const order = r.pick(open);
          const to = r.chance(0.25)
            ? 'REJECTED'
            : order.status === 'PENDING'
              ? 'APPROVED'
              : 'COMPLETED';
          const res = await move(order.id, to, to === 'REJECTED' ? 'Customer left' : undefined);
          expect(res.statusCode, res.body).toBe(200);
          counts.moves++;
        }
      } else if (action < 0.78) {
        // An app order: placed (CREATED, not a sale), then paid (PENDING) or cancelled.
        const placed = await placeOrder(t, customer.headers, {
          outlet_id: outlets[0]!.id,
          items: [{ product_id: r.pick(products).id, quantity: r.int(1, 3) }],
        });
        if (placed.statusCode === 201) {
          counts.app++;
          const id = placed.json().data.id as string;
          if (r.chance(0.7)) {
            await payWithSandbox(t, customer.headers, id, {
              method: r.pick(['card', 'tng', 'grabpay']),
            });
            counts.paid++;
          }
          if (r.chance(0.3)) {
            const cancel = await t.inject({
              method: 'POST',
              url: `/api/mobile/orders/${id}/cancel`,
              headers: { ...customer.headers, 'idempotency-key': randomUUID() },
              payload: { reason: 'Changed my mind' },
            });
            if (cancel.statusCode === 200) counts.cancelled++;
          }
        }
      } else if (action < 0.85) {
        // Close yesterday's business day at an outlet: finish its open orders, then close.
        const outletId = r.pick(outlets).id;
        const [day] = rowsOf<{ d: string }>(
          await t.database.db.execute(sql`
            select max(business_date)::text as d from orders
            where tenant_id = ${tenantId}::uuid and outlet_id = ${outletId}::uuid
              and business_date < (select max(business_date) from orders
                where tenant_id = ${tenantId}::uuid)`),
        );
        if (day?.d) {
          const waiting = rowsOf<{ id: string; status: string }>(
            await t.database.db.execute(sql`
              select id::text, status from orders
              where tenant_id = ${tenantId}::uuid and outlet_id = ${outletId}::uuid
                and business_date = ${day.d}::date and status in ('CREATED', 'PENDING', 'APPROVED')`),
          );
          for (const w of waiting) {
            if (w.status === 'CREATED') await move(w.id, 'REJECTED', 'Never paid');
            if (w.status === 'PENDING') await move(w.id, 'APPROVED');
            if (w.status !== 'CREATED') await move(w.id, 'COMPLETED');
          }
          const closed = await t.inject({
            method: 'POST',
            url: '/api/orders/close-day',
            headers: admin,
            payload: { outlet_id: outletId, business_date: day.d },
          });
          if (closed.statusCode === 200) counts.closes++;
        }
      } else {
        // Time passes: minutes, or hours across midnight and the 04:00 cut-off.
        const minutes = r.chance(0.5) ? r.int(5, 90) : r.int(180, 1200);
        clock.set(new Date(clock.now().getTime() + minutes * 60_000).toISOString());
      }
      if (step % 10 === 9) await expectRollupsMatch(`after step ${step + 1} (seed ${seed})`);
    }
    const end = await expectRollupsMatch(`at the end (seed ${seed})`);
    expect(Object.keys(end.sales).length).toBeGreaterThan(2);
    expect(Object.keys(end.payments).length).toBeGreaterThan(2);
    expect(Object.keys(end.products).length).toBeGreaterThan(2);
    // The order list counts unfiltered pages from the rollups: the same as counting the orders.
    for (const query of ['', `&outlet=${outlets[0]!.id}`, '&from=2026-06-02&to=2026-06-30']) {
      const list = await t.inject({ method: 'GET', url: `/api/orders?page_size=5${query}`, headers: admin });
      const [raw] = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`
          select count(*)::int as n from orders where tenant_id = ${tenantId}::uuid
          ${query.includes('outlet') ? sql`and outlet_id = ${outlets[0]!.id}::uuid` : sql``}
          ${query.includes('from') ? sql`and business_date between '2026-06-02' and '2026-06-30'` : sql``}`),
      );
      expect(list.json().meta.total, `order list total${query}`).toBe(raw!.n);
    }
    // A rebuild from the orders (the bulk load's and repair path) lands on the same figures.
    await rebuildRollups(t.database.db, tenantId, '2026-01-01', '2026-12-31');
    await expectRollupsMatch(`after a rebuild (seed ${seed})`);
    console.info(`rollup property stream: ${JSON.stringify(counts)}`);
    expect(counts.sales).toBeGreaterThan(10);
    expect(counts.moves).toBeGreaterThan(3);
  }, 240_000);
});
