import { AppError } from '../../../../../lib/errors';
import type {
  GatewayClient,
  GatewayConnection,
  GatewayFactory,
  GatewayNotification,
  GatewayRefundResult,
  GatewayTransaction,
} from '../gateway-provider';
import { encodeFormBody, type FormFields } from '../shared/form-body';
import {
  STRIPE_API_BASE,
  STRIPE_BALANCE_PATH,
  STRIPE_MYR_MINIMUM_SEN,
  STRIPE_PAYMENT_INTENTS_PATH,
  STRIPE_REFUNDS_PATH,
  parsePaymentIntent,
  parseRefund,
  parseRefundList,
  parseStripeError,
  paymentIntentCreateBody,
  paymentIntentOutcome,
  refundCreateBody,
  refundListPath,
  stripeIdempotencyKey,
  stripeRequestHeaders,
} from './stripe-api';
import { STRIPE_SIGNATURE_HEADER, verifyStripeWebhook } from './stripe-webhook';

// Stripe (PaymentIntents). A payment is a PaymentIntent created with the account's secret key
// under an Idempotency-Key derived from our payment id, so a retried start never makes a second
// intent. Stripe has no hosted page for a bare PaymentIntent: the app confirms it with Stripe's
// SDK using the intent's client secret (handed back as `clientSecret`, no redirect URL); a bank
// or wallet that needs one sends the customer back to our return URL, which is only a hint and
// is confirmed by a status query. What settles a payment is the signed webhook
// (`Stripe-Signature`, HMAC-SHA256 over the raw body, 300 s tolerance) or that query.
// The same host serves test and live keys: the mode is the key's (sk_test_… / sk_live_…).

const REQUEST_TIMEOUT_MS = 15_000;

/** The PaymentIntent an event is about, read from the raw JSON before anything is trusted. */
function intentIdOf(rawBody: string): string | null {
  try {
    const event = JSON.parse(rawBody) as { data?: { object?: Record<string, unknown> } };
    const object = event?.data?.object;
    if (!object || typeof object !== 'object') return null;
    const id = object.object === 'payment_intent' ? object.id : object.payment_intent;
    return typeof id === 'string' && id.length > 0 ? id : null;
  } catch {
    return null;
  }
}

function referenceOf(n: GatewayNotification): string | null {
  // Back from a redirect Stripe appends ?payment_intent=pi_…; a webhook names it in its body.
  return n.via === 'return' ? n.fields.payment_intent || null : intentIdOf(n.rawBody);
}

/**
 * A refund Stripe turns down for good: an invalid request (more than is left to refund, a charge
 * already refunded or disputed, an unknown intent). A bad key (401), a rate limit (429), an
 * outage (5xx) or an idempotency error may pass, so those are asked again.
 */
function refusedForGood(answer: { status: number; json: unknown }): boolean {
  if (answer.status < 400 || answer.status >= 500 || answer.status === 401) return false;
  if (answer.status === 429) return false;
  return parseStripeError(answer.json)?.type === 'invalid_request_error';
}

/** A Stripe refund's status as a payout reads it: pending and requires_action are asked again. */
function refundOutcome(status: string): GatewayRefundResult {
  if (status === 'succeeded') return { status: 'refunded' };
  if (status === 'failed' || status === 'canceled') return { status: 'failed' };
  return { status: 'pending' };
}

