import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../shared/constant-time';

// Stripe webhooks: the `Stripe-Signature` header carries `t=<unix seconds>` and one or more
// `v1=<hex>` signatures (several while an endpoint secret is being rolled); `v0` and any other
// scheme are ignored. The expected signature is HMAC-SHA256 under the endpoint secret of
// `${t}.${raw body}`, compared in constant time against every v1; an event whose timestamp is
// more than 300 seconds from now is refused, so a captured delivery cannot be replayed later.
// Source: Stripe docs, "Receive Stripe events in your webhook endpoint" → "Verify webhook
// signatures manually" (https://docs.stripe.com/webhooks#verify-manually).

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
export const STRIPE_TOLERANCE_SECONDS = 300;

export interface StripeSignatureHeader {
  timestamp: number;
  v1: string[];
}

/** Splits the header on "," then each part on the first "="; null without a usable `t`. */
export function parseStripeSignatureHeader(header: string): StripeSignatureHeader | null {
  let timestamp: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    const key = part.slice(0, equals).trim();
    const value = part.slice(equals + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1') v1.push(value);
  }
  return timestamp === null ? null : { timestamp, v1 };
}

export function stripeSignature(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** The header Stripe would send for this body: used by the fake and by tests. */
export function stripeSignatureHeader(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${stripeSignature(secret, timestamp, rawBody)}`;
}

export type StripeWebhookResult =
  | { ok: true; event: StripeEvent }
  | {
      ok: false;
      reason: 'missing_header' | 'no_v1_signature' | 'signature_mismatch' | 'stale' | 'bad_payload';
    };

/**
 * Verifies a delivery over the exact bytes received, then parses the event. The signature is
 * checked before the timestamp so an unsigned request learns nothing about our clock.
 */
export function verifyStripeWebhook(input: {
  rawBody: string;
  header: string | undefined;
  secret: string;
  now: Date;
  toleranceSeconds?: number;
}): StripeWebhookResult {
  if (!input.header) return { ok: false, reason: 'missing_header' };
  const parsed = parseStripeSignatureHeader(input.header);
  if (!parsed) return { ok: false, reason: 'missing_header' };
  if (parsed.v1.length === 0) return { ok: false, reason: 'no_v1_signature' };
  const expected = stripeSignature(input.secret, parsed.timestamp, input.rawBody);
  // Every v1 is compared, with no early exit, so timing does not tell which one matched.
  let matched = false;
  for (const candidate of parsed.v1) matched = constantTimeEqual(expected, candidate) || matched;
  if (!matched) return { ok: false, reason: 'signature_mismatch' };
  const tolerance = input.toleranceSeconds ?? STRIPE_TOLERANCE_SECONDS;
  if (Math.abs(input.now.getTime() / 1000 - parsed.timestamp) > tolerance) {
    return { ok: false, reason: 'stale' };
  }
  const event = parseStripeEvent(input.rawBody);
  return event ? { ok: true, event } : { ok: false, reason: 'bad_payload' };
}

/** Metadata key under which a PaymentIntent carries our payment id. */
export const STRIPE_PAYMENT_ID_METADATA = 'payment_id';
/** Metadata key under which a Refund carries our provider-refund id. */
export const STRIPE_REFUND_ID_METADATA = 'refund_id';

interface StripeEventBase {
  /** evt_…: Stripe re-sends an event with the same id, so it is the replay key. */
  id: string;
  created: number;
}

export type StripeEvent =
  | (StripeEventBase & {
      type: 'payment_intent.succeeded' | 'payment_intent.payment_failed';
      paymentIntentId: string;
      /** Our payment id from the intent's metadata; null if the intent was not ours. */
      paymentId: string | null;
      amountSen: number;
      currency: string;
      failureMessage: string | null;
    })
  | (StripeEventBase & {
      type: 'charge.refunded';
      chargeId: string;
      paymentIntentId: string | null;
      amountSen: number;
      amountRefundedSen: number;
      currency: string;
      /** The refunds listed on the charge, with our refund id where we asked for it. */
      refunds: { id: string; refundId: string | null; amountSen: number; status: string }[];
    })
  | (StripeEventBase & { type: 'ignored'; eventType: string });

/** Parses an event body into the few kinds the server acts on; null if it is not an event. */
export function parseStripeEvent(rawBody: string): StripeEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const event = record(json);
  const object = record(record(event?.data)?.object);
  if (!event || !object || typeof event.id !== 'string' || typeof event.type !== 'string') {
    return null;
  }
  const base = { id: event.id, created: integer(event.created) ?? 0 };
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const amountSen = integer(object.amount);
    if (typeof object.id !== 'string' || amountSen === null) return null;
    const metadata = record(object.metadata);
    const error = record(object.last_payment_error);
    return {
      ...base,
      type: event.type,
      paymentIntentId: object.id,
      paymentId: text(metadata?.[STRIPE_PAYMENT_ID_METADATA]),
      amountSen,
      currency: text(object.currency) ?? '',
      failureMessage: text(error?.message),
    };
  }
  if (event.type === 'charge.refunded') {
    const amountSen = integer(object.amount);
    const amountRefundedSen = integer(object.amount_refunded);
    if (typeof object.id !== 'string' || amountSen === null || amountRefundedSen === null) {
      return null;
    }
    const list = record(object.refunds)?.data;
    return {
      ...base,
      type: 'charge.refunded',
      chargeId: object.id,
      paymentIntentId: text(object.payment_intent),
      amountSen,
      amountRefundedSen,
      currency: text(object.currency) ?? '',
      refunds: (Array.isArray(list) ? list : []).flatMap((item) => {
        const refund = record(item);
        const amount = integer(refund?.amount);
        if (!refund || typeof refund.id !== 'string' || amount === null) return [];
        return [
          {
            id: refund.id,
            refundId: text(record(refund.metadata)?.[STRIPE_REFUND_ID_METADATA]),
            amountSen: amount,
            status: text(refund.status) ?? '',
          },
        ];
      }),
    };
  }
  return { ...base, type: 'ignored', eventType: event.type };
}

/**
 * Remembers event ids already acted on, oldest forgotten first. The database's unique event id
 * is the real guard; this keeps a burst of re-deliveries from reaching it.
 */
export function createSeenEvents(capacity = 1000): { firstTime(id: string): boolean } {
  const seen = new Set<string>();
  return {
    firstTime(id) {
      if (seen.has(id)) return false;
      seen.add(id);
      if (seen.size > capacity) seen.delete(seen.values().next().value as string);
      return true;
    },
  };
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function integer(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}
