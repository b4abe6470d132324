import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../../../lib/errors';
import type { GatewayClient, GatewayNotification } from '../gateway-provider';
import { startStripeFake, type StripeFake } from '../../../../../test/stripe-fake';
import { stripeGateway } from './stripe-gateway';
import { stripeSignatureHeader } from './stripe-webhook';

// The Stripe gateway client against the loopback fake: a retried start or refund under the same
// Idempotency-Key makes one intent or refund; the status query and the connection test use the
// secret key; a webhook is read before it is trusted and verified over the raw bytes.

const SECRET_KEY = 'sk_test_gatewayUnit0001';
const WEBHOOK_SECRET = 'whsec_gatewayUnit0002';
const NOW = new Date('2026-06-10T04:00:00Z');
let fake: StripeFake;
let client: GatewayClient;

const connectWith = (secretKey: string) =>
  stripeGateway.connect({
    credentials: { secret_key: secretKey, webhook_secret: WEBHOOK_SECRET },
    mode: 'sandbox',
    baseUrl: fake.url,
    callbackUrl: 'http://localhost:3000/api/payments/stripe/callback',
    redirectUrl: 'http://localhost:3000/api/payments/stripe/return',
    checkoutUrl: 'http://localhost:3000/api/payments/stripe/checkout',
    now: () => NOW,
  });

const request = (paymentId: string, amount = 1250) => ({
  paymentId,
  amount,
  currency: 'MYR' as const,
  description: 'Kopi order',
  customer: { name: 'Aisyah', phone: '+60123456789', email: null },
});

const webhook = (rawBody: string, header: string): GatewayNotification => ({
  via: 'callback',
  fields: {},
  rawBody,
  headers: { 'stripe-signature': header },
});

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

beforeAll(async () => {
  fake = await startStripeFake({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    now: () => NOW,
  });
  client = connectWith(SECRET_KEY);
});
afterAll(async () => {
  await fake?.close();
});

