import { boardSchema, dashboardSchema, orderSchema } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/schema/live';
import { otherTenant } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { cardSale, sell } from '../../test/order-fixtures';
import { anonymous } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { auditsOf } from '../../test/fixtures';

// POST /api/orders/{id}/handed-over: the moment a ready order reached the customer, recorded
// once; the board drops the card, order details show the waiting times, the dashboard averages.

// refs.product: RM 10.00 → RM 10.60 by card

const { t, api, as, clock, refs } = useSaleApp({
  signIn: ['admin', 'cashier', 'finance'],
  product: { sku: 'HAND-1', price: 1000 },
  at: '2026-06-10T03:00:00Z',
});
// cashier: bound to KL01
const { admin, cashier, finance } = as;
beforeEach(() => clock.set('2026-06-10T03:00:00Z'));

/** 10 June at a UTC time, or a whole UTC date and time. */
const at = (time: string) => clock.set(time.includes('T') ? `${time}Z` : `2026-06-10T${time}Z`);

async function readyOrder(outletId = refs.kl, times = ['03:00:00', '03:02:00', '03:06:00']) {
  at(times[0]!);
  const sale = await sell(t, admin, cardSale(outletId, refs.product, 1060));
  expect(sale.statusCode, sale.body).toBe(201);
  const id = sale.json().data.id as string;
  for (const [status, time] of [
    ['APPROVED', times[1]!],
    ['COMPLETED', times[2]!],
  ] as const) {
    at(time);
    const res = await api.post(`/api/orders/${id}/status`, { status }, admin);
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

const handOver = (id: string, headers: Record<string, string> = cashier) =>
  api.post(`/api/orders/${id}/handed-over`, undefined, headers);

describe('POST /api/orders/{id}/handed-over', () => {
  it('records when the customer got a ready order, shows the waiting times and drops the board card', async () => {
    const id = await readyOrder();
    const onBoard = async () =>
      boardSchema
        .parse((await api.get('/api/orders/board', cashier)).json().data)
        .orders.some((o) => o.id === id);
    expect(await onBoard()).toBe(true);

    at('03:09:30');
    const res = await handOver(id);
    expect(res.statusCode, res.body).toBe(200);
    const order = orderSchema.strict().parse(res.json().data);
    expect(order).toMatchObject({
      status: 'COMPLETED',
      created_at: '2026-06-10T03:00:00.000Z',
      ready_at: '2026-06-10T03:06:00.000Z',
      handed_over_at: '2026-06-10T03:09:30.000Z',
      handed_over_by: expect.any(String),
    });
    expect(await onBoard()).toBe(false);
    const details = (await api.get(`/api/orders/${id}`, admin)).json().data;
    expect(details.handed_over_at).toBe('2026-06-10T03:09:30.000Z');
  });

  it('records the moment once: asking again answers the first one, with one audit entry and one live event', async () => {
    const id = await readyOrder();
    at('03:10:00');
    const [a, b] = await Promise.all([handOver(id), handOver(id, admin)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().data.handed_over_at).toBe('2026-06-10T03:10:00.000Z');
    expect(b.json().data.handed_over_at).toBe('2026-06-10T03:10:00.000Z');
    at('03:20:00');
    const later = await handOver(id);
    expect(later.statusCode).toBe(200);
    expect(later.json().data.handed_over_at).toBe('2026-06-10T03:10:00.000Z');

    const audits = await auditsOf(t, 'order.handed_over', id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ handed_over_at: '2026-06-10T03:10:00.000Z' });
    const events = (
      await t.database.db.select().from(liveEvents).where(eq(liveEvents.type, 'order.handed_over'))
    ).filter((e) => (e.message as { id_order?: string }).id_order === id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ outletId: refs.kl, message: { status: 'COMPLETED' } });
    // The boards learn the moment itself, as the order's answer gives it.
    expect(events[0]!.message).toMatchObject({ handed_over_at: '2026-06-10T03:10:00.000Z' });
  });

  it('refuses an order that is not ready (409)', async () => {
    const sale = await sell(t, admin, cardSale(refs.kl, refs.product, 1060));
    const id = sale.json().data.id as string;
    expectCode(await handOver(id), 409, 'invalid_status_transition');
    await api.post(`/api/orders/${id}/status`, { status: 'APPROVED' }, admin);
    expectCode(await handOver(id), 409, 'invalid_status_transition');
    const detail = (await api.get(`/api/orders/${id}`, admin)).json().data;
    expect(detail).toMatchObject({ handed_over_at: null, ready_at: null });
  });

  it('answers 401, 403, 400 and 404 (another outlet for bound staff, another tenant)', async () => {
    const id = await readyOrder();
    expect((await handOver(id, anonymous)).statusCode).toBe(401);
    expectCode(await handOver(id, finance), 403, 'forbidden');
    expect((await handOver('nope', admin)).statusCode).toBe(400);
    const penang = await readyOrder(refs.pg);
    expectCode(await handOver(penang, cashier), 404, 'not_found');
    const rival = await otherTenant(t, 'rival-handed-over');
    expectCode(await handOver(id, rival.headers), 404, 'not_found');
    // Nothing was written by the refusals.
    expect((await api.get(`/api/orders/${id}`, admin)).json().data.handed_over_at).toBeNull();
  });
});

describe('GET /api/dashboard waiting times', () => {
  it('averages placed → ready and ready → handed over for the day and outlet', async () => {
    // A fresh business day of its own, so earlier tests' orders do not count.
    const day = (hhmmss: string) => `2026-06-11T${hhmmss}`;
    const a = await readyOrder(refs.pg, [day('02:00:00'), day('02:01:00'), day('02:04:00')]);
    const b = await readyOrder(refs.pg, [day('02:10:00'), day('02:12:00'), day('02:16:00')]);
    await readyOrder(refs.kl, [day('02:20:00'), day('02:21:00'), day('02:50:00')]);
    at(day('02:06:00'));
    expect((await handOver(a, admin)).statusCode).toBe(200); // 2 min after ready
    at(day('02:20:00'));
    expect((await handOver(b, admin)).statusCode).toBe(200); // 4 min after ready
    at(day('03:00:00'));
    const res = await api.get(`/api/dashboard?outlet_id=${refs.pg}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(dashboardSchema.parse(res.json().data).waiting_times).toEqual({
      ready_orders: 2,
      avg_to_ready_seconds: 300, // 4 and 6 minutes
      handed_over_orders: 2,
      avg_to_handed_over_seconds: 180,
    });
    const all = dashboardSchema.parse((await api.get('/api/dashboard', admin)).json().data);
    expect(all.waiting_times).toMatchObject({
      ready_orders: 3,
      avg_to_ready_seconds: 800, // 4, 6 and 30 minutes
      handed_over_orders: 2,
    });
  });
});
