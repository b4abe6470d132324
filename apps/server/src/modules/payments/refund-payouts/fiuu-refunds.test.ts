import { describe, expect, it } from 'vitest';
import { expectCode } from '../../../test/expect-code';
import { fiuuOrder, ipay88Order } from '../../../test/gateway-fake-payments';
import { askRefund, movedRefund } from '../../../test/refund-fixtures';
import { useGatewayRefunds } from '../../../test/use-gateway-refunds';
import { startFiuuFake } from '../../../test/fiuu-fake';
import { formatFiuuAmount } from '../accounts/gateways/fiuu/fiuu-signature';
import { startIpay88Fake } from '../../../test/ipay88-fake';

// Refunds of app orders paid through Fiuu, end to end against the loopback fake: an approved
// refund (by the staff, or on the customer cancelling) is asked of Fiuu's refund API under our
// provider-refund id and completed on its signed answer, once, however often it is asked; a
// refund Fiuu refuses stays APPROVED for the staff. iPay88, which has no refund API, stays by hand.

const FIUU = {
  merchant_id: 'kopi_fiuu_refunds',
  verify_key: 'fiuu-fake-refund-verify-0001',
  secret_key: 'fiuu-fake-refund-secret-0002',
};
const IPAY88 = { merchant_code: 'M54321', merchant_key: 'ipay88-fake-refund-key-0001' };
const kit = useGatewayRefunds({
  gateways: {
    fiuu: {
      credentials: FIUU,
      methods: ['fpx', 'card'],
      start: () =>
        startFiuuFake({
          merchantId: FIUU.merchant_id,
          verifyKey: FIUU.verify_key,
          secretKey: FIUU.secret_key,
        }),
    },
    ipay88: {
      credentials: IPAY88,
      methods: ['fpx', 'card'],
      start: () =>
        startIpay88Fake({ merchantCode: IPAY88.merchant_code, merchantKey: IPAY88.merchant_key }),
    },
  },
});
const {
  t,
  api,
  as: { cashier, finance },
  fakes,
  shops,
} = kit;

/** An app order paid through Fiuu (PENDING on the board), with Fiuu's transaction id. */
async function paidFiuuOrder() {
  const order = await fiuuOrder(t, api, shops.fiuu, fakes.fiuu, true);
  return { ...order, tranID: order.tranID! };
}

/** The refunds the fake Fiuu made of a transaction: the amounts asked, as Fiuu writes them. */
const refundsAtFiuu = (tranID: string) =>
  [...fakes.fiuu.refunds.values()].filter((r) => r.TxnID === tranID).map((r) => r.Amount);

