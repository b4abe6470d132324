import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '../../../db/schema/platform';
import { expectCode } from '../../../test/expect-code';
import { fiuuOrder, ipay88Order } from '../../../test/gateway-fake-payments';
import { gatewayShop, type GatewayShop } from '../../../test/gateway-order-fixtures';
import { gatewayRefundHelpers } from '../../../test/gateway-refund-fixtures';
import { testClock } from '../../../test/order-fixtures';
import { askRefund, movedRefund } from '../../../test/refund-fixtures';
import { useTestApp } from '../../../test/use-test-app';
import { startFiuuFake, type FiuuFake } from '../../../test/fiuu-fake';
import { formatFiuuAmount } from '../accounts/gateways/fiuu/fiuu-signature';
import { startIpay88Fake, type Ipay88Fake } from '../../../test/ipay88-fake';

// Refunds of app orders paid through Fiuu, end to end against the loopback fake: an approved
// refund (by the staff, or on the customer cancelling) is asked of Fiuu's refund API under our
// provider-refund id and completed on its signed answer, once, however often it is asked; a
// refund Fiuu refuses stays APPROVED for the staff. iPay88, which has no refund API, stays by hand.

const NOON_KL = '2026-06-10T04:00:00Z';
const clock = testClock(NOON_KL);
const FIUU = {
  merchant_id: 'kopi_fiuu_refunds',
  verify_key: 'fiuu-fake-refund-verify-0001',
  secret_key: 'fiuu-fake-refund-secret-0002',
};
const IPAY88 = { merchant_code: 'M54321', merchant_key: 'ipay88-fake-refund-key-0001' };
/** A port nothing listens on: Fiuu "down". */
const CLOSED = 'http://127.0.0.1:9';
const baseUrls: Partial<Record<string, string>> = {};
let fiuu: FiuuFake;
let ipay88: Ipay88Fake;
let fiuuShop: GatewayShop;
let ipay88Shop: GatewayShop;

const { t, api, as } = useTestApp({
  now: clock.now,
  config: { paymentGatewayBaseUrls: baseUrls },
  signIn: ['admin', 'cashier', 'finance'],
});
const { admin, cashier, finance } = as;
const {
  approvedRefund,
  refundView,
  expectAwaitingGateway,
  refundedOf,
  refundsOfOrder,
  providerRefundsOf,
  secondSweeper,
} = gatewayRefundHelpers({ t, api, cashier, finance, now: clock.now, baseUrls });

beforeAll(async () => {
  fiuu = await startFiuuFake({
    merchantId: FIUU.merchant_id,
    verifyKey: FIUU.verify_key,
    secretKey: FIUU.secret_key,
  });
  ipay88 = await startIpay88Fake({
    merchantCode: IPAY88.merchant_code,
    merchantKey: IPAY88.merchant_key,
  });
  baseUrls.fiuu = fiuu.url;
  baseUrls.ipay88 = ipay88.url;
  fiuuShop = await gatewayShop(t, api, admin, {
    provider: 'fiuu',
    methods: ['fpx', 'card'],
    credentials: FIUU,
  });
  ipay88Shop = await gatewayShop(t, api, admin, {
    provider: 'ipay88',
    methods: ['fpx', 'card'],
    credentials: IPAY88,
  });
});
afterAll(async () => {
  await fiuu?.close();
  await ipay88?.close();
});
beforeEach(() => {
  clock.set(NOON_KL);
  baseUrls.fiuu = fiuu.url;
});

/** An app order paid through Fiuu (PENDING on the board), with Fiuu's transaction id. */
async function paidFiuuOrder() {
  const order = await fiuuOrder(t, api, fiuuShop, fiuu, true);
  return { ...order, tranID: order.tranID! };
}

/** The refunds the fake Fiuu made of a transaction: the amounts asked, as Fiuu writes them. */
const refundsAtFiuu = (tranID: string) =>
  [...fiuu.refunds.values()].filter((r) => r.TxnID === tranID).map((r) => r.Amount);

