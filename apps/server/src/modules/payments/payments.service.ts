import type { IncomingHttpHeaders } from 'node:http';
import type { MobilePayRequest, PaymentProviderName, PaymentStart } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audit, auditRow } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { CustomerPrincipal } from '../../lib/customer-principal';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { customerActor } from '../mobile/mobile-auth.service';
import { findOwn } from '../mobile/mobile-orders.repo';
import { paidOrderBody } from '../mobile/mobile-orders.service';
import type { PaymentProvider } from './payment-provider';
import * as repo from './payments.repo';

// Online payments of app orders (issue 6): the customer starts a payment with a provider for
// what the order still owes; the provider's signed callback settles it, and a paid CREATED order
// becomes PENDING in the same transaction (payments.repo applyEvent).

export interface PaymentServiceDeps {
  db: Db;
  now: Clock;
  /** The providers switched on for this server (the sandbox unless PAYMENT_SANDBOX=false). */
  providers: PaymentProvider[];
}

export function createPaymentService({ db, now, providers }: PaymentServiceDeps) {
  const byName = new Map(providers.map((p) => [p.name as string, p]));

  return {
    /** POST /api/mobile/orders/{id}/pay */
    async start(
      customer: CustomerPrincipal,
      ctx: RequestContext,
      orderId: string,
      input: MobilePayRequest,
    ): Promise<PaymentStart> {
      const provider = byName.get(input.provider);
      if (!provider) throw new AppError('payment_provider_unavailable');
      const found = await findOwn(db, customer.tenantId, customer.customerId, orderId);
      if (!found) throw new AppError('not_found');
      const { order } = found;
      const owed = order.total - order.paid;
      if (order.status !== 'CREATED' || owed <= 0) {
        throw new AppError('order_not_payable', {
          message:
            order.status === 'REJECTED'
              ? 'This order was cancelled and cannot be paid'
              : 'This order is already paid',
        });
      }
      const intent = await db.transaction(async (tx) => {
        const row = await repo.insertIntent(tx, {
          tenantId: customer.tenantId,
          orderId,
          customerId: customer.customerId,
          provider: provider.name,
          method: input.method,
          amount: owed,
        });
        await audit.record(tx, ctx, {
          action: 'payment.start',
          entity: 'order',
          entityId: orderId,
          actor: customerActor({ ...customer, id: customer.customerId }),
          tenantId: customer.tenantId,
          after: {
            payment_id: row.id,
            provider: provider.name,
            method: input.method,
            amount: owed,
          },
        });
        return row;
      });
      const started = await provider.createPayment({
        paymentId: intent.id,
        orderId,
        amount: owed,
        method: input.method,
        sandboxOutcome: input.sandbox_outcome,
      });
      return {
        payment_id: intent.id,
        provider: provider.name,
        method: input.method,
        amount: owed,
        status: 'pending',
        redirect_url: started.redirectUrl,
        instructions: started.instructions,
        sandbox_callback: started.sandboxCallback,
      };
    },

    /** POST /api/payments/{provider}/callback: verified by the provider, applied once. */
    async callback(
      providerName: string,
      rawBody: string,
      headers: IncomingHttpHeaders,
      ctx: RequestContext,
    ) {
      const provider = byName.get(providerName);
      if (!provider) throw new AppError('not_found');
      const event = await provider.verifyCallback(rawBody, headers);
      const base = auditRow(ctx, { action: '', entity: '' });
      const result = await repo.applyEvent(db, {
        provider: provider.name,
        event,
        at: now(),
        byName: `Online payment (${provider.name})`,
        // No staff member or customer acts here: the trail names the provider.
        audit: { ...base, actorId: null, actorUsername: `payments:${provider.name}` },
        paidBody: paidOrderBody,
      });
      return { received: true as const, duplicate: result.duplicate };
    },

    providerNames: () => [...byName.keys()] as PaymentProviderName[],
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
