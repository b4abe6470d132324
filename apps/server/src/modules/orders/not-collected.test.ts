import { boardSchema, orderSchema } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/schema/live';
import { otherTenant } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { cardSale, sell } from '../../test/order-fixtures';
import { anonymous, type RequestHeaders } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { auditsOf } from '../../test/fixtures';

// POST /api/orders/{id}/not-collected: a manager clears a ready order the customer never came
// for, with a reason, once. Ready orders otherwise stay on the board until handed
// over or closed by the day close. update-order is the permission: the manager holds it, the
// cashier does not.

// refs.product: RM 10.00 → RM 10.60 by card

const { t, api, as, clock, refs } = useSaleApp({
  signIn: ['admin', 'manager', 'cashier'],
  product: { sku: 'UNCOLLECTED-1', price: 1000 },
  at: '2026-06-10T03:00:00Z',
});
// manager and cashier: bound to KL01
const { admin, manager, cashier } = as;
beforeEach(() => clock.set('2026-06-10T03:00:00Z'));

const at = (time: string) => clock.set(`2026-06-10T${time}Z`);

async function readyOrder(outletId = refs.kl) {
  at('03:00:00');
  const sale = await sell(t, admin, cardSale(outletId, refs.product, 1060));
  expect(sale.statusCode, sale.body).toBe(201);
  const id = sale.json().data.id as string;
  for (const status of ['APPROVED', 'COMPLETED'] as const) {
    const res = await api.post(`/api/orders/${id}/status`, { status }, admin);
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

const clear = (
  id: string,
  body: object = { reason: 'No show' },
  headers: RequestHeaders = manager,
) => api.post(`/api/orders/${id}/not-collected`, body, headers);

const onBoard = async (id: string) =>
  boardSchema
    .parse((await api.get('/api/orders/board', cashier)).json().data)
    .orders.some((o) => o.id === id);

describe('POST /api/orders/{id}/not-collected', () => {
  it('clears a ready order from the board with a reason; order details show it', async () => {
    const id = await readyOrder();
    // Six hours later the uncollected order still waits on the board.
    at('09:00:00');
    expect(await onBoard(id)).toBe(true);
    const res = await clear(id, { reason: '  Customer never came  ' });
    expect(res.statusCode, res.body).toBe(200);
    const order = orderSchema.strict().parse(res.json().data);
    expect(order).toMatchObject({
      status: 'COMPLETED',
      handed_over_at: null,
      not_collected_at: '2026-06-10T09:00:00.000Z',
      not_collected_by: expect.any(String),
      not_collected_reason: 'Customer never came',
    });
    expect(await onBoard(id)).toBe(false);
    const details = orderSchema.parse((await api.get(`/api/orders/${id}`, admin)).json().data);
    expect(details.not_collected_reason).toBe('Customer never came');
  });

  it('writes once: a second call answers the first, with one audit entry and one live event', async () => {
    const id = await readyOrder();
    at('04:00:00');
    const [a, b] = await Promise.all([
      clear(id, { reason: 'First' }),
      clear(id, { reason: 'Second' }, admin),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const first = a.json().data.not_collected_reason as string;
    expect(['First', 'Second']).toContain(first);
    expect(b.json().data.not_collected_reason).toBe(first);
    at('05:00:00');
    const later = await clear(id, { reason: 'Third' });
    expect(later.statusCode).toBe(200);
    expect(later.json().data).toMatchObject({
      not_collected_at: '2026-06-10T04:00:00.000Z',
      not_collected_reason: first,
    });

    const audits = await auditsOf(t, 'order.not_collected', id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ reason: first });
    const events = (
      await t.database.db
        .select()
        .from(liveEvents)
        .where(eq(liveEvents.type, 'order.not_collected'))
    ).filter((e) => (e.message as { id_order?: string }).id_order === id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ outletId: refs.kl, message: { status: 'COMPLETED' } });
    // The boards learn the moment itself, as the order's answer gives it.
    expect(events[0]!.message).toMatchObject({ not_collected_at: '2026-06-10T04:00:00.000Z' });
    expect(audits[0]!.after).toMatchObject({ not_collected_at: '2026-06-10T04:00:00.000Z' });
  });

  it('refuses an order not ready, or handed over (409)', async () => {
    const sale = await sell(t, admin, cardSale(refs.kl, refs.product, 1060));
    const pending = sale.json().data.id as string;
    expectCode(await clear(pending), 409, 'invalid_status_transition');
    const handed = await readyOrder();
    expect((await api.post(`/api/orders/${handed}/handed-over`, undefined, admin)).statusCode).toBe(
      200,
    );
    expectCode(await clear(handed), 409, 'invalid_status_transition');
    const detail = orderSchema.parse((await api.get(`/api/orders/${handed}`, admin)).json().data);
    expect(detail.not_collected_at).toBeNull();
    await api.post(`/api/orders/${pending}/status`, { status: 'REJECTED', reason: 'Test' }, admin);
  });

  it('answers 401, 403 (a cashier), 400 and 404 (another outlet for bound staff, another tenant)', async () => {
    const id = await readyOrder();
    expect((await clear(id, { reason: 'x' }, anonymous)).statusCode).toBe(401);
    expectCode(await clear(id, { reason: 'x' }, cashier), 403, 'forbidden');
    expectCode(await clear(id, { reason: '   ' }), 400, 'validation_failed');
    expectCode(await clear(id, {}), 400, 'validation_failed');
    expectCode(await clear(id, { reason: 'x'.repeat(301) }), 400, 'validation_failed');
    expect((await clear('nope')).statusCode).toBe(400);
    const penang = await readyOrder(refs.pg);
    expectCode(await clear(penang), 404, 'not_found');
    const rival = await otherTenant(t, 'rival-not-collected');
    expectCode(await clear(id, { reason: 'x' }, rival.headers), 404, 'not_found');
    // Nothing was written by the refusals.
    const detail = orderSchema.parse((await api.get(`/api/orders/${id}`, admin)).json().data);
    expect(detail.not_collected_at).toBeNull();
    expect(await onBoard(id)).toBe(true);
  });
});