describe('a refund of an app order paid through Fiuu', () => {
  it('is paid back through Fiuu once approved, partly and then the rest', async () => {
    const order = await paidFiuuOrder();
    const first = await approvedRefund(order.id, 500);
    expect(first.approved.statusCode, first.approved.body).toBe(200);
    expect(await refundView(first.asked.id)).toMatchObject({
      status: 'COMPLETED',
      provider_payout: 'succeeded',
      business_date: '2026-06-10',
    });
    expect(refundsAtFiuu(order.tranID)).toEqual(['5.00']);
    expect(await refundedOf(order.id)).toBe(500);

    const rest = await approvedRefund(order.id, order.total - 500);
    expect(rest.approved.statusCode, rest.approved.body).toBe(200);
    const view = await refundView(rest.asked.id);
    expect(view).toMatchObject({ status: 'COMPLETED', provider_payout: 'succeeded' });
    expect(view.history.map((h) => [h.from, h.to, h.by]).at(-1)).toEqual([
      'APPROVED',
      'COMPLETED',
      'Online refund (fiuu)',
    ]);
    expect(view.history.filter((h) => h.to === 'COMPLETED')).toHaveLength(1);
    expect(refundsAtFiuu(order.tranID)).toEqual(['5.00', formatFiuuAmount(order.total - 500)]);
    expect(fiuu.transactions.get(order.paymentId)!.refundedSen).toBe(order.total);
    expect(await refundedOf(order.id)).toBe(order.total);
    // Each refund was asked of Fiuu under its own provider-refund id (Fiuu's RefID).
    const parts = await providerRefundsOf(order.paymentId);
    expect(parts.map((p) => `${p.provider} ${p.amount} ${p.status}`).sort()).toEqual(
      [`fiuu ${order.total - 500} succeeded`, 'fiuu 500 succeeded'].sort(),
    );
    expect(parts.map((p) => p.id).sort()).toEqual(
      [...fiuu.refunds.values()]
        .filter((r) => r.TxnID === order.tranID)
        .map((r) => r.RefID)
        .sort(),
    );
    // Refunded whole, the order has nothing left to refund.
    expectCode(
      await askRefund(t, cashier, {
        order_id: order.id,
        kind: 'amount',
        amount: 1,
        method: 'original',
        reason: 'wrong_item',
      }),
      409,
      'refund_order_not_paid',
    );
  });

  it('is refunded whole through Fiuu when the customer cancels the paid order', async () => {
    const order = await paidFiuuOrder();
    const cancelled = await api.post(
      `/api/mobile/orders/${order.id}/cancel`,
      {},
      fiuuShop.customer.headers,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const made = await refundsOfOrder(order.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      amount: order.total,
      status: 'COMPLETED',
      providerPayout: 'succeeded',
    });
    expect(refundsAtFiuu(order.tranID)).toEqual([formatFiuuAmount(order.total)]);
    expect(await refundedOf(order.id)).toBe(order.total);
  });

  it('pays once when Fiuu was down and the sweepers and a resend race for it', async () => {
    const order = await paidFiuuOrder();
    baseUrls.fiuu = CLOSED;
    const { asked, approved } = await approvedRefund(order.id, 700);
    expect(approved.statusCode, approved.body).toBe(200);
    // Fiuu could not be reached: approved, the payout still out, nothing refunded.
    await expectAwaitingGateway(asked.id);
    expect(refundsAtFiuu(order.tranID)).toEqual([]);

    baseUrls.fiuu = fiuu.url;
    const one = await secondSweeper();
    const two = await secondSweeper();
    // Known without connecting: Fiuu's client refunds, iPay88's has no refund.
    expect(one.gateways.refundingGateways()).toContain('fiuu');
    expect(one.gateways.refundingGateways()).not.toContain('ipay88');
    const [row] = await refundsOfOrder(order.id);
    await Promise.all([
      one.payouts.resendUnanswered(0),
      two.payouts.resendUnanswered(0),
      one.payouts.send(row!.tenantId, asked.id),
    ]);
    expect([...one.errors, ...two.errors]).toEqual([]);
    expect(refundsAtFiuu(order.tranID)).toEqual(['7.00']);
    const view = await refundView(asked.id);
    expect(view).toMatchObject({ status: 'COMPLETED', provider_payout: 'succeeded' });
    expect(view.history.filter((h) => h.to === 'COMPLETED')).toHaveLength(1);
    expect(await refundedOf(order.id)).toBe(700);
    // Asked once more later, and swept again: Fiuu answers the same refund, nothing changes.
    await one.payouts.send(row!.tenantId, asked.id);
    await two.payouts.resendUnanswered(0);
    expect(refundsAtFiuu(order.tranID)).toEqual(['7.00']);
    expect(fiuu.transactions.get(order.paymentId)!.refundedSen).toBe(700);
    expect(await refundedOf(order.id)).toBe(700);
    expect((await refundView(asked.id)).history).toHaveLength(view.history.length);
  });

  it('stays APPROVED with the notice when Fiuu refuses it (more than is left)', async () => {
    const order = await paidFiuuOrder();
    // The business refunded part of it in Fiuu's portal, outside Kopi.
    fiuu.transactions.get(order.paymentId)!.refundedSen = 600;
    const { asked, approved } = await approvedRefund(order.id, order.total);
    expect(approved.statusCode, approved.body).toBe(200);
    const view = await refundView(asked.id);
    expect(view).toMatchObject({ status: 'APPROVED', provider_payout: 'failed' });
    expect(view.allowed_statuses).toEqual(['COMPLETED']);
    expect(refundsAtFiuu(order.tranID)).toEqual([]);
    expect(await refundedOf(order.id)).toBe(0);
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.idOrder, order.id), eq(notifications.titleKey, 'refundPayoutFailed')),
      );
    expect(bell).toHaveLength(1);
    expect(bell[0]!.body).toBe('Online refund (fiuu)');
    // The sweeper does not ask again for a refund Fiuu refused.
    const { payouts, errors } = await secondSweeper();
    await payouts.resendUnanswered(0);
    expect(errors).toEqual([]);
    expect(refundsAtFiuu(order.tranID)).toEqual([]);
    // The staff pay it back by hand and complete it.
    const done = await movedRefund(t, finance, asked.id, { status: 'COMPLETED' });
    expect(done.status).toBe('COMPLETED');
    expect(await refundedOf(order.id)).toBe(order.total);
  });
});

describe('a refund of an app order paid through iPay88', () => {
  it('stays with the staff to pay back by hand: nothing is asked of iPay88', async () => {
    const order = await ipay88Order(t, api, ipay88Shop, ipay88, true);
    const { asked, approved } = await approvedRefund(order.id, 400);
    expect(approved.statusCode, approved.body).toBe(200);
    const view = await refundView(asked.id);
    expect(view).toMatchObject({ status: 'APPROVED', provider_payout: null });
    expect(view.allowed_statuses).toContain('COMPLETED');
    expect(await providerRefundsOf(order.paymentId)).toHaveLength(0);
    const { payouts, errors } = await secondSweeper();
    await payouts.resendUnanswered(0);
    expect(errors).toEqual([]);
    expect(await providerRefundsOf(order.paymentId)).toHaveLength(0);
    const done = await movedRefund(t, finance, asked.id, { status: 'COMPLETED' });
    expect(done).toMatchObject({ status: 'COMPLETED', provider_payout: null });
    expect(await refundedOf(order.id)).toBe(400);
  });
});
