import { type Order, orderSchema, zReportSchema } from '@kopi/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { notifications } from '../../db/schema/platform';
import { otherTenant } from '../../test/catalogue-fixtures';
import { cardSale, sell } from '../../test/order-fixtures';
import { detailPaths, expectCode } from '../../test/expect-code';
import { useSaleApp } from '../../test/use-sale-app';
import { auditsOf, liveEventsAbout } from '../../test/fixtures';

// POST /api/orders/{id}/status (DESIGN §4) and the day close with its Z-report.

const NOON_KL = '2026-06-10T04:00:00Z'; // Wednesday 12:00 in Kuala Lumpur
// refs.product: RM 10.00, no choices

const { t, api, as, clock, refs } = useSaleApp({
  signIn: ['admin', 'cashier', 'manager', 'finance'],
  product: { sku: 'PLAIN-1', price: 1000 },
});
// cashier: KL01; manager: KL01; finance: read-order only
const { admin, cashier, manager, finance } = as;
beforeEach(() => clock.set(NOON_KL));

async function newOrder(body: Parameters<typeof sell>[2] = cardSale(refs.kl, refs.product, 1060)) {
  const res = await sell(t, admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json().data);
}

const move = (headers: Record<string, string>, id: string, payload: Record<string, unknown>) =>
  api.post(`/api/orders/${id}/status`, payload, headers);

