import { refundSchema, type Refund } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../db/schema/orders';
import { providerRefunds } from '../db/schema/payments';
import { notifications } from '../db/schema/platform';
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
// a sweeper of its own, as a second server would run one, and the outcomes every gateway's refund
// tests check alike.

/** A port nothing listens on: a gateway "down". */
export const UNREACHABLE_GATEWAY = 'http://127.0.0.1:9';

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

  /** Completed through the gateway's refund API, once, by the gateway's name. */
  async function expectCompletedOnline(
    refundId: string,
    provider: string,
    also: Partial<Refund> = {},
  ) {
    const view = await refundView(refundId);
    expect(view).toMatchObject({ status: 'COMPLETED', provider_payout: 'succeeded', ...also });
    expect(view.history.map((h) => [h.from, h.to, h.by]).at(-1)).toEqual([
      'APPROVED',
      'COMPLETED',
      `Online refund (${provider})`,
    ]);
    return view;
  }

  /** The customer cancels their paid app order: the refunds that made. */
  async function cancelledByCustomer(orderId: string, customer: RequestHeaders) {
    const cancelled = await api.post(`/api/mobile/orders/${orderId}/cancel`, {}, customer);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    return refundsOfOrder(orderId);
  }

  /** Refused by the gateway: approved, its payout failed, nothing refunded, the bell's notice. */
  async function expectRefusedByGateway(refundId: string, orderId: string, provider: string) {
    const view = await refundView(refundId);
    expect(view).toMatchObject({ status: 'APPROVED', provider_payout: 'failed' });
    expect(view.allowed_statuses).toEqual(['COMPLETED']);
    expect(await refundedOf(orderId)).toBe(0);
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.idOrder, orderId), eq(notifications.titleKey, 'refundPayoutFailed')),
      );
    expect(bell).toHaveLength(1);
    expect(bell[0]!.body).toBe(`Online refund (${provider})`);
  }

  /**
   * RM 7.00 of the order approved while `provider` is down; once it is back, two sweepers and a
   * resend race for it and it is paid back once (`paidOnce`: what the gateway then lists, read by
   * `paidAtGateway`). `byHand` is a gateway without a refund API, which no sweeper asks.
   */
  async function raceAfterOutage(o: {
    orderId: string;
    provider: string;
    byHand: string;
    paidAtGateway: () => unknown[];
    paidOnce: unknown[];
  }) {
    const up = baseUrls[o.provider];
    baseUrls[o.provider] = UNREACHABLE_GATEWAY;
    const { asked, approved } = await approvedRefund(o.orderId, 700);
    expect(approved.statusCode, approved.body).toBe(200);
    // The gateway could not be reached: approved, the payout still out, nothing refunded.
    await expectAwaitingGateway(asked.id);
    expect(o.paidAtGateway()).toEqual([]);

    baseUrls[o.provider] = up;
    const one = await secondSweeper();
    const two = await secondSweeper();
    // Known without connecting: whose client refunds, whose has no refund.
    expect(one.gateways.refundingGateways()).toContain(o.provider);
    expect(one.gateways.refundingGateways()).not.toContain(o.byHand);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.id, asked.id));
    await Promise.all([
      one.payouts.resendUnanswered(0),
      two.payouts.resendUnanswered(0),
      one.payouts.send(row!.tenantId, asked.id),
    ]);
    expect([...one.errors, ...two.errors]).toEqual([]);
    expect(o.paidAtGateway()).toEqual(o.paidOnce);
    const view = await refundView(asked.id);
    expect(view).toMatchObject({ status: 'COMPLETED', provider_payout: 'succeeded' });
    expect(view.history.filter((h) => h.to === 'COMPLETED')).toHaveLength(1);
    expect(await refundedOf(o.orderId)).toBe(700);
    return { asked, view, tenantId: row!.tenantId, sweepers: [one, two] as const };
  }

  return {
    approvedRefund,
    expectCompletedOnline,
    cancelledByCustomer,
    expectRefusedByGateway,
    raceAfterOutage,
    refundView,
    expectAwaitingGateway,
    refundedOf,
    refundsOfOrder,
    providerRefundsOf,
    secondSweeper,
  };
}
