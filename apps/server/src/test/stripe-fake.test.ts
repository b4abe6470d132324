import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFormBody, readBody } from '../modules/payments/accounts/gateways/shared/form-body';
import { startStripeFake, type StripeFake } from './stripe-fake';
import {
  parsePaymentIntent,
  parseRefund,
  parseStripeError,
  paymentIntentCreateBody,
  paymentIntentOutcome,
  refundCreateBody,
  STRIPE_PAYMENT_INTENTS_PATH,
  STRIPE_REFUNDS_PATH,
  stripeIdempotencyKey,
  stripeRequestHeaders,
} from '../modules/payments/accounts/gateways/stripe/stripe-api';
import {
  STRIPE_SIGNATURE_HEADER,
  verifyStripeWebhook,
} from '../modules/payments/accounts/gateways/stripe/stripe-webhook';
import { listenOnLoopback, type Loopback } from './loopback';

// The fake Stripe against the pure modules: bodies built by stripe-api are accepted, a repeated
// Idempotency-Key answers the same intent, and events the fake signs verify at a webhook
// endpoint that acts once per event id whatever the number, lateness or order of deliveries.

const SECRET_KEY = 'sk_test_kopi';
const WEBHOOK_SECRET = 'whsec_kopi';
let clock = new Date('2026-11-27T15:10:00Z');

let fake: StripeFake;
let endpoint: Loopback;
let endpointUrl = '';
const acted: string[] = [];
const paid = new Set<string>();

beforeAll(async () => {
  fake = await startStripeFake({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    now: () => clock,
  });
  const server = createServer((req, res) => {
    void readBody(req).then((rawBody) => {
      const header = req.headers[STRIPE_SIGNATURE_HEADER];
      const result = verifyStripeWebhook({
        rawBody,
        header: typeof header === 'string' ? header : undefined,
        secret: WEBHOOK_SECRET,
        now: clock,
      });
      if (!result.ok) return void res.writeHead(400).end(result.reason);
      if (!acted.includes(result.event.id)) {
        acted.push(result.event.id);
        if (result.event.type === 'payment_intent.succeeded' && result.event.paymentId) {
          paid.add(result.event.paymentId);
        }
      }
      res.writeHead(200).end('{"received":true}');
    });
  });
  endpoint = await listenOnLoopback(server);
  endpointUrl = `${endpoint.url}/webhook`;
});

afterAll(async () => {
  await fake.close();
  await endpoint.close();
});