function connect(c: GatewayConnection): GatewayClient {
  const base = (c.baseUrl ?? STRIPE_API_BASE).replace(/\/+$/, '');
  const secretKey = c.credentials.secret_key ?? '';
  const webhookSecret = c.credentials.webhook_secret ?? '';

  /** Stripe's answer, an error's included; payment_gateway_unreachable when there is none. */
  async function request(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: FormFields; idempotencyKey?: string } = {},
  ): Promise<{ status: number; json: unknown }> {
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...stripeRequestHeaders({ secretKey, idempotencyKey: options.idempotencyKey }),
          accept: 'application/json',
        },
        ...(options.body ? { body: encodeFormBody(options.body) } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    } catch {
      throw new AppError('payment_gateway_unreachable');
    }
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: FormFields; idempotencyKey?: string } = {},
  ): Promise<unknown> {
    const answer = await request(method, path, options);
    if (answer.status < 200 || answer.status > 299) {
      throw new AppError('payment_gateway_unreachable');
    }
    return answer.json;
  }

  const intentOf = (json: unknown) => {
    const intent = parsePaymentIntent(json);
    if (!intent) throw new AppError('payment_gateway_unreachable');
    return intent;
  };

  return {
    async createPayment(request) {
      if (request.amount < STRIPE_MYR_MINIMUM_SEN) {
        throw new AppError('payment_provider_unavailable', {
          message: 'Stripe takes payments of at least RM 2.00',
        });
      }
      const intent = intentOf(
        await call('POST', STRIPE_PAYMENT_INTENTS_PATH, {
          body: paymentIntentCreateBody({
            amountSen: request.amount,
            paymentId: request.paymentId,
            description: request.description,
          }),
          idempotencyKey: stripeIdempotencyKey('payment', request.paymentId),
        }),
      );
      return { reference: intent.id, redirectUrl: null, clientSecret: intent.clientSecret };
    },

    verifyNotification(n) {
      const reference = referenceOf(n) ?? '';
      if (n.via === 'return') {
        // Stripe signs nothing on the way back: the status query decides.
        return { reference, status: 'pending', amount: null, currency: 'MYR', final: false };
      }
      const header = n.headers[STRIPE_SIGNATURE_HEADER];
      const result = verifyStripeWebhook({
        rawBody: n.rawBody,
        header: Array.isArray(header) ? header[0] : header,
        secret: webhookSecret,
        now: c.now(),
      });
      if (!result.ok) {
        if (result.reason === 'stale') throw new AppError('payment_callback_stale');
        throw new AppError('payment_signature_invalid');
      }
      const event = result.event;
      // Only success settles: a failed attempt leaves the intent payable (Stripe sets it back to
      // requires_payment_method and the customer may try another card), so it changes nothing.
      if (event.type === 'payment_intent.succeeded') {
        return {
          reference: event.paymentIntentId,
          status: 'paid',
          amount: event.amountSen,
          currency: event.currency.toUpperCase(),
          final: true,
        };
      }
      // Any other event about the intent (a failed attempt, processing, a refund) settles nothing.
      return { reference, status: 'pending', amount: null, currency: 'MYR', final: true };
    },

    async queryStatus(reference): Promise<GatewayTransaction> {
      const intent = intentOf(
        await call('GET', `${STRIPE_PAYMENT_INTENTS_PATH}/${encodeURIComponent(reference)}`),
      );
      return {
        reference: intent.id,
        status: paymentIntentOutcome(intent.status),
        amount: intent.amountSen,
        currency: intent.currency.toUpperCase(),
      };
    },

    async refund(asked) {
      // Our id rides in the refund's metadata. A refund Stripe already made under it (an answer
      // lost on the way, or one still pending) is read back as it stands now rather than asked
      // for again: Stripe keeps an Idempotency-Key for 24 hours only, and answers a replay with
      // the first result, so a pending refund would never read as done through it.
      const listed = await request('GET', refundListPath(asked.reference));
      if (refusedForGood(listed)) return { status: 'failed' };
      const made = listed.status === 200 ? parseRefundList(listed.json) : null;
      if (!made) throw new AppError('payment_gateway_unreachable');
      const earlier = made.find((r) => r.refundId === asked.providerRefundId);
      if (earlier) return refundOutcome(earlier.status);
      const answer = await request('POST', STRIPE_REFUNDS_PATH, {
        body: refundCreateBody({
          paymentIntentId: asked.reference,
          amountSen: asked.amount,
          refundId: asked.providerRefundId,
        }),
        idempotencyKey: stripeIdempotencyKey('refund', asked.providerRefundId),
      });
      if (refusedForGood(answer)) return { status: 'failed' };
      const refund = answer.status === 200 ? parseRefund(answer.json) : null;
      if (!refund) throw new AppError('payment_gateway_unreachable');
      return refundOutcome(refund.status);
    },

    async testConnection() {
      await call('GET', STRIPE_BALANCE_PATH);
    },
  };
}

export const stripeGateway: GatewayFactory = {
  name: 'stripe',
  refunds: true,
  credentialFields: ['secret_key', 'webhook_secret'],
  referenceOf,
  connect,
};
