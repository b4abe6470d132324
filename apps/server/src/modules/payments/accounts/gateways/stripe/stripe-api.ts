import type { FormFields } from '../shared/form-body';
import { STRIPE_PAYMENT_ID_METADATA, STRIPE_REFUND_ID_METADATA } from './stripe-webhook';

// The Stripe API calls our server makes: create a PaymentIntent, read one back (the status
// query), create a Refund. Stripe takes form-encoded bodies with bracketed keys, a Bearer secret
// key, and an `Idempotency-Key` header under which a retried POST answers the first result.
// Amounts are integers in the currency's smallest unit: sen for `myr`.
// Sources: Stripe API reference, "Create a PaymentIntent", "Retrieve a PaymentIntent",
// "Create a refund", "Idempotent requests" (https://docs.stripe.com/api); minimum charge
// amounts (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts): RM 2.00.

export const STRIPE_API_BASE = 'https://api.stripe.com';
export const STRIPE_PAYMENT_INTENTS_PATH = '/v1/payment_intents';
export const STRIPE_REFUNDS_PATH = '/v1/refunds';
export const STRIPE_BALANCE_PATH = '/v1/balance';
export const STRIPE_CURRENCY = 'myr';
export const STRIPE_MYR_MINIMUM_SEN = 200;

export function stripeRequestHeaders(input: {
  secretKey: string;
  idempotencyKey?: string;
}): Record<string, string> {
  return {
    authorization: `Bearer ${input.secretKey}`,
    'content-type': 'application/x-www-form-urlencoded',
    ...(input.idempotencyKey ? { 'idempotency-key': input.idempotencyKey } : {}),
  };
}

/**
 * A key derived from our own id, never random: the retry after a crash or timeout sends the same
 * key, and Stripe answers the intent (or refund) it already made instead of making a second.
 */
export function stripeIdempotencyKey(kind: 'payment' | 'refund', id: string): string {
  return `kopi-${kind}-${id}`;
}

export function paymentIntentCreateBody(input: {
  amountSen: number;
  paymentId: string;
  description?: string;
  /** e.g. ["card", "fpx", "grabpay"]; without it Stripe picks from the dashboard's methods. */
  paymentMethodTypes?: string[];
}): FormFields {
  assertAmount(input.amountSen);
  if (input.amountSen < STRIPE_MYR_MINIMUM_SEN) {
    throw new RangeError(`Stripe charges at least RM 2.00 in MYR: ${input.amountSen} sen`);
  }
  const body: FormFields = {
    amount: String(input.amountSen),
    currency: STRIPE_CURRENCY,
    [`metadata[${STRIPE_PAYMENT_ID_METADATA}]`]: input.paymentId,
  };
  if (input.description) body.description = input.description;
  if (input.paymentMethodTypes?.length) {
    input.paymentMethodTypes.forEach((type, i) => (body[`payment_method_types[${i}]`] = type));
  } else {
    body['automatic_payment_methods[enabled]'] = 'true';
  }
  return body;
}

export function refundCreateBody(input: {
  paymentIntentId: string;
  amountSen: number;
  refundId: string;
}): FormFields {
  assertAmount(input.amountSen);
  if (input.amountSen === 0) throw new RangeError('a refund must be of at least one sen');
  return {
    payment_intent: input.paymentIntentId,
    amount: String(input.amountSen),
    [`metadata[${STRIPE_REFUND_ID_METADATA}]`]: input.refundId,
  };
}

export interface StripePaymentIntent {
  id: string;
  status: string;
  amountSen: number;
  currency: string;
  clientSecret: string | null;
  paymentId: string | null;
}

export function parsePaymentIntent(json: unknown): StripePaymentIntent | null {
  const object = asRecord(json);
  if (object?.object !== 'payment_intent' || typeof object.id !== 'string') return null;
  if (typeof object.amount !== 'number' || !Number.isSafeInteger(object.amount)) return null;
  return {
    id: object.id,
    status: String(object.status ?? ''),
    amountSen: object.amount,
    currency: String(object.currency ?? ''),
    clientSecret: typeof object.client_secret === 'string' ? object.client_secret : null,
    paymentId: metadataValue(object, STRIPE_PAYMENT_ID_METADATA),
  };
}

/** What a PaymentIntent's status means to us: only `succeeded` is paid. */
export function paymentIntentOutcome(status: string): 'paid' | 'failed' | 'pending' {
  if (status === 'succeeded') return 'paid';
  if (status === 'canceled') return 'failed';
  return 'pending';
}

export interface StripeRefund {
  id: string;
  /** pending, requires_action, succeeded, failed or canceled. */
  status: string;
  amountSen: number;
  paymentIntentId: string | null;
  refundId: string | null;
}

export function parseRefund(json: unknown): StripeRefund | null {
  const object = asRecord(json);
  if (object?.object !== 'refund' || typeof object.id !== 'string') return null;
  if (typeof object.amount !== 'number' || !Number.isSafeInteger(object.amount)) return null;
  return {
    id: object.id,
    status: String(object.status ?? ''),
    amountSen: object.amount,
    paymentIntentId: typeof object.payment_intent === 'string' ? object.payment_intent : null,
    refundId: metadataValue(object, STRIPE_REFUND_ID_METADATA),
  };
}

/**
 * The refunds made of a PaymentIntent, newest first (GET /v1/refunds?payment_intent=…). A
 * payment is refunded a few times at most, so the first hundred are all of them.
 */
export function refundListPath(paymentIntentId: string): string {
  const query = new URLSearchParams({ payment_intent: paymentIntentId, limit: '100' });
  return `${STRIPE_REFUNDS_PATH}?${query.toString()}`;
}

/** A list of refunds; null when the answer is not one (an entry that is no refund is skipped). */
export function parseRefundList(json: unknown): StripeRefund[] | null {
  const list = asRecord(json);
  if (list?.object !== 'list' || !Array.isArray(list.data)) return null;
  return list.data.map(parseRefund).filter((r): r is StripeRefund => r !== null);
}

export interface StripeError {
  type: string;
  code: string | null;
  message: string;
}

/** Stripe's error envelope: { error: { type, code, message } }. */
export function parseStripeError(json: unknown): StripeError | null {
  const error = asRecord(asRecord(json)?.error);
  if (!error || typeof error.type !== 'string') return null;
  return {
    type: error.type,
    code: typeof error.code === 'string' ? error.code : null,
    message: typeof error.message === 'string' ? error.message : '',
  };
}

function metadataValue(object: Record<string, unknown>, key: string): string | null {
  const value = asRecord(object.metadata)?.[key];
  return typeof value === 'string' ? value : null;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function assertAmount(sen: number): void {
  if (!Number.isSafeInteger(sen) || sen < 0) {
    throw new RangeError(`an amount must be a whole, non-negative number of sen: ${sen}`);
  }
}
