import type { IncomingHttpHeaders } from 'node:http';
import {
  type MobilePayRequest,
  mobilePayRequestSchema,
  type MobileTopup,
  onlinePaymentMethods,
  type PaymentOption,
  type PaymentProviderName,
  type PaymentStart,
} from '@kopi/contract';
import type { Db } from '../../../db/database';
import { audit, auditRow } from '../../../lib/audit';
import type { Clock } from '../../../lib/clock';
import { byCustomer, type CustomerPrincipal } from '../../../lib/customer-principal';
import { AppError } from '../../../lib/errors';
import type { RequestContext } from '../../../lib/request-context';
import { checkTopup, creditTopup } from '../../loyalty/wallet.service';
import type { CustomerOrderService } from '../../orders/customer-orders.service';
import { fieldsOf } from './callback-fields';
import { createGatewayNotifications, type NotificationAnswer } from './gateway-notifications';
import type { GatewayClient } from '../accounts/gateways/gateway-provider';
import type { PaymentEvent, PaymentProvider, PaymentRequest } from './payment-provider';
import type { PaymentGatewayService } from '../accounts/payment-gateways.service';
import * as repo from './payments.repo';
import type { RefundPayouts, RefundSettledHook } from '../refund-payouts/refund-payouts.service';

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
  /** The refunds service's settleByProvider, for a refund callback that settles a refund. */
  settleRefund: RefundSettledHook;
  /** Each business's gateways (Billplz…): payments started and verified with its own account. */
  gateways: PaymentGatewayService;
}

/**
 * How long a started top-up counts against the wallet's maximum while its payment is awaited:
 * longer than a gateway's checkout stays open, short enough that an abandoned one soon frees room.
 */
export const TOPUP_IN_FLIGHT_MINUTES = 30;

/** The customer's app top-ups still being paid (sen), as a counter top-up counts them too. */
export const pendingTopups = (tx: Db, tenantId: string, customerId: string) =>
  repo.pendingTopupSum(tx, tenantId, customerId, TOPUP_IN_FLIGHT_MINUTES);

/** The method of a payment request naming none (the contract's default). */
const BARE_REQUEST_METHOD = mobilePayRequestSchema.parse({}).method;

/** Which of a gateway's served kinds an app payment method is: DuitNow QR pays as an e-wallet. */
const gatewayMethodOf = (method: string) =>
  method === 'card' || method === 'fpx' ? method : 'ewallet';

