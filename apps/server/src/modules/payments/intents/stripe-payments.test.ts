import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentIntents } from '../../../db/schema/payments';
import { expectCode } from '../../../test/expect-code';
import {
  newAppOrder,
  orderRow,
  paymentsOf,
  startPaying,
  expectMismatchRecorded,
  expectUnpaid,
  expectPaidOnce,
} from '../../../test/gateway-order-fixtures';
import { listedGateway } from '../../../test/gateway-credentials';
import { useGatewayShop } from '../../../test/use-gateway-shop';
import { startStripeFake } from '../../../test/stripe-fake';
import { stripeSignatureHeader } from '../accounts/gateways/stripe/stripe-webhook';

// An app order paid through Stripe end to end, against the loopback fake of Stripe: the business
// sets up its account, the customer starts paying (a PaymentIntent is created with the secret
// key under our payment id as the Idempotency-Key, and its client secret handed to the app), the
// signed webhook arrives and the order goes PENDING on the status board. A forged signature, an
// altered amount, an expired timestamp and a replay are refused or change nothing; a webhook
// delivered twice makes one payment.

const CREDENTIALS = {
  secret_key: 'sk_test_fakeKopiStripeSecret0001',
  webhook_secret: 'whsec_fakeKopiWebhookSecret0002',
};
const CALLBACK = '/api/payments/stripe/callback';
const { t, api, as, gateway, clock, outcomeOrder, expectPaidByCard } = useGatewayShop({
  provider: 'stripe',
  credentials: CREDENTIALS,
  methods: ['card', 'ewallet'],
  startFake: (_app, now) =>
    startStripeFake({
      secretKey: CREDENTIALS.secret_key,
      webhookSecret: CREDENTIALS.webhook_secret,
      now,
    }),
});
const { admin } = as;

const unixNow = () => Math.floor(clock.now().getTime() / 1000);

/** Posts an event as Stripe does: JSON, signed `t=…,v1=…` over the exact bytes. */
async function deliver(
  rawEvent: string,
  options: { secret?: string; timestamp?: number; header?: string } = {},
) {
  const header =
    options.header ??
    stripeSignatureHeader(
      options.secret ?? CREDENTIALS.webhook_secret,
      options.timestamp ?? unixNow(),
      rawEvent,
    );
  return api.post(CALLBACK, rawEvent, {
    'content-type': 'application/json',
    'stripe-signature': header,
  });
}

/** Starts paying with Stripe: the intent the gateway.fake created, and the app's answer. */
async function startStripe(orderId: string) {
  const payment = await startPaying(api, gateway.shop, orderId, 'stripe');
  const intent = [...gateway.fake.intents.values()].find(
    (i) => (i.metadata as Record<string, string>).payment_id === payment.payment_id,
  )!;
  return { payment, intentId: intent.id as string, intent };
}

