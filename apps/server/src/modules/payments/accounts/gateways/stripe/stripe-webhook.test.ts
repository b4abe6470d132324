import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createSeenEvents,
  parseStripeEvent,
  parseStripeSignatureHeader,
  stripeSignature,
  stripeSignatureHeader,
  verifyStripeWebhook,
} from './stripe-webhook';

const SECRET = 'whsec_test_kopi';
const T = 1795792200; // 2026-11-27T15:10:00Z
const NOW = new Date(T * 1000);
const BODY =
  '{"id":"evt_1","object":"event","type":"payment_intent.succeeded","created":1795792200,' +
  '"data":{"object":{"id":"pi_1","object":"payment_intent","amount":1060,"currency":"myr",' +
  '"status":"succeeded","metadata":{"payment_id":"pay_01"}}}}';

describe('Stripe-Signature header', () => {
  // Vector from Stripe's docs, "Verify webhook signatures manually"
  // (https://docs.stripe.com/webhooks#verify-manually): the example header, byte for byte. The
  // docs give no endpoint secret or payload for it, so only its parsing is reproduced.
  it('parses the documented example: the timestamp and v1, v0 ignored', () => {
    const header =
      't=1492774577,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd,' +
      'v0=6ffbb59b2300aae63f272406069a9788598b792a944a07aba816edb039989a39';
    expect(parseStripeSignatureHeader(header)).toEqual({
      timestamp: 1492774577,
      v1: ['5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd'],
    });
  });

  it('keeps every v1, skips unknown schemes and refuses a header without t', () => {
    expect(parseStripeSignatureHeader('t=1,v1=aa,v2=bb,v1=cc,junk')).toEqual({
      timestamp: 1,
      v1: ['aa', 'cc'],
    });
    expect(parseStripeSignatureHeader('v1=aa')).toBeNull();
    expect(parseStripeSignatureHeader('t=soon,v1=aa')).toBeNull();
  });
});

