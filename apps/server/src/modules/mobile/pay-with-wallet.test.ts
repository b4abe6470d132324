import { randomUUID } from 'node:crypto';
import { mobileOrderSchema } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderPayments, orders } from '../../db/schema/orders';
import { auditLog, notifications } from '../../db/schema/platform';
import { refunds } from '../../db/schema/refunds';
import { createTenant } from '../../test/fixtures';
import { expectCode } from '../../test/expect-code';
import { verifiedCustomer } from '../../test/mobile-fixtures';
import { useSaleApp } from '../../test/use-sale-app';
import {
  customerRow,
  orderPoints,
  placedAppOrder,
  setCustomerStatus,
  walletCustomer,
  walletOf,
} from '../../test/wallet-pay-fixtures';
import { createCustomerOrderService } from '../orders/customer-orders.service';
import { standaloneOrderDeps } from '../../test/standalone-services';
import { refundMovesOf } from '../../test/refund-fixtures';

// Paying an app order with the wallet: what the order owes leaves the wallet in the same
// transaction as the order's payment (CREATED → PENDING, the staff told, points earned), or
// nothing happens at all. Cancelled afterwards, the money goes straight back to the wallet.
// The test product sells for RM 21.20 with SST.

const NOON_KL = '2026-06-10T04:00:00Z';
const TOTAL = 2120;
const { t, api, clock, refs } = useSaleApp({ product: { sku: 'WALLET-CAKE', price: 2000 } });

beforeEach(() => clock.set(NOON_KL));

const appOrder = (headers: Record<string, string>) =>
  placedAppOrder(t, headers, refs.kl, refs.product);
const payWithWallet = (orderId: string, headers: Record<string, string>) =>
  api.post(`/api/mobile/orders/${orderId}/pay-with-wallet`, undefined, headers);