export function createPaymentService({
  db,
  now,
  providers,
  orders,
  payouts,
  settleRefund,
  gateways,
}: PaymentServiceDeps) {
  const byName = new Map(providers.map((p) => [p.name as string, p]));
  const providerOf = (name: string) => {
    const provider = byName.get(name);
    if (!provider) throw new AppError('payment_provider_unavailable');
    return provider;
  };

  /** Who takes a payment: the built-in provider, or the business's own gateway account. */
  type Payer =
    | { name: PaymentProviderName; provider: PaymentProvider; gateway: null }
    | { name: PaymentProviderName; provider: null; gateway: GatewayClient };
  async function payerOf(
    tenantId: string,
    asked: string | undefined,
    method: string,
  ): Promise<Payer> {
    const name = asked ?? (await defaultProviderOf(tenantId, method));
    if (!gateways.isGateway(name)) {
      return { name: providerOf(name).name, provider: providerOf(name), gateway: null };
    }
    const { client, methods } = await gateways.connectFor(tenantId, name);
    if (!methods.includes(gatewayMethodOf(method))) {
      throw new AppError('payment_provider_unavailable');
    }
    return { name: name as PaymentProviderName, provider: null, gateway: client };
  }

  /** A payment naming no provider goes to the first listed that takes its method. */
  const takerOf = (options: PaymentOption[], method: string) =>
    options.find((o) => (o.methods as string[]).includes(method));

  /**
   * Who takes the app's payments, in the order a payment naming no provider looks for one: the
   * business's default gateway, its other switched-on gateways, then the built-in providers.
   * `is_default` is the business's default gateway; with none marked, it is whoever a payment
   * naming neither provider nor method goes to, so the app is never told otherwise.
   */
  async function optionsOf(tenantId: string): Promise<PaymentOption[]> {
    const takers = await gateways.takers(tenantId);
    const own = takers.map((g) => ({
      provider: g.provider,
      methods: onlinePaymentMethods.filter((m) => g.methods.includes(gatewayMethodOf(m))),
      is_default: g.isDefault,
    }));
    const builtIn = [...byName.keys()].map((provider) => ({
      provider,
      methods: [...onlinePaymentMethods],
      is_default: false,
    }));
    const options = [...own, ...builtIn] as PaymentOption[];
    if (!options.some((o) => o.is_default)) {
      const bare = takerOf(options, BARE_REQUEST_METHOD) ?? options[0];
      if (bare) bare.is_default = true;
    }
    return options;
  }

  async function defaultProviderOf(tenantId: string, method: string): Promise<string> {
    const taker = takerOf(await optionsOf(tenantId), method);
    if (!taker) throw new AppError('payment_provider_unavailable');
    return taker.provider;
  }

  /** Asks the provider to start the intent's payment; the app's answer while it is pending. */
  async function begin(
    payer: Payer,
    customer: CustomerPrincipal,
    request: PaymentRequest,
  ): Promise<PaymentStart> {
    const pending = {
      payment_id: request.paymentId,
      provider: payer.name,
      method: request.method,
      amount: request.amount,
      status: 'pending' as const,
    };
    if (payer.gateway) {
      const started = await payer.gateway.createPayment({
        paymentId: request.paymentId,
        amount: request.amount,
        currency: 'MYR',
        description: request.orderId ? 'Kopi order' : 'Kopi wallet top-up',
        customer: { name: customer.name, phone: customer.phone, email: null },
      });
      await repo.setProviderRef(db, customer.tenantId, request.paymentId, started.reference);
      return {
        ...pending,
        redirect_url: started.redirectUrl,
        instructions: started.redirectUrl
          ? "Pay on the gateway's page; the order is paid once the gateway confirms it."
          : 'Confirm the payment in the app; the order is paid once the gateway confirms it.',
        ...(started.clientSecret ? { client_secret: started.clientSecret } : {}),
        sandbox_callback: null,
      };
    }
    const started = await payer.provider.createPayment(request);
    return {
      ...pending,
      redirect_url: started.redirectUrl,
      instructions: started.instructions,
      sandbox_callback: started.sandboxCallback,
    };
  }

  /** Applies a verified payment event once: pays the order (or credits the top-up). */
  async function applyPayment(providerName: string, event: PaymentEvent, ctx: RequestContext) {
    const at = now();
    const base = auditRow(ctx, { action: '', entity: '' });
    // No staff member or customer acts here: the trail names the provider.
    const audit = { ...base, actorId: null, actorUsername: `payments:${providerName}` };
    const { duplicate, late } = await db.transaction(async (tx) => {
      const payment = await repo.claimEvent(tx, { provider: providerName, event, at, audit });
      if (!payment) return { duplicate: true, late: null };
      if (payment.failed) return { duplicate: false, late: null };
      if (payment.purpose === 'topup') {
        await creditTopup(tx, ctx, {
          tenantId: payment.tenantId,
          customerId: payment.customerId!,
          paymentId: payment.id,
          amount: payment.amount,
          method: payment.method,
          provider: providerName,
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
        reference: `${providerName}:${payment.id}`,
        provider: providerName,
        at,
        byName: `Online payment (${providerName})`,
        audit: {
          ...audit,
          tenantId: payment.tenantId,
          entity: 'order',
          entityId: orderId,
          after: { payment_id: payment.id, provider: providerName, event_id: event.eventId },
        },
      });
      const owed = { tenantId: payment.tenantId, orderId };
      return {
        duplicate: false,
        late: recorded.owedBack ? { ...owed, paymentId: payment.id, amount: payment.amount } : null,
      };
    });
    if (late) await orders.refundLatePayment(ctx, late);
    return { received: true as const, duplicate };
  }

  const notifications = createGatewayNotifications({ db, gateways, applyPayment });

  return {
    /** Starts paying what a customer's order still owes. */
    async start(
      customer: CustomerPrincipal,
      ctx: RequestContext,
      orderId: string,
      input: MobilePayRequest,
    ): Promise<PaymentStart> {
      const payer = await payerOf(customer.tenantId, input.provider, input.method);
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
          provider: payer.name,
          method: input.method,
          amount: owed,
        });
        await audit.record(tx, ctx, {
          action: 'payment.start',
          entity: 'order',
          entityId: orderId,
          ...byCustomer(customer),
          after: {
            payment_id: row.id,
            provider: payer.name,
            method: input.method,
            amount: owed,
          },
        });
        return row;
      });
      return begin(payer, customer, {
        paymentId: intent.id,
        orderId,
        amount: owed,
        method: input.method,
        sandboxOutcome: input.sandbox_outcome,
      });
    },

    /**
     * Starts a top-up of the customer's own wallet: refused for a blocked customer and when the
     * balance, the customer's top-ups still being paid and this one pass the tenant's maximum;
     * the callback credits it.
     */
    async startTopup(
      customer: CustomerPrincipal,
      ctx: RequestContext,
      input: MobileTopup,
    ): Promise<PaymentStart> {
      const payer = await payerOf(customer.tenantId, input.provider, input.method);
      const { tenantId, customerId } = customer;
      const intent = await db.transaction(async (tx) => {
        await checkTopup(tx, tenantId, customerId, input.amount, () =>
          repo.pendingTopupSum(tx, tenantId, customerId, TOPUP_IN_FLIGHT_MINUTES),
        );
        const row = await repo.insertTopupIntent(tx, {
          tenantId,
          customerId,
          provider: payer.name,
          method: input.method,
          amount: input.amount,
        });
        await audit.record(tx, ctx, {
          action: 'payment.start',
          entity: 'customer',
          entityId: customerId,
          ...byCustomer(customer),
          after: {
            payment_id: row.id,
            purpose: 'topup',
            provider: payer.name,
            method: input.method,
            amount: input.amount,
          },
        });
        return row;
      });
      return begin(payer, customer, {
        paymentId: intent.id,
        orderId: null,
        amount: input.amount,
        method: input.method,
        sandboxOutcome: input.sandbox_outcome,
      });
    },

    /**
     * A provider's callback: verified by the provider, applied once. A payment that arrives for
     * an order no longer waiting for it (cancelled meanwhile, or paid twice) is asked back. A
     * gateway may want its own acknowledgement instead of the JSON result.
     */
    async callback(
      providerName: string,
      rawBody: string,
      headers: IncomingHttpHeaders,
      ctx: RequestContext,
    ): Promise<NotificationAnswer> {
      if (gateways.isGateway(providerName)) {
        const fields = fieldsOf(rawBody, headers);
        return notifications.notify(
          providerName,
          { via: 'callback', fields, rawBody, headers },
          ctx,
        );
      }
      const provider = byName.get(providerName);
      if (!provider) throw new AppError('not_found');
      const event = await provider.verifyCallback(rawBody, headers);
      if (event.kind === 'refund') {
        const duplicate = await db.transaction((tx) =>
          payouts.applyEvent(tx, provider.name, event, ctx, settleRefund),
        );
        return { result: { received: true, duplicate }, acknowledgement: null };
      }
      return { result: await applyPayment(provider.name, event, ctx), acknowledgement: null };
    },

    /**
     * The customer's browser back from a gateway (a query string, or a form some gateways post):
     * a hint, confirmed by a status query unless signed as final.
     */
    async returned(
      providerName: string,
      fields: Record<string, string>,
      headers: IncomingHttpHeaders,
      ctx: RequestContext,
    ) {
      if (!gateways.isGateway(providerName)) throw new AppError('not_found');
      const { result, outcome } = await notifications.notify(
        providerName,
        { via: 'return', fields, rawBody: '', headers },
        ctx,
      );
      return { result, outcome };
    },

    /** Who takes the app's payments and which methods each takes, the default first. */
    options: (customer: CustomerPrincipal): Promise<PaymentOption[]> =>
      optionsOf(customer.tenantId),

    /** The browser back from a gateway that posts it (iPay88, Fiuu): the same as `returned`. */
    returnedForm(
      providerName: string,
      rawBody: string,
      headers: IncomingHttpHeaders,
      ctx: RequestContext,
    ) {
      return this.returned(providerName, fieldsOf(rawBody, headers), headers, ctx);
    },

    /** The self-submitting form handing the browser to iPay88 for a still-pending payment. */
    checkoutPage: (providerName: string, paymentId: string) =>
      notifications.checkoutPage(providerName, paymentId),

    providerNames: () => [...byName.keys()] as PaymentProviderName[],
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
