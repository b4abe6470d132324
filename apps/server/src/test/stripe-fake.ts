import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  type FormFields,
  parseFormBody,
  readBody,
} from '../modules/payments/accounts/gateways/shared/form-body';
import {
  STRIPE_BALANCE_PATH,
  STRIPE_MYR_MINIMUM_SEN,
  STRIPE_PAYMENT_INTENTS_PATH,
  STRIPE_REFUNDS_PATH,
} from '../modules/payments/accounts/gateways/stripe/stripe-api';
import {
  STRIPE_SIGNATURE_HEADER,
  stripeSignatureHeader,
} from '../modules/payments/accounts/gateways/stripe/stripe-webhook';
import { listenOnLoopback, mustHave } from './loopback';

// A loopback stand-in for the Stripe API, for tests only (127.0.0.1, a free port). It checks
// the Bearer secret key, honours `Idempotency-Key` as Stripe does (the same key and body answer
// the first response again; the same key with another body is an idempotency_error), creates
// and reads PaymentIntents, refunds no more than was charged (lists an intent's refunds, and holds
// them pending when asked to), and writes the events Stripe would
// send; the test delivers them signed with the endpoint secret — twice, late, with an old
// timestamp or out of order, as it needs.

type Json = Record<string, unknown>;

export interface StripeDeliveryOptions {
  times?: number;
  delayMs?: number;
  /** Unix seconds to sign with; an old one makes a stale delivery. Defaults to the clock. */
  timestamp?: number;
  /** Sign with another secret: a forged delivery. */
  secret?: string;
}

export interface StripeFake {
  readonly url: string;
  readonly intents: ReadonlyMap<string, Json>;
  /** Every event written, oldest first, as the raw JSON Stripe would post. */
  readonly events: string[];
  /** The customer's payment succeeds: returns the payment_intent.succeeded event body. */
  succeed(paymentIntentId: string): string;
  /** The customer's payment fails: returns the payment_intent.payment_failed event body. */
  fail(paymentIntentId: string, message?: string): string;
  /** While on, refunds are made `pending` (as a bank's slow refund is) until `settleRefunds`. */
  holdRefunds(hold: boolean): void;
  /** Every pending refund succeeds. */
  settleRefunds(): void;
  /** Posts an event body with a Stripe-Signature header; returns each HTTP status. */
  deliver(url: string, rawEvent: string, options?: StripeDeliveryOptions): Promise<number[]>;
  close(): Promise<void>;
}