const orderRow = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('paying an app order with the wallet', () => {
  it('takes what the order owes, moves it to PENDING, tells the outlet and earns the points', async () => {
    const customer = await walletCustomer(t, 5000);
    const order = await appOrder(customer.headers);
    const res = await payWithWallet(order.id, customer.headers);
    expect(res.statusCode, res.body).toBe(200);
    const paid = mobileOrderSchema.parse(res.json().data);
    const [spend] = (await walletOf(t, customer.id)).filter((e) => e.kind === 'spend');
    expect(spend).toMatchObject({
      amount: -TOTAL,
      balanceAfter: 5000 - TOTAL,
      orderId: order.id,
      idempotencyKey: `order:${order.id}:wallet`,
      actorKind: 'customer',
      actorId: customer.id,
    });
    expect(paid).toMatchObject({ status: 'PENDING', paid: TOTAL });
    expect(paid.payments).toMatchObject([{ method: 'wallet', amount: TOTAL, status: 'paid' }]);
    const [line] = await t.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order.id));
    expect(line).toMatchObject({ reference: `wallet:${spend!.id}` });
    expect(await orderRow(order.id)).toMatchObject({ paymentMethods: ['wallet'], paid: TOTAL });
    expect((await orderPoints(t, order.id, 'earn')).map((e) => e.points)).toEqual([21]);
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.idOrder, order.id));
    expect(note).toMatchObject({ title: `New order ${order.order_no}`, titleKey: 'orderPaid' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.paid')));
    expect(entry?.after).toMatchObject({ wallet_entry_id: spend!.id, method: 'wallet' });
    // Paid already: a second request takes nothing.
    expectCode(await payWithWallet(order.id, customer.headers), 409, 'order_not_payable');
    expect((await customerRow(t, customer.id)).walletBalance).toBe(5000 - TOTAL);
  });

  it('takes nothing from a wallet too low or a blocked customer', async () => {
    const customer = await walletCustomer(t, TOTAL - 1);
    const order = await appOrder(customer.headers);
    expectCode(await payWithWallet(order.id, customer.headers), 409, 'insufficient_wallet_balance');
    expect(await orderRow(order.id)).toMatchObject({ status: 'CREATED', paid: 0 });
    expect((await walletOf(t, customer.id)).map((e) => e.kind)).toEqual(['topup']);
    // Blocked between signing in and paying: the service refuses too (the session already is).
    await setCustomerStatus(t, customer.id, 'disabled');
    expectCode(await payWithWallet(order.id, customer.headers), 401, 'unauthorized');
    const service = createCustomerOrderService(await standaloneOrderDeps(t, clock.now));
    const principal = {
      customerId: customer.id,
      sessionId: randomUUID(),
      tenantId: (await customerRow(t, customer.id)).tenantId,
      tenantSlug: 'kopi-demo',
      name: 'Siti Aminah',
      phone: customer.phone,
    };
    const ctx = { principal: null, ip: '127.0.0.1', userAgent: null, requestId: 'test' };
    await expect(service.payWithWallet(principal, ctx, order.id)).rejects.toMatchObject({
      code: 'customer_blocked',
    });
    expect(await orderRow(order.id)).toMatchObject({ status: 'CREATED', paid: 0 });
  });

  it('answers 401 without a session, 404 for another’s order, 400 for a bad id', async () => {
    const customer = await walletCustomer(t, 5000);
    const other = await verifiedCustomer(t);
    const order = await appOrder(other.headers);
    expectCode(await payWithWallet(order.id, {}), 401, 'unauthorized');
    expectCode(await payWithWallet(order.id, customer.headers), 404, 'not_found');
    expectCode(await payWithWallet(randomUUID(), customer.headers), 404, 'not_found');
    expectCode(await payWithWallet('nope', customer.headers), 400, 'validation_failed');
    // A customer of another business does not see it at all.
    await createTenant(t, 'kopi-east');
    const stranger = await verifiedCustomer(t, { slug: 'kopi-east' });
    expectCode(await payWithWallet(order.id, stranger.headers), 404, 'not_found');
    expect(await orderRow(order.id)).toMatchObject({ status: 'CREATED' });
    expect((await customerRow(t, customer.id)).walletBalance).toBe(5000);
  });
});

describe('an order paid with the wallet and cancelled', () => {
  it('gives the money back to the wallet at once and takes the points back', async () => {
    const customer = await walletCustomer(t, 5000);
    const order = await appOrder(customer.headers);
    expect((await payWithWallet(order.id, customer.headers)).statusCode).toBe(200);
    const cancelled = await api.post(`/api/mobile/orders/${order.id}/cancel`, {}, customer.headers);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [refund] = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({
      method: 'wallet',
      paymentMethod: 'wallet',
      amount: TOTAL,
      status: 'COMPLETED',
      requestedByName: 'Siti Aminah',
      approvedByName: 'Automatic refund',
    });
    // The system's moves say why in codes, which each screen words in its own language.
    const moves = await refundMovesOf(t, refund!.id);
    expect(moves.map((m) => [m.toStatus, m.reason, m.reasonCode, m.reasonParams])).toEqual([
      ['PENDING', null, null, null],
      ['APPROVED', null, 'given_back_to_wallet', {}],
      ['COMPLETED', null, null, null],
    ]);
    const entries = await walletOf(t, customer.id);
    expect(entries.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
      ['topup', 5000, 5000],
      ['spend', -TOTAL, 5000 - TOTAL],
      ['refund', TOTAL, 5000],
    ]);
    expect(entries[2]).toMatchObject({ refundId: refund!.id, actorKind: 'system' });
    expect(await orderRow(order.id)).toMatchObject({ refunded: TOTAL, refundDue: 0 });
    expect((await orderPoints(t, order.id, 'reverse')).map((e) => e.points)).toEqual([-21]);
    expect(await customerRow(t, customer.id)).toMatchObject({ walletBalance: 5000, points: 0 });
  });
});
