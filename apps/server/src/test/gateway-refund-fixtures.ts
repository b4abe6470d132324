import { refundSchema } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../db/schema/orders';
import { providerRefunds } from '../db/schema/payments';
import { refunds } from '../db/schema/refunds';
import { resolveCredentialsKey } from '../modules/payments/accounts/payment-credentials';
import { createPaymentGatewayService } from '../modules/payments/accounts/payment-gateways.service';
import { createRefundPayouts } from '../modules/payments/refund-payouts/refund-payouts.service';
import { createRefundService } from '../modules/refunds/refunds.service';
import { createShiftService } from '../modules/shifts/shifts.service';
import type { Clock } from '../lib/clock';
import { expectCode } from './expect-code';
import { standaloneApprovals } from './standalone-services';
import { moveRefund, refundOf } from './refund-fixtures';
import type { RequestHeaders, Requests, TestApp } from './test-app';

// What the tests of refunds through a gateway's refund API share: a refund asked for by the
// cashier and approved by finance, the refund as the staff see it, what the order has refunded,
// and a sweeper of its own, as a second server would run one.

export interface GatewayRefundContext {
  t: TestApp;
  api: Requests;
  cashier: RequestHeaders;
  finance: RequestHeaders;
  now: Clock;
  /** The gateways' base URLs the app reaches them at (the fakes'). */
  baseUrls: Partial<Record<string, string>>;
}

export function gatewayRefundHelpers({
  t,
  api,
  cashier,
  finance,
  now,
  baseUrls,
}: GatewayRefundContext) {
  /** The cashier asks for `amount` back to the original payment; finance approves it. */
  async function approvedRefund(orderId: string, amount: number) {
    const asked = await refundOf(t, cashier, {
      order_id: orderId,
      kind: 'amount',
      amount,
      method: 'original',
      reason: 'wrong_item',
    });
    return { asked, approved: await moveRefund(t, finance, asked.id, { status: 'APPROVED' }) };
  }

  async function refundView(id: string) {
    const res = await api.get(`/api/refunds/${id}`, finance);
    expect(res.statusCode, res.body).toBe(200);
    return refundSchema.parse(res.json().data);
  }

  /** Approved and waiting on the gateway: its payout still out, the staff cannot complete it. */
  async function expectAwaitingGateway(refundId: string) {
    expect(await refundView(refundId)).toMatchObject({
      status: 'APPROVED',
      provider_payout: 'pending',
      allowed_statuses: [],
    });
    expectCode(
      await moveRefund(t, finance, refundId, { status: 'COMPLETED' }),
      409,
      'refund_awaiting_provider',
    );
  }

  const refundedOf = async (orderId: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.refunded;

  const refundsOfOrder = (orderId: string) =>
    t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

  const providerRefundsOf = (paymentId: string) =>
    t.database.db.select().from(providerRefunds).where(eq(providerRefunds.paymentId, paymentId));

  /**
   * A sweeper of its own, as a second server would run one, wired to the app's database: its
   * payouts settle through its own refunds service.
   */
  async function secondSweeper() {
    const errors: unknown[] = [];
    const gateways = createPaymentGatewayService({
      db: t.database.db,
      now,
      key: await resolveCredentialsKey(t.database.db, t.config.paymentCredentialsKey),
      appUrl: t.config.appUrl,
      baseUrls,
    });
    const payouts = createRefundPayouts({
      db: t.database.db,
      now,
      providers: [],
      gateways,
      deliver: () => {},
      onError: (error) => errors.push(error),
    });
    const refunds = createRefundService({
      db: t.database.db,
      now,
      dataDir: t.config.dataDir,
      payouts,
      drawers: createShiftService({
        db: t.database.db,
        now,
        approvals: standaloneApprovals(t, now),
      }),
    });
    return {
      payouts: {
        resendUnanswered: (quietMs?: number) =>
          payouts.resendUnanswered(refunds.settleByProvider, quietMs),
        send: refunds.sendPayout,
      },
      errors,
      gateways,
    };
  }

  return {
    approvedRefund,
    refundView,
    expectAwaitingGateway,
    refundedOf,
    refundsOfOrder,
    providerRefundsOf,
    secondSweeper,
  };
}
