import type { PaymentStart } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { membershipTiers } from '../../db/schema/membership-tiers';
import { refunds } from '../../db/schema/refunds';
import { expectCode } from '../../test/expect-code';
import { payWithSandbox, postCallback } from '../../test/mobile-fixtures';
import { demoTenantId, openDrawer } from '../../test/order-fixtures';
import { amountRefund, moveRefund, paidOrder } from '../../test/refund-fixtures';
import { useSaleApp } from '../../test/use-sale-app';
import {
  completedRefund,
  customerRow,
  orderPoints,
  placedAppOrder,
  pointsOf,
  walletCustomer,
} from '../../test/wallet-pay-fixtures';

// Points follow paid money exactly once: earned when an app order's payment lands (however often
// the provider's callback is delivered) or at the counter, taken back in proportion when a refund
// completes (however often its completion is delivered or retried), and the tier follows them.
// 1 point per RM 1 (100 hundredths per ringgit, rounded down).

type Callback = NonNullable<PaymentStart['sandbox_callback']>;

const NOON_KL = '2026-06-10T04:00:00Z';
const delivered: Callback[] = [];
const { t, api, as, clock, refs, oneLine } = useSaleApp({
  sandboxDelivery: (callback) => delivered.push(callback),
  signIn: ['admin', 'finance'],
  product: { sku: 'POINTS-CAKE', price: 2000 },
});
const { admin, finance } = as;

beforeAll(async () => {
  await openDrawer(t, 'finance', refs.kl); // a cash refund is paid from its completer's drawer
});
beforeEach(() => {
  clock.set(NOON_KL);
  delivered.length = 0;
});

const appOrder = (headers: Record<string, string>) =>
  placedAppOrder(t, headers, refs.kl, refs.product);

describe('points of an app order paid online', () => {
  it('are earned once when the payment callback is delivered three times', async () => {
    const customer = await walletCustomer(t);
    const order = await appOrder(customer.headers);
    const { payment, callback } = await payWithSandbox(t, customer.headers, order.id);
    expect(callback.statusCode, callback.body).toBe(200);
    for (let i = 0; i < 2; i++) {
      const again = await postCallback(t, payment.sandbox_callback);
      expect(again.json().data).toMatchObject({ duplicate: true });
    }
    const earned = await orderPoints(t, order.id, 'earn');
    expect(earned.map((e) => [e.points, e.spend, e.customerId])).toEqual([[21, 2120, customer.id]]);
    expect((await customerRow(t, customer.id)).points).toBe(21);
  });

  it('are taken back once when the provider’s refund callback is delivered twice', async () => {
    const customer = await walletCustomer(t);
    const order = await appOrder(customer.headers);
    await payWithSandbox(t, customer.headers, order.id);
    const cancelled = await api.post(`/api/mobile/orders/${order.id}/cancel`, {}, customer.headers);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(delivered).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const res = await postCallback(t, delivered[0]!);
      expect(res.statusCode, res.body).toBe(200);
    }
    const [refund] = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ status: 'COMPLETED', amount: 2120 });
    const reversed = await orderPoints(t, order.id, 'reverse');
    expect(reversed.map((e) => [e.points, e.spend, e.refundId])).toEqual([
      [-21, -2120, refund!.id],
    ]);
    expect((await customerRow(t, customer.id)).points).toBe(0);
  });
});

describe('points of a counter sale refunded by staff', () => {
  it('take back each refund’s share once, even when its completion is sent again', async () => {
    const customer = await walletCustomer(t);
    const order = await paidOrder(
      t,
      admin,
      oneLine({
        customer_id: customer.id,
        payments: [{ method: 'card', amount: 2120, reference: 'SLIP-9' }],
      }),
    );
    expect((await orderPoints(t, order.id, 'earn')).map((e) => e.points)).toEqual([21]);
    const refundPart = async (amount: number) => {
      const refund = await completedRefund(t, admin, finance, amountRefund(order.id, amount));
      expectCode(
        await moveRefund(t, finance, refund.id, { status: 'COMPLETED' }),
        409,
        'invalid_status_transition',
      );
      return refund.id;
    };
    const half = await refundPart(1060);
    const rest = await refundPart(1060);
    const reversed = await orderPoints(t, order.id, 'reverse');
    expect(reversed.map((e) => [e.refundId, e.points, e.spend])).toEqual([
      [half, -10, -1060],
      [rest, -11, -1060],
    ]);
    expect((await customerRow(t, customer.id)).points).toBe(0);
  });

  it('move the customer’s tier up when earned and down when refunded', async () => {
    const tenantId = await demoTenantId(t);
    const [silver] = await t.database.db
      .insert(membershipTiers)
      .values({ tenantId, nameEn: 'Silver', nameMy: 'Perak', threshold: 20, colour: '#c0c0c0' })
      .returning();
    try {
      const customer = await walletCustomer(t);
      const order = await paidOrder(
        t,
        admin,
        oneLine({
          customer_id: customer.id,
          payments: [{ method: 'cash', amount: 2120 }],
        }),
      );
      expect((await customerRow(t, customer.id)).tierId).toBe(silver!.id);
      await completedRefund(t, admin, finance, {
        order_id: order.id,
        kind: 'full',
        method: 'cash',
        reason: 'wrong_item',
      });
      expect(await customerRow(t, customer.id)).toMatchObject({ tierId: null, points: 0 });
      expect((await pointsOf(t, customer.id)).map((p) => p.kind)).toEqual(['earn', 'reverse']);
    } finally {
      await t.database.db.delete(membershipTiers).where(eq(membershipTiers.id, silver!.id));
    }
  });
});
