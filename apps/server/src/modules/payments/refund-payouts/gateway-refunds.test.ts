import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentCallbacks, providerRefunds } from '../../../db/schema/payments';
import { listedGateway } from '../../../test/gateway-credentials';
import { newAppOrder, startPaying } from '../../../test/gateway-order-fixtures';
import { UNREACHABLE_GATEWAY } from '../../../test/gateway-refund-fixtures';
import { movedRefund, refundMovesOf } from '../../../test/refund-fixtures';
import { useGatewayRefunds } from '../../../test/use-gateway-refunds';
import { startStripeFake } from '../../../test/stripe-fake';
import { stripeSignatureHeader } from '../accounts/gateways/stripe/stripe-webhook';

// Refunds of app orders paid through a business's own gateway. Stripe refunds through its API:
// an approved refund is asked of the loopback fake under our provider-refund id and completed on
// its answer, once, however often it is asked or by whom; a refund Stripe refuses stays APPROVED
// for the staff, with the bell's notice. (Billplz, which has no refund API: billplz-payments.)

const STRIPE = {
  secret_key: 'sk_test_fakeKopiRefundSecret0001',
  webhook_secret: 'whsec_fakeKopiRefundWebhook0002',
};
const kit = useGatewayRefunds({
  gateways: {
    stripe: {
      credentials: STRIPE,
      methods: ['card', 'ewallet'],
      start: (now) =>
        startStripeFake({
          secretKey: STRIPE.secret_key,
          webhookSecret: STRIPE.webhook_secret,
          now,
        }),
    },
  },
});
const {
  t,
  api,
  clock,
  as: { admin, finance },
  fakes,
  shops,
  baseUrls,
} = kit;

/** Posts a Stripe event into the app, signed as Stripe signs it. */
const deliverStripe = (rawEvent: string) =>
  api.post('/api/payments/stripe/callback', rawEvent, {
    'content-type': 'application/json',
    'stripe-signature': stripeSignatureHeader(
      STRIPE.webhook_secret,
      Math.floor(clock.now().getTime() / 1000),
      rawEvent,
    ),
  });

/** An app order of RM 12.50 paid through Stripe (PENDING on the board). */
async function paidStripeOrder() {
  const order = await newAppOrder(t, shops.stripe);
  const payment = await startPaying(api, shops.stripe, order.id, 'stripe');
  const intentId = [...fakes.stripe.intents.values()].find(
    (i) => (i.metadata as Record<string, string>).payment_id === payment.payment_id,
  )!.id as string;
  const paid = await deliverStripe(fakes.stripe.succeed(intentId));
  expect(paid.statusCode, paid.body).toBe(200);
  return { ...order, intentId, paymentId: payment.payment_id };
}

/** One entry per refund the fake Stripe made of an intent: the charge's refunded total then. */
function refundsAtStripe(intentId: string) {
  return fakes.stripe.events
    .map((e) => JSON.parse(e) as { type: string; data: { object: Record<string, unknown> } })
    .filter((e) => e.type === 'charge.refunded' && e.data.object.payment_intent === intentId)
    .map((e) => e.data.object.amount_refunded as number);
}

const providerRefundOf = async (refundId: string) =>
  (
    await t.database.db.select().from(providerRefunds).where(eq(providerRefunds.refundId, refundId))
  )[0];

/** The business's Stripe gateway as its settings list it. */
const stripeGateway = async () => (await listedGateway(api, admin, 'stripe')).gateway;

