import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { paymentIntents } from '../db/schema/payments';
import { auditLog } from '../db/schema/platform';
import { refunds } from '../db/schema/refunds';
import { orderRow, paymentsOf } from './gateway-order-fixtures';
import type { RequestHeaders, Requests, TestApp } from './test-app';

// What every provider's verified outcomes must do whatever order they arrive in: a success after
// a failure is applied (the bank took the money after all), a failure after a success leaves the
// order paid, and a success arriving for an order cancelled after the failure is owed back through
// the automatic refund. Each provider's test file runs these with its own way of starting a
// payment and of having its gateway (or the sandbox) report a success or a failure.

export interface OutcomeOrderCase<Started> {
  /** Bound late: read inside tests. */
  t: TestApp;
  api: Requests;
  /** The customer paying (their headers, read inside tests). */
  customer: () => RequestHeaders;
  newOrder: () => Promise<{ id: string; total: number }>;
  start: (orderId: string) => Promise<Started & { payment_id: string }>;
  /** The provider reports the payment failed; the answer is checked by the caller. */
  fail: (started: Started & { payment_id: string }) => Promise<void>;
  succeed: (started: Started & { payment_id: string }) => Promise<void>;
  /** False for a gateway whose failed attempt leaves the payment open (Stripe's intent). */
  failureCloses?: boolean;
}

const intentStatus = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, id)))[0]!.status;

export function outcomeOrderTests<Started>(c: OutcomeOrderCase<Started>) {
  it('applies a success that follows a failure: the order is paid once, with its trail', async () => {
    const order = await c.newOrder();
    const started = await c.start(order.id);
    await c.fail(started);
    expect((await orderRow(c.t, order.id)).status).toBe('CREATED');
    const closed = c.failureCloses ?? true;
    expect(await intentStatus(c.t, started.payment_id)).toBe(closed ? 'failed' : 'pending');
    await c.succeed(started);
    expect(await orderRow(c.t, order.id)).toMatchObject({ status: 'PENDING', paid: order.total });
    expect(await paymentsOf(c.t, order.id)).toMatchObject([{ amount: order.total }]);
    expect(await intentStatus(c.t, started.payment_id)).toBe('paid');
    const trail = await c.t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, order.id));
    expect(trail.map((r) => r.action)).toContain('order.paid');
    // Delivered again, the success is a replay: still one payment.
    await c.succeed(started);
    expect(await paymentsOf(c.t, order.id)).toHaveLength(1);
  });

  it('keeps the order paid when a failure follows the success', async () => {
    const order = await c.newOrder();
    const started = await c.start(order.id);
    await c.succeed(started);
    await c.fail(started);
    expect(await orderRow(c.t, order.id)).toMatchObject({
      status: 'PENDING',
      paid: order.total,
      refundDue: 0,
    });
    expect(await paymentsOf(c.t, order.id)).toMatchObject([{ amount: order.total }]);
    expect(await intentStatus(c.t, started.payment_id)).toBe('paid');
  });

  it('owes back a success that follows a failure once the order was cancelled', async () => {
    const order = await c.newOrder();
    const started = await c.start(order.id);
    await c.fail(started);
    const cancel = await c.api.post(`/api/mobile/orders/${order.id}/cancel`, {}, c.customer());
    expect(cancel.statusCode, cancel.body).toBe(200);
    await c.succeed(started);
    const row = await orderRow(c.t, order.id);
    expect(row).toMatchObject({ status: 'REJECTED', paid: order.total });
    // Owed back in full: still due, or already paid back by a provider that settles at once.
    expect(row.refundDue + row.refunded).toBe(order.total);
    const automatic = await c.t.database.db
      .select({ amount: refunds.amount })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id)));
    expect(automatic).toEqual([{ amount: order.total }]);
  });
}