async function moved(headers: Record<string, string>, id: string, status: string, reason?: string) {
  const res = await move(headers, id, { status, ...(reason ? { reason } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return orderSchema.parse(res.json().data);
}

describe('POST /api/orders/{id}/status', () => {
  it('accepts and completes an order, keeping who, when and why', async () => {
    const order = await newOrder();
    expect(order.allowed_statuses).toEqual(['APPROVED', 'REJECTED']);
    clock.set('2026-06-10T04:03:00Z');
    const approved = await moved(cashier, order.id, 'APPROVED');
    expect(approved.status).toBe('APPROVED');
    expect(approved.allowed_statuses).toEqual(['COMPLETED', 'REJECTED']);
    clock.set('2026-06-10T04:09:00Z');
    const done = await moved(cashier, order.id, 'COMPLETED');
    // COMPLETED → CLOSED is the day close's move, not a button.
    expect(done.allowed_statuses).toEqual([]);
    expect(done.history).toEqual([
      {
        from: null,
        to: 'PENDING',
        at: '2026-06-10T04:00:00.000Z',
        by: 'Aisyah Rahman',
        reason: null,
        reason_code: 'paid_at_counter',
        reason_params: {},
      },
      {
        from: 'PENDING',
        to: 'APPROVED',
        at: '2026-06-10T04:03:00.000Z',
        by: 'Siti Nurhaliza',
        reason: null,
        reason_code: null,
        reason_params: null,
      },
      {
        from: 'APPROVED',
        to: 'COMPLETED',
        at: '2026-06-10T04:09:00.000Z',
        by: 'Siti Nurhaliza',
        reason: null,
        reason_code: null,
        reason_params: null,
      },
    ]);

    const db = t.database.db;
    const events = await liveEventsAbout(t, 'id_order', order.id);
    expect(events.map((e) => [e.type, e.message.status])).toEqual([
      ['order.created', 'PENDING'],
      ['order.status', 'APPROVED'],
      ['order.status', 'COMPLETED'],
    ]);
    const notes = await db.select().from(notifications).where(eq(notifications.idOrder, order.id));
    expect(notes.map((n) => n.title).sort()).toEqual(
      [
        `New order ${order.order_no}`,
        `Order ${order.order_no} accepted`,
        `Order ${order.order_no} ready`,
      ].sort(),
    );
    // The key and params the web translates each by.
    const moves = notes.filter((n) => n.titleKey !== 'posSale').map((n) => [n.titleKey, n.params]);
    expect(moves.sort()).toEqual([
      ['orderAccepted', { order_no: order.order_no, by: 'Siti Nurhaliza', reason: null }],
      ['orderReady', { order_no: order.order_no, by: 'Siti Nurhaliza', reason: null }],
    ]);
    const audits = await auditsOf(t, 'order.status', order.id);
    expect(audits).toHaveLength(2);
  });

  it('answers 409 invalid_status_transition for any move outside DESIGN §4', async () => {
    const order = await newOrder();
    const refused = async (status: string, message: string) => {
      const res = await move(admin, order.id, { status, reason: 'Because' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ code_message: 'invalid_status_transition', message });
    };
    await refused('COMPLETED', 'An order that is PENDING cannot move to COMPLETED');
    await refused('CLOSED', 'An order that is PENDING cannot move to CLOSED');
    await refused('PENDING', 'An order that is PENDING cannot move to PENDING');
    await moved(admin, order.id, 'APPROVED');
    await moved(admin, order.id, 'COMPLETED');
    await refused('CLOSED', 'Orders are closed by closing the day');
    await refused('REJECTED', 'An order that is COMPLETED cannot move to REJECTED');
  });

  it('needs a reason to reject and a void-order holder for a paid one, and records the refund it is owed', async () => {
    const order = await newOrder();
    const noReason = await move(cashier, order.id, { status: 'REJECTED' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toEqual([{ path: 'reason', message: 'validation.required' }]);
    const blank = await move(cashier, order.id, { status: 'REJECTED', reason: '   ' });
    expect(blank.statusCode).toBe(400);

    // A paid order is voided by whoever holds void-order (the manager); the cashier alone is not.
    const alone = await move(cashier, order.id, { status: 'REJECTED', reason: 'Out of milk' });
    expect(alone.statusCode, alone.body).toBe(403);
    expect(alone.json().code_message).toBe('approval_required');
    const rejected = await moved(manager, order.id, 'REJECTED', 'Out of fresh milk');
    expect(rejected).toMatchObject({ status: 'REJECTED', refund_due: 1060, allowed_statuses: [] });
    expect(rejected.history.at(-1)).toMatchObject({
      from: 'PENDING',
      to: 'REJECTED',
      by: 'Tan Wei Ming',
      reason: 'Out of fresh milk',
    });
    const [entry] = await auditsOf(t, 'order.status', order.id);
    expect(entry).toMatchObject({
      actorUsername: 'manager',
      before: { status: 'PENDING' },
      after: { status: 'REJECTED', reason: 'Out of fresh milk', refund_due: 1060 },
    });
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.idOrder, order.id), eq(notifications.titleKey, 'orderRejected')));
    expect(note).toMatchObject({
      title: `Order ${order.order_no} rejected`,
      body: 'Tan Wei Ming: Out of fresh milk',
      params: { order_no: order.order_no, by: 'Tan Wei Ming', reason: 'Out of fresh milk' },
    });
    const again = await move(cashier, order.id, { status: 'APPROVED' });
    expect(again.statusCode).toBe(409);
  });

  it('lets only one of two staff tapping accept at once win', async () => {
    const order = await newOrder();
    const answers = await Promise.all([
      move(admin, order.id, { status: 'APPROVED' }),
      move(cashier, order.id, { status: 'APPROVED' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const history = (await api.get(`/api/orders/${order.id}`, admin)).json().data.history;
    expect(history).toHaveLength(2);
  });

  it('answers 401, 403, 400 and 404 as it should', async () => {
    const order = await newOrder();
    const noToken = await api.post(`/api/orders/${order.id}/status`, { status: 'APPROVED' });
    expect(noToken.statusCode).toBe(401);
    expect((await move(finance, order.id, { status: 'APPROVED' })).statusCode).toBe(403);
    expect((await move(admin, order.id, { status: 'DONE' })).statusCode).toBe(400);
    expect(
      (await api.post('/api/orders/nope/status', { status: 'APPROVED' }, admin)).statusCode,
    ).toBe(400);

    // Another outlet's order for outlet-bound staff, another tenant's for anyone: not found.
    const penang = await newOrder(cardSale(refs.pg, refs.product, 1060));
    expect((await move(cashier, penang.id, { status: 'APPROVED' })).statusCode).toBe(404);
    const rival = await otherTenant(t, 'rival-status');
    expect((await move(rival.headers, order.id, { status: 'APPROVED' })).statusCode).toBe(404);
  });

  it('shows no moves to a reader without the status permission', async () => {
    const order = await newOrder();
    const res = await api.get(`/api/orders/${order.id}`, finance);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.allowed_statuses).toEqual([]);
  });
});

describe('POST /api/orders/close-day', () => {
  const DAY = '2026-06-17';
  const close = (headers: Record<string, string>, outletId: string, date = DAY) =>
    api.post('/api/orders/close-day', { outlet_id: outletId, business_date: date }, headers);
  const zReport = (headers: Record<string, string>, outletId: string, date = DAY) =>
    api.get(`/api/orders/z-reports?outlet_id=${outletId}&business_date=${date}`, headers);
  /** Completes the paid orders an outlet still has open from before `date` (earlier tests'). */
  async function finishBefore(outletId: string, date: string) {
    const open = await t.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(
        and(
          eq(orders.outletId, outletId),
          lt(orders.businessDate, date),
          inArray(orders.status, ['PENDING', 'APPROVED']),
        ),
      );
    for (const o of open) {
      if (o.status === 'PENDING') await moved(admin, o.id, 'APPROVED');
      await moved(admin, o.id, 'COMPLETED');
    }
  }

  it('refuses while orders are open, then closes the day with a Z-report equal to its orders', async () => {
    clock.set('2026-06-17T04:00:00Z');
    const cash = await newOrder({
      outlet_id: refs.kl,
      serving_method: 'dine_in',
      table_no: '3',
      items: [{ product_id: refs.product, quantity: 1 }],
      payments: [{ method: 'cash', amount: 1165, tendered: 2000 }],
    });
    const card = await newOrder(cardSale(refs.kl, refs.product, 1060));
    const split = await newOrder({
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 2 }],
      payments: [
        { method: 'cash', amount: 1000 },
        { method: 'tng', amount: 1120, reference: 'TNG-1' },
      ],
    });
    const toReject = await newOrder(cardSale(refs.kl, refs.product, 1060));
    await newOrder(cardSale(refs.pg, refs.product, 1060)); // another outlet: not in this report

    // A paid order of an earlier day still open holds this day too, named with its day.
    const earlier = (
      await t.database.db
        .select({ n: orders.orderNo, d: orders.businessDate })
        .from(orders)
        .where(
          and(
            eq(orders.outletId, refs.kl),
            lt(orders.businessDate, DAY),
            inArray(orders.status, ['PENDING', 'APPROVED']),
          ),
        )
    ).map((o) => `${o.n} (${o.d.replaceAll('-', '/')})`);
    expect(earlier.length).toBeGreaterThan(0);
    const held = await close(manager, refs.kl);
    expectCode(held, 409, 'orders_still_open');
    expect(detailPaths(held)).toEqual(expect.arrayContaining(earlier));
    await finishBefore(refs.kl, DAY);

    const open = await close(manager, refs.kl);
    expectCode(open, 409, 'orders_still_open');
    expect(detailPaths(open)).toEqual([cash, card, split, toReject].map((o) => o.order_no));
    expect((await zReport(manager, refs.kl)).statusCode).toBe(404);

    const completed: Order[] = [];
    for (const o of [cash, card, split]) {
      await moved(manager, o.id, 'APPROVED');
      completed.push(await moved(manager, o.id, 'COMPLETED'));
    }
    await moved(manager, toReject.id, 'APPROVED');
    await moved(manager, toReject.id, 'REJECTED', 'Wrong order');

    clock.set('2026-06-17T14:30:00Z'); // 22:30, after closing
    const res = await close(manager, refs.kl);
    expect(res.statusCode, res.body).toBe(200);
    const report = zReportSchema.parse(res.json().data);
    const sum = (pick: (o: Order) => number) => completed.reduce((s, o) => s + pick(o), 0);
    expect(report).toMatchObject({
      outlet_id: refs.kl,
      outlet_name: 'Kuala Lumpur',
      business_date: DAY,
      closed_by: 'Tan Wei Ming',
      closed_at: '2026-06-17T14:30:00.000Z',
      orders: 3,
      rejected: 1,
      subtotal: sum((o) => o.subtotal),
      discount: sum((o) => o.discount),
      service_charge: sum((o) => o.service_charge),
      service_tax: sum((o) => o.service_tax),
      delivery_fees: sum((o) => o.delivery_fee),
      rounding: sum((o) => o.rounding),
      total: sum((o) => o.total),
    });
    expect(report.total).toBe(1165 + 1060 + 2120);
    expect(report.rounding).toBe(-1);
    expect(report.by_payment_method).toEqual([
      { method: 'cash', count: 2, amount: 2165 },
      { method: 'card', count: 1, amount: 1060 },
      { method: 'tng', count: 1, amount: 1120 },
    ]);
    expect(report.expected_cash).toBe(2165);

    // The completed orders are CLOSED, with the close in their history.
    const after = (await api.get(`/api/orders/${cash.id}`, manager)).json().data;
    expect(after.status).toBe('CLOSED');
    expect(after.history.at(-1)).toMatchObject({
      from: 'COMPLETED',
      to: 'CLOSED',
      reason: null,
      reason_code: 'day_closed',
      reason_params: {},
    });

    // Closing again answers the kept report; reading it answers the same.
    const again = await close(admin, refs.kl);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(res.json().data);
    expect((await zReport(finance, refs.kl)).json().data).toEqual(res.json().data);

    // No more sales on a closed day at that outlet; other outlets go on.
    const late = await sell(t, admin, {
      ...cardSale(refs.kl, refs.product, 1060),
      allow_outside_hours: true,
    });
    expectCode(late, 409, 'day_closed');
    const penang = await sell(t, admin, {
      ...cardSale(refs.pg, refs.product, 1060),
      allow_outside_hours: true,
    });
    expect(penang.statusCode).toBe(201);
  });

  it('closes a day without sales with an empty report', async () => {
    clock.set('2026-06-20T14:00:00Z');
    await finishBefore(refs.pg, '2026-06-19');
    const res = await close(admin, refs.pg, '2026-06-19');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      orders: 0,
      rejected: 0,
      total: 0,
      by_payment_method: [],
      expected_cash: 0,
    });
  });

  it('answers 401, 403, 400 and 404 as it should', async () => {
    expect(
      (await api.post('/api/orders/close-day', { outlet_id: refs.kl, business_date: DAY }))
        .statusCode,
    ).toBe(401);
    expect((await close(cashier, refs.kl)).statusCode).toBe(403); // no close-day-order
    expect((await close(admin, refs.kl, '17/06/2026')).statusCode).toBe(400);
    // A business day that has not started yet.
    const future = await close(admin, refs.kl, '2026-07-01');
    expect(future.statusCode).toBe(400);
    expect(future.json().details).toEqual([
      { path: 'business_date', message: 'validation.invalid' },
    ]);
    // The manager is bound to Kuala Lumpur.
    expect((await close(manager, refs.pg, '2026-06-09')).statusCode).toBe(404);
    expect((await zReport(cashier, refs.pg, '2026-06-09')).statusCode).toBe(404);
    const rival = await otherTenant(t, 'rival-close');
    expect((await close(rival.headers, refs.kl, '2026-06-09')).statusCode).toBe(404);
    expect((await api.get('/api/orders/z-reports?outlet_id=x', admin)).statusCode).toBe(400);
  });
});
