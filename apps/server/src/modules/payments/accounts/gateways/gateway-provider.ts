import type { IncomingHttpHeaders } from 'node:http';
import type { GatewayMode, GatewayProviderName } from '@kopi/contract';
import type { Clock } from '../../../../lib/clock';

// The gateway-provider interface (decision 044). A real gateway is per business: each has its
// own account, credentials and mode, kept in payment_gateways. A provider is therefore a factory:
// given one account's decrypted credentials and mode it connects a client that starts payments,
// verifies notifications, queries a payment's status and refunds. The payments service finds the
// payment a notification names (by `referenceOf`, before trusting anything in it), connects that
// payment's business's gateway, and only then verifies the signature.

/** A notification as it arrived: a callback's body, or the customer's browser coming back. */
export interface GatewayNotification {
  /** `callback`: server to server; `return`: the redirect back (never trusted without a query). */
  via: 'callback' | 'return';
  /** The fields as received (form body, query string or a flat JSON body), values as strings. */
  fields: Record<string, string>;
  /** The exact bytes of the body ('' for a redirect): what a body-signing gateway signs. */
  rawBody: string;
  headers: IncomingHttpHeaders;
}

/** One account's settings, as the factory connects it. */
export interface GatewayConnection {
  /** Decrypted, by the names of the factory's `credentialFields`. */
  credentials: Record<string, string>;
  mode: GatewayMode;
  /** Replaces the gateway's own host (sandbox or production): tests point it at a loopback fake. */
  baseUrl: string | undefined;
  /** Our callback and return URLs, as registered in the gateway's dashboard. */
  callbackUrl: string;
  redirectUrl: string;
  /**
   * Our page handing the customer's browser to a gateway that takes its payment request only as
   * a form POST (iPay88): `${checkoutUrl}/${paymentId}` serves the self-submitting form.
   */
  checkoutUrl: string;
  now: Clock;
}

export interface GatewayPaymentRequest {
  /** Our payment (intent) id: gateways that take our reference echo it back. */
  paymentId: string;
  /** In sen. */
  amount: number;
  currency: 'MYR';
  description: string;
  customer: { name: string; phone: string; email: string | null };
}

export interface GatewayPaymentStarted {
  /** The gateway's reference of the payment (a Billplz bill id; our payment id for others). */
  reference: string;
  /** Where the customer pays; null when the app pays in place with `clientSecret` (Stripe). */
  redirectUrl: string | null;
  /** Stripe: the PaymentIntent's client secret, for the app's Stripe SDK to confirm it. */
  clientSecret?: string | null;
}

/** A payment as the gateway sees it. `pending`: not settled yet (nothing to apply). */
export interface GatewayTransaction {
  reference: string;
  status: 'paid' | 'failed' | 'pending';
  /** In sen; null when the notification does not carry it (a Billplz redirect). */
  amount: number | null;
  currency: string;
  /**
   * The gateway's own id of the settled transaction, when its reference for us is our payment id
   * (Fiuu's tranID): refunds and status queries name it, so it becomes the payment's reference.
   */
  transactionId?: string;
}

export interface GatewayVerified extends GatewayTransaction {
  /** False when the status must be confirmed by `queryStatus` before anything is applied. */
  final: boolean;
}

export interface GatewayRefundRequest {
  /** Our provider-refund id: asking twice with it never pays twice. */
  providerRefundId: string;
  reference: string;
  amount: number;
}

/**
 * How a refund request stands once the gateway has answered it: `pending` is asked for again
 * later under the same id (the gateway refunds by it, so asking twice never pays twice).
 */
export interface GatewayRefundResult {
  status: 'refunded' | 'pending' | 'failed';
}

/** What a gateway must read back from a callback it sent (iPay88: `RECEIVEOK`); JSON when absent. */
export interface GatewayAcknowledgement {
  contentType: string;
  body: string;
}

export interface GatewayClient {
  createPayment(request: GatewayPaymentRequest): Promise<GatewayPaymentStarted>;
  /**
   * Checks the notification's signature with this account's key (constant-time compare) and
   * reads it. Throws AppError payment_signature_invalid (or payment_callback_stale). No I/O.
   */
  verifyNotification(notification: GatewayNotification): GatewayVerified;
  /**
   * Asks the gateway how the payment stands (payment_gateway_unreachable when it cannot).
   * `amount` is what our payment is for, in sen: iPay88 and Fiuu sign or match a query with it.
   */
  queryStatus(reference: string, amount: number): Promise<GatewayTransaction>;
  /** Null when the gateway has no refund API: refunds of its payments are paid back by hand. */
  refund: ((request: GatewayRefundRequest) => Promise<GatewayRefundResult>) | null;
  /** A harmless authenticated call proving the credentials work (the settings' "test"). */
  testConnection(): Promise<void>;
  /**
   * Once a notification is applied (or found a duplicate): what the gateway must read back to
   * stop re-sending it (iPay88 `RECEIVEOK`, Fiuu's callback `CBTOKEN:MPSTATOK`), or null for the
   * usual JSON answer. Fiuu's notification is acknowledged by posting its fields back to Fiuu
   * instead, done here too (never throws: an unacknowledged notification is only re-sent).
   * Absent: the JSON answer.
   */
  acknowledge?(notification: GatewayNotification): Promise<GatewayAcknowledgement | null>;
  /**
   * The page our `checkoutUrl` serves for a pending payment of a gateway whose payment request
   * is a browser form POST (iPay88); absent for the others, whose `redirectUrl` is theirs.
   */
  checkoutPage?(request: GatewayPaymentRequest): GatewayCheckoutPage;
}

/** A self-submitting page and where its form posts (what the page's CSP allows, nothing else). */
export interface GatewayCheckoutPage {
  html: string;
  formAction: string;
}

export interface GatewayFactory {
  readonly name: GatewayProviderName;
  /** The credentials an account needs, all required; stored sealed, shown masked. */
  readonly credentialFields: readonly string[];
  /**
   * The gateway's reference a notification names, read before anything in it is trusted (null
   * when it names none): it finds the payment, and so whose credentials verify it.
   */
  referenceOf(notification: GatewayNotification): string | null;
  /** Answers a client for one account; it calls out only when asked to. */
  connect(connection: GatewayConnection): GatewayClient;
  /**
   * Whether the gateway refunds through its API (its clients' `refund` is then a function):
   * known without connecting, so a refund is planned inside its transaction without reaching out.
   */
  readonly refunds: boolean;
}