async function call(
  path: string,
  body: Record<string, string>,
  idempotencyKey?: string,
  key = SECRET_KEY,
) {
  const response = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: stripeRequestHeaders({ secretKey: key, idempotencyKey }),
    body: encodeFormBody(body),
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

async function createIntent(paymentId: string, amountSen: number) {
  const { json } = await call(
    STRIPE_PAYMENT_INTENTS_PATH,
    paymentIntentCreateBody({ amountSen, paymentId }),
    stripeIdempotencyKey('payment', paymentId),
  );
  const intent = parsePaymentIntent(json);
  if (!intent) throw new Error(`no intent: ${JSON.stringify(json)}`);
  return intent;
}

describe('fake Stripe API', () => {
  it('creates a PaymentIntent in sen and myr, carrying our payment id', async () => {
    const intent = await createIntent('pay_a', 123450);
    expect(intent).toMatchObject({ amountSen: 123450, currency: 'myr', paymentId: 'pay_a' });
    expect(paymentIntentOutcome(intent.status)).toBe('pending');
    expect(intent.clientSecret).toMatch(/^pi_.*_secret_/);
  });

  it('answers the same intent for a repeated Idempotency-Key, and refuses it with other parameters', async () => {
    const first = await createIntent('pay_b', 1060);
    const again = await createIntent('pay_b', 1060);
    expect(again.id).toBe(first.id);
    const conflict = await call(
      STRIPE_PAYMENT_INTENTS_PATH,
      paymentIntentCreateBody({ amountSen: 2000, paymentId: 'pay_b' }),
      stripeIdempotencyKey('payment', 'pay_b'),
    );
    expect(conflict.status).toBe(400);
    expect(parseStripeError(conflict.json)?.type).toBe('idempotency_error');
  });

  it('refuses a wrong secret key and an amount under the MYR minimum', async () => {
    const wrongKey = await call(
      STRIPE_PAYMENT_INTENTS_PATH,
      { amount: '1060', currency: 'myr' },
      undefined,
      'sk_x',
    );
    expect(wrongKey.status).toBe(401);
    const small = await call(STRIPE_PAYMENT_INTENTS_PATH, { amount: '199', currency: 'myr' });
    expect(parseStripeError(small.json)?.code).toBe('amount_too_small');
    expect(() => paymentIntentCreateBody({ amountSen: 199, paymentId: 'p' })).toThrow(RangeError);
  });

  it('reads an intent back as the status query', async () => {
    const intent = await createIntent('pay_c', 500);
    fake.succeed(intent.id);
    const response = await fetch(`${fake.url}${STRIPE_PAYMENT_INTENTS_PATH}/${intent.id}`, {
      headers: stripeRequestHeaders({ secretKey: SECRET_KEY }),
    });
    expect(paymentIntentOutcome(parsePaymentIntent(await response.json())!.status)).toBe('paid');
  });

  it('refunds once per key and never more than was charged', async () => {
    const intent = await createIntent('pay_d', 1000);
    fake.succeed(intent.id);
    const refund = (refundId: string, amountSen: number) =>
      call(
        STRIPE_REFUNDS_PATH,
        refundCreateBody({ paymentIntentId: intent.id, amountSen, refundId }),
        stripeIdempotencyKey('refund', refundId),
      );
    const first = parseRefund((await refund('rf_1', 600)).json);
    expect(first).toMatchObject({ status: 'succeeded', amountSen: 600, refundId: 'rf_1' });
    expect(parseRefund((await refund('rf_1', 600)).json)?.id).toBe(first?.id);
    const tooMuch = await refund('rf_2', 500);
    expect(tooMuch.status).toBe(400);
    expect(parseRefund((await refund('rf_3', 400)).json)?.status).toBe('succeeded');
  });
});

describe('fake Stripe webhooks', () => {
  it('delivers a signed success three times: one payment', async () => {
    const intent = await createIntent('pay_e', 2500);
    const event = fake.succeed(intent.id);
    expect(await fake.deliver(endpointUrl, event, { times: 3 })).toEqual([200, 200, 200]);
    expect(acted.filter((id) => id === JSON.parse(event).id)).toHaveLength(1);
    expect(paid.has('pay_e')).toBe(true);
  });

  it('refuses a stale and a forged delivery, and a captured one replayed later', async () => {
    const intent = await createIntent('pay_f', 2500);
    const event = fake.fail(intent.id);
    const signedAt = Math.floor(clock.getTime() / 1000);
    expect(await fake.deliver(endpointUrl, event, { timestamp: signedAt - 301 })).toEqual([400]);
    expect(await fake.deliver(endpointUrl, event, { secret: 'whsec_forged' })).toEqual([400]);
    expect(await fake.deliver(endpointUrl, event, { delayMs: 30 })).toEqual([200]);
    clock = new Date(clock.getTime() + 301_000);
    // The same bytes and header as the accepted delivery, posted 301 s later: refused as stale.
    expect(await fake.deliver(endpointUrl, event, { timestamp: signedAt })).toEqual([400]);
  });

  it('takes a refund event arriving before the success event without losing either', async () => {
    const intent = await createIntent('pay_g', 3000);
    const succeeded = fake.succeed(intent.id);
    await call(
      STRIPE_REFUNDS_PATH,
      refundCreateBody({ paymentIntentId: intent.id, amountSen: 3000, refundId: 'rf_g' }),
      stripeIdempotencyKey('refund', 'rf_g'),
    );
    const refunded = fake.events.at(-1)!;
    expect(JSON.parse(refunded).type).toBe('charge.refunded');
    expect(await fake.deliver(endpointUrl, refunded)).toEqual([200]);
    expect(await fake.deliver(endpointUrl, succeeded)).toEqual([200]);
    expect(acted).toEqual(
      expect.arrayContaining([JSON.parse(refunded).id, JSON.parse(succeeded).id]),
    );
  });
});