describe('Stripe webhook signature (self-computed: the docs give no secret/payload example)', () => {
  // Expected = HMAC-SHA256(endpoint secret, `${t}.${raw body}`), hex, computed here with
  // node:crypto and pinned to a literal from `openssl dgst -sha256 -hmac`.
  it('is HMAC-SHA256 of "t.body" under the endpoint secret', () => {
    const expected = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    expect(stripeSignature(SECRET, T, BODY)).toBe(expected);
    expect(expected).toBe('ba41556c82aa6d9a27cbc5902d9552f0d73a9d4783d827c741a317cf21884123');
  });

  it('accepts a fresh delivery and parses the event', () => {
    const result = verifyStripeWebhook({
      rawBody: BODY,
      header: stripeSignatureHeader(SECRET, T, BODY),
      secret: SECRET,
      now: NOW,
    });
    expect(result).toEqual({
      ok: true,
      event: expect.objectContaining({
        id: 'evt_1',
        type: 'payment_intent.succeeded',
        paymentIntentId: 'pi_1',
        paymentId: 'pay_01',
        amountSen: 1060,
        currency: 'myr',
      }),
    });
  });

  it('accepts when any one of several v1 signatures matches (a secret being rolled)', () => {
    const header = `t=${T},v1=${'0'.repeat(64)},v1=${stripeSignature(SECRET, T, BODY)},v0=ff`;
    expect(verifyStripeWebhook({ rawBody: BODY, header, secret: SECRET, now: NOW }).ok).toBe(true);
  });

  // While a secret is rolled Stripe signs with each live secret, in no order we rely on: the
  // valid one may come first, in the middle or last among the others' signatures.
  const valid = stripeSignature(SECRET, T, BODY);
  const others = [stripeSignature('whsec_old', T, BODY), stripeSignature('whsec_next', T, BODY)];
  it.each([
    ['first', [valid, ...others]],
    ['in the middle', [others[0]!, valid, others[1]!]],
    ['last', [...others, valid]],
  ])('accepts the valid v1 %s of three', (_where, signatures) => {
    const header = `t=${T},${signatures.map((v) => `v1=${v}`).join(',')}`;
    expect(verifyStripeWebhook({ rawBody: BODY, header, secret: SECRET, now: NOW })).toMatchObject({
      ok: true,
    });
  });

  it('refuses several v1 signatures none of which is valid', () => {
    const header = `t=${T},${others.map((v) => `v1=${v}`).join(',')},v0=${valid}`;
    expect(verifyStripeWebhook({ rawBody: BODY, header, secret: SECRET, now: NOW })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  const refusals: [
    string,
    { header?: string; rawBody?: string; secret?: string; now?: Date },
    string,
  ][] = [
    ['no header', { header: undefined }, 'missing_header'],
    [
      'only a v0 signature',
      { header: `t=${T},v0=${stripeSignature(SECRET, T, BODY)}` },
      'no_v1_signature',
    ],
    ['a forged signature', { header: `t=${T},v1=${'a'.repeat(64)}` }, 'signature_mismatch'],
    [
      'an altered amount',
      { rawBody: BODY.replace('"amount":1060', '"amount":106000') },
      'signature_mismatch',
    ],
    ['the wrong endpoint secret', { secret: 'whsec_other' }, 'signature_mismatch'],
    [
      'a timestamp moved to look fresh',
      { header: `t=${T + 60},v1=${stripeSignature(SECRET, T, BODY)}` },
      'signature_mismatch',
    ],
    ['a delivery 301 s old', { now: new Date((T + 301) * 1000) }, 'stale'],
    ['a delivery 301 s in the future', { now: new Date((T - 301) * 1000) }, 'stale'],
  ];
  it.each(refusals)('refuses %s', (_name, change, reason) => {
    const result = verifyStripeWebhook({
      rawBody: BODY,
      header: stripeSignatureHeader(SECRET, T, BODY),
      secret: SECRET,
      now: NOW,
      ...change,
    });
    expect(result).toEqual({ ok: false, reason });
  });

  it('still accepts at exactly 300 seconds', () => {
    const result = verifyStripeWebhook({
      rawBody: BODY,
      header: stripeSignatureHeader(SECRET, T, BODY),
      secret: SECRET,
      now: new Date((T + 300) * 1000),
    });
    expect(result.ok).toBe(true);
  });

  it('refuses a correctly signed body that is not an event', () => {
    const body = '{"hello":"world"}';
    const result = verifyStripeWebhook({
      rawBody: body,
      header: stripeSignatureHeader(SECRET, T, body),
      secret: SECRET,
      now: NOW,
    });
    expect(result).toEqual({ ok: false, reason: 'bad_payload' });
  });
});

/** A webhook body: the event `id` of `type` at T about `object`, as Stripe posts it. */
const eventBody = (id: string, type: string, object: Record<string, unknown>) =>
  JSON.stringify({ id, type, created: T, data: { object } });

describe('Stripe events', () => {
  it('reads a payment failure with its message', () => {
    const event = parseStripeEvent(
      eventBody('evt_2', 'payment_intent.payment_failed', {
        id: 'pi_2',
        amount: 500,
        currency: 'myr',
        metadata: { payment_id: 'pay_02' },
        last_payment_error: { message: 'Your card was declined.' },
      }),
    );
    expect(event).toMatchObject({
      type: 'payment_intent.payment_failed',
      paymentId: 'pay_02',
      failureMessage: 'Your card was declined.',
    });
  });

  it('reads a refunded charge with our refund ids', () => {
    const event = parseStripeEvent(
      eventBody('evt_3', 'charge.refunded', {
        id: 'ch_1',
        amount: 1060,
        amount_refunded: 500,
        currency: 'myr',
        payment_intent: 'pi_1',
        refunds: {
          data: [{ id: 're_1', amount: 500, status: 'succeeded', metadata: { refund_id: 'rf_1' } }],
        },
      }),
    );
    expect(event).toEqual({
      id: 'evt_3',
      created: T,
      type: 'charge.refunded',
      chargeId: 'ch_1',
      paymentIntentId: 'pi_1',
      amountSen: 1060,
      amountRefundedSen: 500,
      currency: 'myr',
      refunds: [{ id: 're_1', refundId: 'rf_1', amountSen: 500, status: 'succeeded' }],
    });
  });

  it('marks other event types as ignored and refuses fractional amounts', () => {
    const other = parseStripeEvent('{"id":"evt_4","type":"customer.created","data":{"object":{}}}');
    expect(other).toMatchObject({ type: 'ignored', eventType: 'customer.created' });
    expect(parseStripeEvent(BODY.replace('1060', '10.6'))).toBeNull();
    expect(parseStripeEvent('not json')).toBeNull();
  });

  it('spots a replayed event id', () => {
    const seen = createSeenEvents(2);
    expect(seen.firstTime('evt_a')).toBe(true);
    expect(seen.firstTime('evt_a')).toBe(false);
    seen.firstTime('evt_b');
    seen.firstTime('evt_c');
    // The oldest id is forgotten past the capacity: the database's unique key is the real guard.
    expect(seen.firstTime('evt_a')).toBe(true);
  });
});