describe('an app order paid through Stripe', () => {
  it('creates a PaymentIntent and goes PENDING on the board once the signed webhook arrives', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { payment, intentId, intent } = await startStripe(order.id);
    expect(intent).toMatchObject({ amount: order.total, currency: 'myr' });
    expect(payment.redirect_url).toBeNull();
    expect(payment.client_secret).toBe(intent.client_secret);
    const [row] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, payment.payment_id));
    expect(row).toMatchObject({ provider: 'stripe', providerRef: intentId, status: 'pending' });
    expect((await orderRow(t, order.id)).status).toBe('CREATED');

    const delivered = await deliver(gateway.fake.succeed(intentId));
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().data).toEqual({ received: true, duplicate: false });
    await expectPaidByCard(order, payment.payment_id);
  });

  it('makes one payment of a webhook delivered twice, and of the redirect after it', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { payment, intentId } = await startStripe(order.id);
    const event = gateway.fake.succeed(intentId);
    const answers = [await deliver(event), await deliver(event)];
    expect(answers.map((a) => [a.statusCode, a.json().data.duplicate])).toEqual([
      [200, false],
      [200, true],
    ]);
    const back = await api.get(`/api/payments/stripe/return?payment_intent=${intentId}`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.duplicate).toBe(true);
    await expectPaidOnce(t, order.id, payment.payment_id);
  });

  it('refuses a forged signature and changes nothing', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { intentId } = await startStripe(order.id);
    const event = gateway.fake.succeed(intentId);
    expectCode(
      await deliver(event, { secret: 'whsec_someone_elses' }),
      401,
      'payment_signature_invalid',
    );
    expectCode(await deliver(event, { header: 'garbage' }), 401, 'payment_signature_invalid');
    await expectUnpaid(t, order.id);
  });

  it('refuses a webhook signed more than 300 seconds ago, and a captured one replayed later', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { intentId } = await startStripe(order.id);
    const event = gateway.fake.succeed(intentId);
    expectCode(await deliver(event, { timestamp: unixNow() - 301 }), 400, 'payment_callback_stale');
    await expectUnpaid(t, order.id);
    // A delivery captured now and replayed six minutes later, byte for byte.
    const header = stripeSignatureHeader(CREDENTIALS.webhook_secret, unixNow(), event);
    clock.set('2026-06-10T04:06:00Z');
    expectCode(await deliver(event, { header }), 400, 'payment_callback_stale');
    await expectUnpaid(t, order.id);
  });

  it('records and refuses a correctly signed webhook whose amount differs from the payment', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { payment, intentId } = await startStripe(order.id);
    const event = JSON.parse(gateway.fake.succeed(intentId)) as {
      data: { object: { amount: number } };
    };
    event.data.object.amount = 100;
    expectCode(await deliver(JSON.stringify(event)), 400, 'payment_amount_mismatch');
    await expectMismatchRecorded(t, {
      provider: 'stripe',
      orderId: order.id,
      paymentId: payment.payment_id,
      expected: order.total,
      notified: 100,
    });
  });

  it('pays on the redirect only after asking Stripe', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { intentId } = await startStripe(order.id);
    // Back from a bank before Stripe has the money: the query says not yet, nothing changes.
    const early = await api.get(`/api/payments/stripe/return?payment_intent=${intentId}`, {});
    expect(early.json().data).toEqual({ received: true, duplicate: false });
    await expectUnpaid(t, order.id);
    gateway.fake.succeed(intentId);
    const back = await api.get(`/api/payments/stripe/return?payment_intent=${intentId}`, {});
    expect(back.json().data).toEqual({ received: true, duplicate: false });
    expect((await orderRow(t, order.id)).status).toBe('PENDING');
  });

  it('keeps the order payable after a declined card, and pays it when the next attempt succeeds', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { intentId } = await startStripe(order.id);
    const declined = await deliver(gateway.fake.fail(intentId, 'Your card was declined.'));
    expect(declined.statusCode, declined.body).toBe(200);
    await expectUnpaid(t, order.id);
    expect((await deliver(gateway.fake.succeed(intentId))).json().data.duplicate).toBe(false);
    expect((await orderRow(t, order.id)).status).toBe('PENDING');
    expect(await paymentsOf(t, order.id)).toHaveLength(1);
  });

  it('answers 404 for an intent it never started', async () => {
    const stranger = JSON.stringify({
      id: 'evt_stranger',
      type: 'payment_intent.succeeded',
      created: unixNow(),
      data: { object: { id: 'pi_not_ours', object: 'payment_intent', amount: 500 } },
    });
    expectCode(await deliver(stranger), 404, 'not_found');
  });

  it('shows the credentials masked, and its connection test reaches Stripe with the key', async () => {
    const { gateway: stripe, body } = await listedGateway(api, admin, 'stripe');
    expect(stripe.credentials).toEqual({
      secret_key: '••••••0001',
      webhook_secret: '••••••0002',
    });
    expect(stripe.callback_url).toBe(`http://localhost:3000${CALLBACK}`);
    expect(body).not.toContain(CREDENTIALS.secret_key);
    expect(body).not.toContain(CREDENTIALS.webhook_secret);
    const tested = await api.post(`/api/payment-gateways/${stripe.id}/test-connection`, {}, admin);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().data).toMatchObject({ ok: true, provider: 'stripe' });
  });
});

describe('Stripe webhooks arriving in either order', () => {
  const delivered = async (rawEvent: string) => {
    const answer = await deliver(rawEvent);
    expect(answer.statusCode, answer.body).toBe(200);
  };
  outcomeOrder({
    start: async (orderId) => {
      const { payment, intentId } = await startStripe(orderId);
      return { ...payment, intentId };
    },
    // A declined card, then another card that goes through (the intent takes it again).
    fail: (payment) => delivered(gateway.fake.fail(payment.intentId)),
    succeed: (payment) => delivered(gateway.fake.succeed(payment.intentId)),
    failureCloses: false,
  });
});
