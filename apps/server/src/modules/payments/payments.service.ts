import type { IncomingHttpHeaders } from 'node:http';
import type {
  MobilePayRequest,
  MobileTopup,
  PaymentProviderName,
  PaymentStart,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { audit, auditRow } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { type CustomerPrincipal, customerActor } from '../../lib/customer-principal';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { checkTopup, creditTopup } from '../loyalty/wallet.service';
import type { CustomerOrderService } from '../orders/customer-orders.service';
import type { PaymentProvider, PaymentRequest } from './payment-provider';
import * as repo from './payments.repo';
import type { RefundPayouts } from './refund-payouts.service';

// Online payments of a customer's orders and wallet top-ups: the customer starts a payment with a
// provider (for what the order still owes, or the top-up's amount); the provider's signed
// callback settles it, and in the same transaction the order core records the payment (a paid
// CREATED order becomes PENDING) or the wallet credits the top-up.

export interface PaymentServiceDeps {
  db: Db;
  now: Clock;
  /** The providers switched on for this server (the sandbox unless PAYMENT_SANDBOX=false). */
  providers: PaymentProvider[];
  orders: CustomerOrderService;
  /** Refunds paid back through these providers: their callbacks arrive here too. */
  payouts: RefundPayouts;
}

export function createPaymentService({ db, now, providers, orders, payouts }: PaymentServiceDeps) {
  const byName = new Map(providers.map((p) => [p.name as string, p]));
  /** Asks the provider to start the intent's payment; the app's answer while it is pending. */
  async function begin(provider: PaymentProvider, request: PaymentRequest): Promise<PaymentStart> {
    const started = await provider.createPayment(request);
    return {
      payment_id: request.paymentId,
      provider: provider.name,
      method: request.method,
      amount: request.amount,
      status: 'pending',
      redirect_url: started.redirectUrl,
      instructions: started.instructions,
      sandbox_callback: started.sandboxCallback,
    };
  }
  const providerOf = (name: string) => {
    const provider = byName.get(name);
    if (!provider) throw new AppError('payment_provider_unavailable');
    return provider;
  };

  return {
    /** Starts paying what a customer's order still owes. */
    async start(
      customer: CustomerPrincipal,
      ctx: RequestContext,
      orderId: string,
      input: MobilePayRequest,
    ): Promise<PaymentStart> {
      const provider = providerOf(input.provider);
      const { order } = await orders.own(customer, orderId);
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
      return begin(provider, {
        paymentId: intent.id,
        orderId,
        amount: owed,
        method: input.method,
        sandboxOutcome: input.sandbox_outcome,
      });
    },

    /**
     * Starts a top-up of the customer's own wallet: refused for a blocked customer and beyond
     * the tenant's maximum balance; the callback credits it.
     */
    async startTopup(
      customer: CustomerPrincipal,
      ctx: RequestContext,
      input: MobileTopup,
    ): Promise<PaymentStart> {
      const provider = providerOf(input.provider);
      const { tenantId, customerId } = customer;
      const intent = await db.transaction(async (tx) => {
        await checkTopup(tx, tenantId, customerId, input.amount);
        const row = await repo.insertTopupIntent(tx, {
          tenantId,
          customerId,
          provider: provider.name,
          method: input.method,
          amount: input.amount,
        });
        await audit.record(tx, ctx, {
          action: 'payment.start',
          entity: 'customer',
          entityId: customerId,
          actor: customerActor({ ...customer, id: customerId }),
          tenantId,
          after: {
            payment_id: row.id,
            purpose: 'topup',
            provider: provider.name,
            method: input.method,
            amount: input.amount,
          },
        });
        return row;
      });
      return begin(provider, {
        paymentId: intent.id,
        orderId: null,
        amount: input.amount,
        method: input.method,
        sandboxOutcome: input.sandbox_outcome,
      });
    },

    /**
     * A provider's callback: verified by the provider, applied once. A payment that arrives for
     * an order no longer waiting for it (cancelled meanwhile, or paid twice) is asked back.
     */
    async callback(
      providerName: string,
      rawBody: string,
      headers: IncomingHttpHeaders,
      ctx: RequestContext,
    ) {
      const provider = byName.get(providerName);
      if (!provider) throw new AppError('not_found');
      const event = await provider.verifyCallback(rawBody, headers);
      const at = now();
      const base = auditRow(ctx, { action: '', entity: '' });
      // No staff member or customer acts here: the trail names the provider.
      const audit = { ...base, actorId: null, actorUsername: `payments:${provider.name}` };
      if (event.kind === 'refund') {
        const duplicate = await db.transaction((tx) =>
          payouts.applyEvent(tx, provider.name, event, ctx),
        );
        return { received: true as const, duplicate };
      }
      const { duplicate, late } = await db.transaction(async (tx) => {
        const payment = await repo.claimEvent(tx, { provider: provider.name, event, at, audit });
        if (!payment) return { duplicate: true, late: null };
        if (payment.failed) return { duplicate: false, late: null };
        if (payment.purpose === 'topup') {
          await creditTopup(tx, ctx, {
            tenantId: payment.tenantId,
            customerId: payment.customerId!,
            paymentId: payment.id,
            amount: payment.amount,
            method: payment.method,
            provider: provider.name,
            eventId: event.eventId,
          });
          return { duplicate: false, late: null };
        }
        const orderId = payment.orderId!;
        const recorded = await orders.recordOnlinePayment(tx, {
          tenantId: payment.tenantId,
          orderId,
          amount: payment.amount,
          method: payment.method,
          reference: `${provider.name}:${payment.id}`,
          provider: provider.name,
          at,
          byName: `Online payment (${provider.name})`,
          audit: {
            ...audit,
            tenantId: payment.tenantId,
            entity: 'order',
            entityId: orderId,
            after: { payment_id: payment.id, provider: provider.name, event_id: event.eventId },
          },
        });
        const owed = { tenantId: payment.tenantId, orderId };
        return {
          duplicate: false,
          late: recorded.owedBack
            ? { ...owed, paymentId: payment.id, amount: payment.amount }
            : null,
        };
      });
      if (late) await orders.refundLatePayment(ctx, late);
      return { received: true as const, duplicate };
    },

    providerNames: () => [...byName.keys()] as PaymentProviderName[],
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