describe('the Stripe gateway client', () => {
  it('creates one PaymentIntent however often the start is retried, and hands back its client secret', async () => {
    const first = await client.createPayment(request('pay-retried'));
    const again = await client.createPayment(request('pay-retried'));
    expect(again).toEqual(first);
    expect(first.redirectUrl).toBeNull();
    expect(first.clientSecret).toBe(`${first.reference}_secret_fake`);
    const made = [...fake.intents.values()].filter(
      (i) => (i.metadata as Record<string, string>).payment_id === 'pay-retried',
    );
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: 1250, currency: 'myr' });
  });

  it('refuses less than the RM 2.00 Stripe minimum before calling Stripe', async () => {
    const made = fake.intents.size;
    expect(await codeOf(client.createPayment(request('pay-small', 199)))).toBe(
      'payment_provider_unavailable',
    );
    expect(fake.intents.size).toBe(made);
  });

  it('queries an intent: pending until the customer pays, then paid with its amount in MYR', async () => {
    const { reference } = await client.createPayment(request('pay-queried', 800));
    expect(await client.queryStatus(reference, 800)).toEqual({
      reference,
      status: 'pending',
      amount: 800,
      currency: 'MYR',
    });
    fake.succeed(reference);
    expect((await client.queryStatus(reference, 800)).status).toBe('paid');
    expect(await codeOf(client.queryStatus('pi_unknown', 1250))).toBe(
      'payment_gateway_unreachable',
    );
  });

  it('refunds once under our provider-refund id, however often it is asked', async () => {
    const { reference } = await client.createPayment(request('pay-refunded', 1000));
    fake.succeed(reference);
    const ask = { providerRefundId: 'refund-0001', reference, amount: 400 };
    expect(await client.refund!(ask)).toEqual({ status: 'refunded' });
    expect(await client.refund!(ask)).toEqual({ status: 'refunded' });
    const refunded = fake.events
      .map((e) => JSON.parse(e) as { type: string; data: { object: Record<string, unknown> } })
      .filter((e) => e.type === 'charge.refunded' && e.data.object.payment_intent === reference);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.data.object.amount_refunded).toBe(400);
    // More than is left is refused by Stripe for good: the refund has failed.
    expect(
      await client.refund!({ providerRefundId: 'refund-0002', reference, amount: 700 }),
    ).toEqual({ status: 'failed' });
    // A wrong key may be put right: nothing is decided, the refund is asked again later.
    expect(
      await codeOf(
        connectWith('sk_test_wrong').refund!({
          providerRefundId: 'refund-0003',
          reference,
          amount: 100,
        }),
      ),
    ).toBe('payment_gateway_unreachable');
  });

  it('reads a pending refund back as it stands when asked again, and never makes a second', async () => {
    const { reference } = await client.createPayment(request('pay-slow-refund', 1000));
    fake.succeed(reference);
    const ask = { providerRefundId: 'refund-slow', reference, amount: 300 };
    fake.holdRefunds(true);
    try {
      expect(await client.refund!(ask)).toEqual({ status: 'pending' });
      expect(await client.refund!(ask)).toEqual({ status: 'pending' });
      fake.settleRefunds();
      // A replay of the Idempotency-Key would still say pending: the refund is read back instead.
      expect(await client.refund!(ask)).toEqual({ status: 'refunded' });
    } finally {
      fake.holdRefunds(false);
    }
    const made = fake.events
      .map((e) => JSON.parse(e) as { type: string; data: { object: Record<string, unknown> } })
      .filter((e) => e.type === 'charge.refunded' && e.data.object.payment_intent === reference);
    expect(made).toHaveLength(1);
    // An intent Stripe does not know is refused for good.
    expect(
      await client.refund!({ providerRefundId: 'refund-lost', reference: 'pi_unknown', amount: 1 }),
    ).toEqual({ status: 'failed' });
  });

  it('tests the connection with an authenticated read, and fails it with a wrong key', async () => {
    await expect(client.testConnection()).resolves.toBeUndefined();
    expect(await codeOf(connectWith('sk_test_wrong').testConnection())).toBe(
      'payment_gateway_unreachable',
    );
  });

  it('reads the intent of a webhook before verifying it, then verifies it over the raw bytes', async () => {
    const { reference } = await client.createPayment(request('pay-webhook', 1500));
    const event = fake.succeed(reference);
    const seconds = NOW.getTime() / 1000;
    const signed = webhook(event, stripeSignatureHeader(WEBHOOK_SECRET, seconds, event));
    expect(stripeGateway.referenceOf(signed)).toBe(reference);
    expect(client.verifyNotification(signed)).toEqual({
      reference,
      status: 'paid',
      amount: 1500,
      currency: 'MYR',
      final: true,
    });
    const codeOfVerify = (n: GatewayNotification) => {
      try {
        client.verifyNotification(n);
        return 'verified';
      } catch (e) {
        return e instanceof AppError ? e.code : String(e);
      }
    };
    const forged = stripeSignatureHeader('whsec_other', seconds, event);
    expect(codeOfVerify(webhook(event, forged))).toBe('payment_signature_invalid');
    const spaced = event.replace('"amount":1500', '"amount": 1500');
    expect(codeOfVerify({ ...signed, rawBody: spaced })).toBe('payment_signature_invalid');
    const stale = stripeSignatureHeader(WEBHOOK_SECRET, seconds - 301, event);
    expect(codeOfVerify(webhook(event, stale))).toBe('payment_callback_stale');
    expect(stripeGateway.referenceOf(webhook('not json', 't=1,v1=ab'))).toBeNull();
  });

  it('settles nothing on a declined attempt: the intent stays payable', async () => {
    const { reference } = await client.createPayment(request('pay-declined', 900));
    const event = fake.fail(reference);
    const header = stripeSignatureHeader(WEBHOOK_SECRET, NOW.getTime() / 1000, event);
    expect(client.verifyNotification(webhook(event, header))).toMatchObject({
      reference,
      status: 'pending',
      final: true,
    });
  });

  it('takes the redirect back as a hint only: pending until the status query says otherwise', () => {
    const back: GatewayNotification = {
      via: 'return',
      fields: { payment_intent: 'pi_back', redirect_status: 'succeeded' },
      rawBody: '',
      headers: {},
    };
    expect(stripeGateway.referenceOf(back)).toBe('pi_back');
    expect(client.verifyNotification(back)).toMatchObject({ status: 'pending', final: false });
  });
});