describe('a refund of an app order paid through Stripe', () => {
  it('is paid back through Stripe once approved, partly and then the rest', async () => {
    const order = await paidStripeOrder();
    const first = await kit.approvedRefund(order.id, 500);
    expect(first.approved.statusCode, first.approved.body).toBe(200);
    await kit.expectCompletedOnline(first.asked.id, 'stripe', { business_date: '2026-06-10' });
    expect(refundsAtStripe(order.intentId)).toEqual([500]);
    const rest = await kit.approvedRefund(order.id, order.total - 500);
    expect(rest.approved.statusCode, rest.approved.body).toBe(200);
    const view = await kit.expectCompletedOnline(rest.asked.id, 'stripe');
    expect(refundsAtStripe(order.intentId)).toEqual([500, order.total]);
    expect(await kit.refundedOf(order.id)).toBe(order.total);
    const parts = await kit.providerRefundsOf(order.paymentId);
    const made = parts.map((p) => `${p.provider} ${p.amount} ${p.status}`).sort();
    expect(made).toEqual(['stripe 500 succeeded', `stripe ${order.total - 500} succeeded`]);
    // Stripe's charge.refunded webhooks arrive afterwards: received, and nothing changes.
    const refunded = fakes.stripe.events.filter((e) => e.includes('"charge.refunded"'));
    expect(refunded.filter((e) => e.includes(order.intentId))).toHaveLength(2);
    for (const event of refunded.filter((e) => e.includes(order.intentId))) {
      const res = await deliverStripe(event);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await refundMovesOf(t, rest.asked.id)).toHaveLength(view.history.length);
    expect(await kit.refundedOf(order.id)).toBe(order.total);
  });

  it('is refunded whole through Stripe when the customer cancels the paid order', async () => {
    const order = await paidStripeOrder();
    const [refund] = await kit.cancelledByCustomer(order.id, shops.stripe.customer.headers);
    expect(refund).toMatchObject({
      amount: order.total,
      status: 'COMPLETED',
      providerPayout: 'succeeded',
    });
    expect(refundsAtStripe(order.intentId)).toEqual([order.total]);
    expect(await kit.refundedOf(order.id)).toBe(order.total);
  });

  it('pays once when Stripe was down and the sweepers and a resend race for it', async () => {
    const order = await paidStripeOrder();
    const { asked, tenantId, sweepers } = await kit.raceAfterOutage({
      orderId: order.id,
      provider: 'stripe',
      byHand: 'billplz',
      paidAtGateway: () => refundsAtStripe(order.intentId),
      paidOnce: [700],
    });
    const part = await providerRefundOf(asked.id);
    const events = await t.database.db
      .select()
      .from(paymentCallbacks)
      .where(
        and(
          eq(paymentCallbacks.provider, 'stripe'),
          eq(paymentCallbacks.eventId, `${part!.id}:refunded`),
        ),
      );
    expect(events).toHaveLength(1);
    // Asked once more later: Stripe answers the same refund, nothing changes.
    await sweepers[0].payouts.send(tenantId, asked.id);
    expect(refundsAtStripe(order.intentId)).toEqual([700]);
  });

  it('is asked again by the sweeper while Stripe has it pending, and completed once it is done', async () => {
    const order = await paidStripeOrder();
    fakes.stripe.holdRefunds(true);
    try {
      const { asked } = await kit.approvedRefund(order.id, 450);
      const part = await providerRefundOf(asked.id);
      expect(part).toMatchObject({ status: 'pending', amount: 450 });
      expect(part!.requestedAt).not.toBeNull();
      const { payouts, errors } = await kit.secondSweeper();
      await payouts.resendUnanswered(0);
      expect(await kit.refundView(asked.id)).toMatchObject({
        status: 'APPROVED',
        provider_payout: 'pending',
      });
      fakes.stripe.settleRefunds();
      await payouts.resendUnanswered(0);
      expect(errors).toEqual([]);
    } finally {
      fakes.stripe.holdRefunds(false);
    }
    const [refund] = await kit.refundsOfOrder(order.id);
    expect(refund).toMatchObject({ status: 'COMPLETED', providerPayout: 'succeeded' });
    expect(refundsAtStripe(order.intentId)).toEqual([450]);
    expect(await kit.refundedOf(order.id)).toBe(450);
  });

  it('stays APPROVED with the notice when Stripe refuses it (more than is left)', async () => {
    const order = await paidStripeOrder();
    // The business refunded part of it in Stripe's dashboard, outside Kopi.
    const outside = await fetch(`${fakes.stripe.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${STRIPE.secret_key}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `payment_intent=${order.intentId}&amount=600`,
    });
    expect(outside.status).toBe(200);
    const { asked, approved } = await kit.approvedRefund(order.id, order.total);
    expect(approved.statusCode, approved.body).toBe(200);
    await kit.expectRefusedByGateway(asked.id, order.id, 'stripe');
    expect(refundsAtStripe(order.intentId)).toEqual([600]);
    // The staff pay it back by hand and complete it.
    const done = await movedRefund(t, finance, asked.id, { status: 'COMPLETED' });
    expect(done.status).toBe('COMPLETED');
  });

  it('is still paid back through Stripe after the business switched the gateway off', async () => {
    const order = await paidStripeOrder();
    const gateway = await stripeGateway();
    const settings = { mode: 'sandbox', methods: ['card', 'ewallet'], is_default: true };
    const off = await api.put(
      `/api/payment-gateways/${gateway.id}`,
      { ...settings, enabled: false },
      admin,
    );
    expect(off.statusCode, off.body).toBe(200);
    try {
      const { asked, approved } = await kit.approvedRefund(order.id, 300);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await kit.refundView(asked.id)).toMatchObject({
        status: 'COMPLETED',
        provider_payout: 'succeeded',
      });
      expect(refundsAtStripe(order.intentId)).toEqual([300]);
    } finally {
      const on = await api.put(
        `/api/payment-gateways/${gateway.id}`,
        { ...settings, enabled: true },
        admin,
      );
      expect(on.statusCode, on.body).toBe(200);
    }
  });

  it('fails for the staff to pay by hand once the business has deleted the gateway', async () => {
    const order = await paidStripeOrder();
    baseUrls.stripe = UNREACHABLE_GATEWAY;
    const { asked } = await kit.approvedRefund(order.id, 250);
    expect(await kit.refundView(asked.id)).toMatchObject({ provider_payout: 'pending' });
    const gone = await api.del(
      `/api/payment-gateways/${(await stripeGateway()).id}`,
      undefined,
      admin,
    );
    expect(gone.statusCode, gone.body).toBe(200);
    try {
      const { payouts, errors } = await kit.secondSweeper();
      await payouts.resendUnanswered(0);
      expect(errors).toEqual([]);
      const view = await kit.refundView(asked.id);
      expect(view).toMatchObject({ status: 'APPROVED', provider_payout: 'failed' });
      expect(view.allowed_statuses).toEqual(['COMPLETED']);
      expect(refundsAtStripe(order.intentId)).toEqual([]);
    } finally {
      const again = await api.post(
        '/api/payment-gateways',
        {
          provider: 'stripe',
          methods: ['card', 'ewallet'],
          credentials: STRIPE,
          mode: 'sandbox',
          is_default: true,
          enabled: true,
        },
        admin,
      );
      expect(again.statusCode, again.body).toBe(201);
    }
  });
});
