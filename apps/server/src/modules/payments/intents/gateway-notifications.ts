import type { PaymentCallbackResult } from '@kopi/contract';
import type { Db } from '../../../db/database';
import { auditRow } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { RequestContext } from '../../../lib/request-context';
import type {
  GatewayAcknowledgement,
  GatewayCheckoutPage,
  GatewayNotification,
  GatewayTransaction,
} from '../accounts/gateways/gateway-provider';
import type { PaymentEvent } from './payment-provider';
import type { PaymentGatewayService } from '../accounts/payment-gateways.service';
import * as repo from './payments.repo';

// The payments service's side of a business's own gateways: a notification is matched to its
// payment by the gateway's reference before anything in it is trusted, verified with that
// business's credentials, confirmed by a status query when the gateway asks for one, refused
// (and recorded) when its amount disagrees, applied once, and acknowledged in the gateway's own
// format. Also the checkout page of a gateway whose payment request is a browser form POST.

export interface GatewayNotificationDeps {
  db: Db;
  gateways: PaymentGatewayService;
  /** Applies a verified payment event once (the payments service's). */
  applyPayment: (
    provider: string,
    event: PaymentEvent,
    ctx: RequestContext,
  ) => Promise<PaymentCallbackResult>;
}

/** What a notification route answers: the JSON result, or the gateway's own acknowledgement. */
export interface NotificationAnswer {
  result: PaymentCallbackResult;
  acknowledgement: GatewayAcknowledgement | null;
}

/** A gateway's notification answered, and how its payment stands after it (for the browser). */
export interface GatewayNotificationAnswer extends NotificationAnswer {
  outcome: 'paid' | 'failed' | 'pending';
}

export function createGatewayNotifications({
  db,
  gateways,
  applyPayment,
}: GatewayNotificationDeps) {
  /** The trail of a notification that disagrees with its payment (nothing else changes). */
  async function recordMismatch(
    name: string,
    intent: { id: string; tenantId: string; orderId: string | null; amount: number },
    settled: GatewayTransaction,
    ctx: RequestContext,
  ) {
    const { ip, userAgent, requestId } = auditRow(ctx, { action: '', entity: '' });
    await repo.recordMismatch(db, {
      tenantId: intent.tenantId,
      paymentId: intent.id,
      actorUsername: `payments:${name}`,
      context: { ip, userAgent, requestId },
      after: {
        payment_id: intent.id,
        provider: name,
        reference: settled.reference,
        expected: { amount: intent.amount, currency: 'MYR' },
        notified: { amount: settled.amount, currency: settled.currency, status: settled.status },
      },
    });
  }

  const disagrees = (t: GatewayTransaction, amount: number) =>
    t.amount !== amount || t.currency !== 'MYR';

  /** Applies a settled payment once; a gateway's own transaction id becomes its reference. */
  async function apply(
    name: string,
    intent: { id: string; tenantId: string; orderId: string | null; amount: number },
    settled: GatewayTransaction & { status: 'paid' | 'failed' },
    ctx: RequestContext,
  ) {
    const result = await applyPayment(
      name,
      {
        kind: 'payment',
        // A payment settles once: its reference and outcome name the event, so the callback, a
        // redelivery and the redirect all claim the same one.
        eventId: `${settled.reference}:${settled.status}`,
        paymentId: intent.id,
        orderId: intent.orderId,
        amount: intent.amount,
        status: settled.status,
      },
      ctx,
    );
    // Refunds and queries name the gateway's own transaction id (Fiuu's tranID).
    if (settled.status === 'paid' && settled.transactionId) {
      await repo.setProviderRef(db, intent.tenantId, intent.id, settled.transactionId);
    }
    return result;
  }

  /**
   * A gateway's notification (callback or redirect): the payment is found by the gateway's own
   * reference first, its business's credentials verify the signature, a result the gateway does
   * not call final is confirmed by a status query, and an amount or currency other than the
   * payment's is recorded and refused.
   */
  async function notify(
    name: string,
    notification: GatewayNotification,
    ctx: RequestContext,
  ): Promise<GatewayNotificationAnswer> {
    const reference = gateways.factoryOf(name).referenceOf(notification);
    if (!reference) throw new AppError('invalid_request', { message: 'No payment reference' });
    const intent = await repo.findByProviderRef(db, name, reference);
    if (!intent) throw new AppError('not_found');
    const { client } = await gateways.connectFor(intent.tenantId, name, { evenDisabled: true });
    const verified = client.verifyNotification(notification);
    // A signed amount other than the payment's is refused before any query: the query asks
    // about our amount, and would otherwise hide what was notified.
    if (verified.amount !== null && disagrees(verified, intent.amount)) {
      await recordMismatch(name, intent, verified, ctx);
      throw new AppError('payment_amount_mismatch');
    }
    const settled: GatewayTransaction = verified.final
      ? verified
      : await client.queryStatus(reference, intent.amount);
    if (settled.reference !== reference) throw new AppError('payment_signature_invalid');
    let result: PaymentCallbackResult = { received: true, duplicate: false };
    let outcome: GatewayNotificationAnswer['outcome'] = 'pending';
    if (settled.status !== 'pending') {
      if (disagrees(settled, intent.amount)) {
        await recordMismatch(name, intent, settled, ctx);
        throw new AppError('payment_amount_mismatch');
      }
      // A query answering "failed" to a signed success settles nothing: it may not have caught
      // up yet, and the success is applied once a later notification or query confirms it.
      const contradicted =
        !verified.final && verified.status === 'paid' && settled.status === 'failed';
      if (!contradicted) {
        result = await apply(name, intent, { ...settled, status: settled.status }, ctx);
        outcome = settled.status;
      }
    }
    const acknowledgement = (await client.acknowledge?.(notification)) ?? null;
    return { result, acknowledgement, outcome };
  }

  return {
    notify,

    /**
     * The self-submitting form of a still-pending payment of a gateway whose payment request is
     * a browser form POST (iPay88); not_found for anything else, so the id reveals nothing.
     */
    async checkoutPage(name: string, paymentId: string): Promise<GatewayCheckoutPage> {
      if (!gateways.isGateway(name)) throw new AppError('not_found');
      const intent = await repo.findPendingCheckout(db, name, paymentId);
      if (!intent) throw new AppError('not_found');
      const { client } = await gateways.connectFor(intent.tenantId, name, { evenDisabled: true });
      if (!client.checkoutPage) throw new AppError('not_found');
      return client.checkoutPage({
        paymentId: intent.id,
        amount: intent.amount,
        currency: 'MYR',
        description: intent.orderId ? 'Kopi order' : 'Kopi wallet top-up',
        customer: { name: intent.name ?? '', phone: intent.phone ?? '', email: intent.email },
      });
    },
  };
}
