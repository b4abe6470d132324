import { describe, expect, it } from 'vitest';
import {
  paymentIntentCreateBody,
  paymentIntentOutcome,
  refundCreateBody,
  stripeIdempotencyKey,
  stripeRequestHeaders,
} from './stripe-api';

// The request bodies and headers as the Stripe API reference describes them: amounts in the
// smallest currency unit (sen), currency "myr", metadata in bracketed form keys.

describe('Stripe request bodies', () => {
  it('creates a PaymentIntent for integer sen in myr with our payment id', () => {
    expect(paymentIntentCreateBody({ amountSen: 123450, paymentId: 'pay_01' })).toEqual({
      amount: '123450',
      currency: 'myr',
      'metadata[payment_id]': 'pay_01',
      'automatic_payment_methods[enabled]': 'true',
    });
  });

  it('names payment method types when asked, instead of automatic ones', () => {
    const body = paymentIntentCreateBody({
      amountSen: 1060,
      paymentId: 'pay_02',
      paymentMethodTypes: ['card', 'fpx'],
    });
    expect(body).toMatchObject({
      'payment_method_types[0]': 'card',
      'payment_method_types[1]': 'fpx',
    });
    expect(body).not.toHaveProperty('automatic_payment_methods[enabled]');
  });

  it('refuses floats, negatives and amounts under RM 2.00', () => {
    for (const amountSen of [10.6, -200, 199]) {
      expect(() => paymentIntentCreateBody({ amountSen, paymentId: 'p' })).toThrow(RangeError);
    }
    expect(() =>
      refundCreateBody({ paymentIntentId: 'pi_1', amountSen: 0, refundId: 'r' }),
    ).toThrow(RangeError);
  });

  it('refunds part of an intent under our refund id', () => {
    expect(refundCreateBody({ paymentIntentId: 'pi_1', amountSen: 5, refundId: 'rf_1' })).toEqual({
      payment_intent: 'pi_1',
      amount: '5',
      'metadata[refund_id]': 'rf_1',
    });
  });

  it('sends the Bearer key and a deterministic Idempotency-Key', () => {
    expect(
      stripeRequestHeaders({
        secretKey: 'sk_test_1',
        idempotencyKey: stripeIdempotencyKey('payment', 'pay_01'),
      }),
    ).toEqual({
      authorization: 'Bearer sk_test_1',
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': 'kopi-payment-pay_01',
    });
  });

  it.each([
    ['succeeded', 'paid'],
    ['canceled', 'failed'],
    ['processing', 'pending'],
    ['requires_action', 'pending'],
    ['requires_payment_method', 'pending'],
  ])('reads status %s as %s', (status, outcome) => {
    expect(paymentIntentOutcome(status)).toBe(outcome);
  });
});
