import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentProviderName, PaymentStart } from '@kopi/contract';

// The payment-provider interface. A provider starts a payment for an amount and later
// tells the server how it ended through a signed callback; the server trusts the callback only
// after the provider has checked its signature over the exact bytes received. Real gateways
// (FPX, card acquirers, e-wallets) plug in here; `sandbox` is built in.

export interface PaymentRequest {
  /** Our payment (intent) id: the provider echoes it in its callback. */
  paymentId: string;
  /** The order paid; null for a wallet top-up (the intent names the customer). */
  orderId: string | null;
  amount: number;
  method: string;
  /** Sandbox only: how the pretend bank answers. */
  sandboxOutcome: 'paid' | 'failed';
}

export interface ProviderPayment {
  redirectUrl: string | null;
  instructions: string;
  sandboxCallback: PaymentStart['sandbox_callback'];
}

/** A verified provider notification about a payment. */
export interface PaymentEvent {
  kind: 'payment';
  /** Unique per notification: a replay carries the same id. */
  eventId: string;
  paymentId: string;
  /** As the payment was started: null for a wallet top-up. */
  orderId: string | null;
  amount: number;
  status: 'paid' | 'failed';
}

/** A verified provider notification about a refund the server asked for. */
export interface RefundEvent {
  kind: 'refund';
  eventId: string;
  /** Our provider-refund id, the key the provider refunded by. */
  providerRefundId: string;
  paymentId: string;
  amount: number;
  status: 'refunded' | 'failed';
}

export interface RefundRequest {
  /** Our provider-refund id: asking twice with it never pays twice. */
  providerRefundId: string;
  paymentId: string;
  amount: number;
}

export interface ProviderRefund {
  /** Sandbox only: the signed callback the pretend bank sends when the refund is done. */
  sandboxCallback: PaymentStart['sandbox_callback'];
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createPayment(request: PaymentRequest): Promise<ProviderPayment>;
  /** Asks the provider to give back part or all of a settled payment; idempotent by its id. */
  refundPayment(request: RefundRequest): Promise<ProviderRefund>;
  /**
   * Checks the signature over `rawBody` and the notification's age, then returns the event.
   * Throws an AppError (payment_signature_invalid, payment_callback_stale, validation_failed).
   */
  verifyCallback(
    rawBody: string,
    headers: IncomingHttpHeaders,
  ): Promise<PaymentEvent | RefundEvent>;
}