describe('a refund of an app order paid through Fiuu', () => {
  it('is paid back through Fiuu once approved, partly and then the rest', async () => {
    const order = await paidFiuuOrder();
    const first = await kit.approvedRefund(order.id, 500);
    expect(first.approved.statusCode, first.approved.body).toBe(200);
    await kit.expectCompletedOnline(first.asked.id, 'fiuu', { business_date: '2026-06-10' });
    expect(refundsAtFiuu(order.tranID)).toEqual(['5.00']);
    expect(await kit.refundedOf(order.id)).toBe(500);

    const rest = await kit.approvedRefund(order.id, order.total - 500);
    expect(rest.approved.statusCode, rest.approved.body).toBe(200);
    const view = await kit.expectCompletedOnline(rest.asked.id, 'fiuu');
    expect(view.history.filter((h) => h.to === 'COMPLETED')).toHaveLength(1);
    expect(refundsAtFiuu(order.tranID)).toEqual(['5.00', formatFiuuAmount(order.total - 500)]);
    expect(fakes.fiuu.transactions.get(order.paymentId)!.refundedSen).toBe(order.total);
    expect(await kit.refundedOf(order.id)).toBe(order.total);
    // Each refund was asked of Fiuu under its own provider-refund id (Fiuu's RefID).
    const parts = await kit.providerRefundsOf(order.paymentId);
    expect(parts.map((p) => `${p.provider} ${p.amount} ${p.status}`).sort()).toEqual(
      [`fiuu ${order.total - 500} succeeded`, 'fiuu 500 succeeded'].sort(),
    );
    expect(parts.map((p) => p.id).sort()).toEqual(
      [...fakes.fiuu.refunds.values()]
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
    const made = await kit.cancelledByCustomer(order.id, shops.fiuu.customer.headers);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      amount: order.total,
      status: 'COMPLETED',
      providerPayout: 'succeeded',
    });
    expect(refundsAtFiuu(order.tranID)).toEqual([formatFiuuAmount(order.total)]);
    expect(await kit.refundedOf(order.id)).toBe(order.total);
  });

  it('pays once when Fiuu was down and the sweepers and a resend race for it', async () => {
    const order = await paidFiuuOrder();
    const { asked, view, tenantId, sweepers } = await kit.raceAfterOutage({
      orderId: order.id,
      provider: 'fiuu',
      byHand: 'ipay88',
      paidAtGateway: () => refundsAtFiuu(order.tranID),
      paidOnce: ['7.00'],
    });
    const [one, two] = sweepers;
    // Asked once more later, and swept again: Fiuu answers the same refund, nothing changes.
    await one.payouts.send(tenantId, asked.id);
    await two.payouts.resendUnanswered(0);
    expect(refundsAtFiuu(order.tranID)).toEqual(['7.00']);
    expect(fakes.fiuu.transactions.get(order.paymentId)!.refundedSen).toBe(700);
    expect(await kit.refundedOf(order.id)).toBe(700);
    expect((await kit.refundView(asked.id)).history).toHaveLength(view.history.length);
  });

  it('stays APPROVED with the notice when Fiuu refuses it (more than is left)', async () => {
    const order = await paidFiuuOrder();
    // The business refunded part of it in Fiuu's portal, outside Kopi.
    fakes.fiuu.transactions.get(order.paymentId)!.refundedSen = 600;
    const { asked, approved } = await kit.approvedRefund(order.id, order.total);
    expect(approved.statusCode, approved.body).toBe(200);
    await kit.expectRefusedByGateway(asked.id, order.id, 'fiuu');
    expect(refundsAtFiuu(order.tranID)).toEqual([]);
    // The sweeper does not ask again for a refund Fiuu refused.
    const { payouts, errors } = await kit.secondSweeper();
    await payouts.resendUnanswered(0);
    expect(errors).toEqual([]);
    expect(refundsAtFiuu(order.tranID)).toEqual([]);
    // The staff pay it back by hand and complete it.
    const done = await movedRefund(t, finance, asked.id, { status: 'COMPLETED' });
    expect(done.status).toBe('COMPLETED');
    expect(await kit.refundedOf(order.id)).toBe(order.total);
  });
});

describe('a refund of an app order paid through iPay88', () => {
  it('stays with the staff to pay back by hand: nothing is asked of iPay88', async () => {
    const order = await ipay88Order(t, api, shops.ipay88, fakes.ipay88, true);
    const { asked, approved } = await kit.approvedRefund(order.id, 400);
    expect(approved.statusCode, approved.body).toBe(200);
    const view = await kit.refundView(asked.id);
    expect(view).toMatchObject({ status: 'APPROVED', provider_payout: null });
    expect(view.allowed_statuses).toContain('COMPLETED');
    expect(await kit.providerRefundsOf(order.paymentId)).toHaveLength(0);
    const { payouts, errors } = await kit.secondSweeper();
    await payouts.resendUnanswered(0);
    expect(errors).toEqual([]);
    expect(await kit.providerRefundsOf(order.paymentId)).toHaveLength(0);
    const done = await movedRefund(t, finance, asked.id, { status: 'COMPLETED' });
    expect(done).toMatchObject({ status: 'COMPLETED', provider_payout: null });
    expect(await kit.refundedOf(order.id)).toBe(400);
  });
});
