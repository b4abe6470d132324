import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  type PaymentStart,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxCallback,
  sandboxCallbackSchema,
  type SandboxRefundCallback,
  sandboxRefundCallbackSchema,
} from '@kopi/contract';
import type { Clock } from '../../../lib/clock';
import { AppError, validationError } from '../../../lib/errors';
import type { PaymentProvider } from './payment-provider';

// The built-in `sandbox` provider: no money moves. Starting a payment answers the callback the
// pretend bank sends — a JSON body signed with HMAC-SHA256 under a server secret — and the app
// (or the simulator, or a test) posts it to /api/payments/sandbox/callback, which checks it the
// way a real gateway's callback is checked: the signature over the exact bytes with a
// constant-time compare, the age of the notification, and its event id against replays.

/** Callbacks older (or further in the future) than this are refused: replays need a fresh one. */
export const CALLBACK_MAX_AGE_MS = 5 * 60_000;
export const SANDBOX_CALLBACK_PATH = '/api/payments/sandbox/callback';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/;

export function signSandboxBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** The callback the pretend bank posts: the raw body, signed, to the callback route. */
export function signedSandboxCallback(
  secret: string,
  body: string,
): NonNullable<PaymentStart['sandbox_callback']> {
  return {
    url: SANDBOX_CALLBACK_PATH,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(secret, body),
    },
    body,
  };
}

export function createSandboxProvider({
  secret,
  now,
}: {
  secret: string;
  now: Clock;
}): PaymentProvider {
  const hmac = (body: string) => createHmac('sha256', secret).update(body, 'utf8').digest();
  const signed = (body: string) => signedSandboxCallback(secret, body);

  return {
    name: 'sandbox',

    async createPayment(request) {
      const payload: SandboxCallback = {
        event_id: `evt_${randomUUID()}`,
        payment_id: request.paymentId,
        order_id: request.orderId,
        amount: request.amount,
        status: request.sandboxOutcome,
        timestamp: now().toISOString(),
      };
      return {
        redirectUrl: null,
        instructions:
          'Sandbox payment: no money moves. Post sandbox_callback as it is to complete it, as the bank would.',
        sandboxCallback: signed(JSON.stringify(payload)),
      };
    },

    async refundPayment(request) {
      // The pretend bank always gives the money back. The event id is the refund's own, so
      // asking again (the sweeper after a crash) answers the same event: a replay.
      const payload: SandboxRefundCallback = {
        type: 'refund',
        event_id: `evt_refund_${request.providerRefundId}`,
        refund_id: request.providerRefundId,
        payment_id: request.paymentId,
        amount: request.amount,
        status: 'refunded',
        timestamp: now().toISOString(),
      };
      return { sandboxCallback: signed(JSON.stringify(payload)) };
    },

    async verifyCallback(rawBody: string, headers: IncomingHttpHeaders) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const match = SIGNATURE.exec((Array.isArray(header) ? header[0] : header) ?? '');
      // Same length by construction (32 bytes each), so timingSafeEqual never throws.
      if (!match || !timingSafeEqual(Buffer.from(match[1]!, 'hex'), hmac(rawBody))) {
        throw new AppError('payment_signature_invalid');
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new AppError('invalid_request', { message: 'The callback body is not JSON' });
      }
      const isRefund = (json as { type?: unknown } | null)?.type === 'refund';
      const parsed = (isRefund ? sandboxRefundCallbackSchema : sandboxCallbackSchema).safeParse(
        json,
      );
      if (!parsed.success) {
        throw validationError(
          parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        );
      }
      const event = parsed.data;
      const age = now().getTime() - new Date(event.timestamp).getTime();
      if (Math.abs(age) > CALLBACK_MAX_AGE_MS) throw new AppError('payment_callback_stale');
      if ('type' in event) {
        return {
          kind: 'refund' as const,
          eventId: event.event_id,
          providerRefundId: event.refund_id,
          paymentId: event.payment_id,
          amount: event.amount,
          status: event.status,
        };
      }
      return {
        kind: 'payment' as const,
        eventId: event.event_id,
        paymentId: event.payment_id,
        orderId: event.order_id,
        amount: event.amount,
        status: event.status,
      };
    },
  };
}