export async function startStripeFake(config: {
  secretKey: string;
  webhookSecret: string;
  now?: () => Date;
}): Promise<StripeFake> {
  const now = config.now ?? (() => new Date());
  const seconds = () => Math.floor(now().getTime() / 1000);
  const intents = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const idempotent = new Map<string, { request: string; status: number; body: Json }>();
  const events: string[] = [];
  let serial = 1;
  let holding = false;
  const nextId = (prefix: string) => `${prefix}_fake${String(serial++).padStart(6, '0')}`;

  const error = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });

  const emit = (type: string, object: Json): string => {
    const event = JSON.stringify({
      id: nextId('evt'),
      object: 'event',
      api_version: '2024-06-20',
      created: seconds(),
      livemode: false,
      type,
      data: { object },
    });
    events.push(event);
    return event;
  };

  const createIntent = (fields: FormFields) => {
    const amount = Number(fields.amount);
    if (!/^\d+$/.test(fields.amount ?? '')) {
      return error(
        400,
        'invalid_request_error',
        'Invalid integer: amount',
        'parameter_invalid_integer',
      );
    }
    if (fields.currency !== 'myr') {
      return error(
        400,
        'invalid_request_error',
        'This fake serves currency myr only',
        'parameter_invalid_empty',
      );
    }
    if (amount < STRIPE_MYR_MINIMUM_SEN) {
      return error(
        400,
        'invalid_request_error',
        'Amount must be at least RM 2.00 myr',
        'amount_too_small',
      );
    }
    const id = nextId('pi');
    const intent: Json = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: 'myr',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_fake`,
      created: seconds(),
      description: fields.description ?? null,
      metadata: bracketed(fields, 'metadata'),
      last_payment_error: null,
      latest_charge: null,
    };
    intents.set(id, intent);
    return { status: 200, body: intent };
  };

  const createRefund = (fields: FormFields) => {
    const intent = intents.get(fields.payment_intent ?? '');
    if (!intent)
      return error(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
    const charge = charges.get(String(intent.latest_charge));
    if (intent.status !== 'succeeded' || !charge) {
      return error(
        400,
        'invalid_request_error',
        'This PaymentIntent has no successful charge to refund.',
      );
    }
    const remaining = Number(charge.amount) - Number(charge.amount_refunded);
    const amount = fields.amount === undefined ? remaining : Number(fields.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      return error(
        400,
        'invalid_request_error',
        'Invalid integer: amount',
        'parameter_invalid_integer',
      );
    }
    if (amount > remaining) {
      return error(
        400,
        'invalid_request_error',
        'Refund amount is greater than unrefunded amount on charge.',
      );
    }
    const refund: Json = {
      id: nextId('re'),
      object: 'refund',
      amount,
      currency: 'myr',
      charge: charge.id,
      payment_intent: intent.id,
      status: holding ? 'pending' : 'succeeded',
      created: seconds(),
      metadata: bracketed(fields, 'metadata'),
    };
    refunds.set(String(refund.id), refund);
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const list = [...refunds.values()].filter((r) => r.charge === charge.id);
    emit('charge.refunded', { ...charge, refunds: { object: 'list', data: list } });
    return { status: 200, body: refund };
  };

  const route = (req: IncomingMessage, raw: string): { status: number; body: Json } => {
    if (req.headers.authorization !== `Bearer ${config.secretKey}`) {
      return error(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    // The account's balance: the cheap authenticated read a connection test makes.
    if (req.method === 'GET' && path === STRIPE_BALANCE_PATH) {
      const money = [{ amount: 0, currency: 'myr' }];
      return { status: 200, body: { object: 'balance', available: money, pending: money } };
    }
    if (req.method === 'GET' && path.startsWith(`${STRIPE_PAYMENT_INTENTS_PATH}/`)) {
      const intent = intents.get(path.slice(STRIPE_PAYMENT_INTENTS_PATH.length + 1));
      return intent
        ? { status: 200, body: intent }
        : error(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
    }
    // The refunds of an intent, newest first, as the list endpoint answers them.
    if (req.method === 'GET' && path === STRIPE_REFUNDS_PATH) {
      const intentId = url.searchParams.get('payment_intent');
      if (intentId !== null && !intents.has(intentId)) {
        return error(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
      }
      const data = [...refunds.values()]
        .filter((r) => intentId === null || r.payment_intent === intentId)
        .reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: path } };
    }
    if (
      req.method !== 'POST' ||
      (path !== STRIPE_PAYMENT_INTENTS_PATH && path !== STRIPE_REFUNDS_PATH)
    ) {
      return error(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${req.method}: ${path})`,
      );
    }
    const key = req.headers['idempotency-key'];
    const request = `${path}\n${raw}`;
    if (typeof key === 'string') {
      const previous = idempotent.get(key);
      if (previous && previous.request !== request) {
        return error(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      if (previous) return previous;
    }
    const fields = parseFormBody(raw);
    const answer =
      path === STRIPE_PAYMENT_INTENTS_PATH ? createIntent(fields) : createRefund(fields);
    // Stripe answers a replay with the first response as it was then, not the object as it is now.
    if (typeof key === 'string') {
      idempotent.set(key, { request, status: answer.status, body: structuredClone(answer.body) });
    }
    return answer;
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void readBody(req).then((raw) => {
      const { status, body } = route(req, raw);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  const loopback = await listenOnLoopback(server);

  const intentOf = (id: string): Json => mustHave(intents, id, 'Stripe has no PaymentIntent');

  return {
    url: loopback.url,
    intents,
    events,

    succeed(paymentIntentId) {
      const intent = intentOf(paymentIntentId);
      const charge: Json = {
        id: nextId('ch'),
        object: 'charge',
        amount: intent.amount,
        amount_refunded: 0,
        currency: 'myr',
        payment_intent: paymentIntentId,
        refunded: false,
        status: 'succeeded',
      };
      charges.set(String(charge.id), charge);
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        latest_charge: charge.id,
      });
      return emit('payment_intent.succeeded', { ...intent });
    },

    fail(paymentIntentId, message = 'Your card was declined.') {
      const intent = intentOf(paymentIntentId);
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', message },
      });
      return emit('payment_intent.payment_failed', { ...intent });
    },

    holdRefunds(hold) {
      holding = hold;
    },

    settleRefunds() {
      for (const refund of refunds.values()) {
        if (refund.status === 'pending') refund.status = 'succeeded';
      }
    },

    async deliver(url, rawEvent, options = {}) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const header = stripeSignatureHeader(
        options.secret ?? config.webhookSecret,
        options.timestamp ?? seconds(),
        rawEvent,
      );
      const statuses: number[] = [];
      for (let i = 0; i < (options.times ?? 1); i++) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [STRIPE_SIGNATURE_HEADER]: header },
          body: rawEvent,
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      return statuses;
    },

    close: loopback.close,
  };
}

/** Collects `name[key]=value` form fields into { key: value }, as Stripe reads metadata. */
function bracketed(fields: FormFields, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  const prefix = `${name}[`;
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith(prefix) && key.endsWith(']')) out[key.slice(prefix.length, -1)] = value;
  }
  return out;
}
