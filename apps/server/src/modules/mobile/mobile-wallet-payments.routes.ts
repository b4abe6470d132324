import { idParamSchema, mobileOrderSchema, mobilePaymentCodeSchema } from '@kopi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoutes } from '../../lib/route-kit';
import type { AppFeatureService } from '../app-features/app-features.service';
import type { PaymentCodeService } from '../loyalty/payment-codes.service';
import type { CustomerOrderService } from '../orders/customer-orders.service';
import { appLanguage, customerContextOf } from './mobile-tenant';
import { toMobileOrder } from './mobile-views';

// The customer app paying with its wallet (customer session, rate-limited per customer like the
// app's other writes):
//   POST /api/mobile/wallet/payment-code         a code the counter charges (60 s, once)
//   POST /api/mobile/orders/{id}/pay-with-wallet pays what an app order still owes from the wallet

export interface MobileWalletPaymentRoutesOptions {
  paymentCodes: PaymentCodeService;
  orders: CustomerOrderService;
  /** Writes per customer per minute. */
  customerRateLimit: number;
  /** Both need the app's wallet switched on (decision 041); the counter's charge does not ask. */
  features: Pick<AppFeatureService, 'require'>;
}

export async function mobileWalletPaymentRoutes(
  app: FastifyInstance,
  { paymentCodes, orders, customerRateLimit, features }: MobileWalletPaymentRoutesOptions,
) {
  const route = defineRoutes(app, { tags: ['mobile app'], context: customerContextOf });
  const customerWrite = {
    bearer: 'customer',
    rateLimit: {
      max: customerRateLimit,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) =>
        request.customer ? `customer:${request.customer.customerId}` : request.ip,
    },
  } as const;

  route.create('/mobile/wallet/payment-code', {
    config: customerWrite,
    summary:
      'A wallet payment code for the counter to charge (12 digits, and the QR text KOPIPAY:<digits>): valid 60 seconds, used once; refused for a blocked customer (customer_blocked)',
    data: mobilePaymentCodeSchema,
    handler: async ({ customer, ctx }) => {
      await features.require(customer.tenantId, null, ['wallet']);
      return paymentCodes.issue(customer, ctx);
    },
  });

  route.post('/mobile/orders/:id/pay-with-wallet', {
    config: customerWrite,
    summary:
      'Pay what a CREATED order still owes from the wallet (the order becomes PENDING): 409 insufficient_wallet_balance, customer_blocked, order_not_payable; nothing is taken when refused',
    params: idParamSchema,
    data: mobileOrderSchema,
    handler: async ({ customer, ctx }, request) => {
      await features.require(customer.tenantId, null, ['wallet']);
      return toMobileOrder(
        await orders.payWithWallet(customer, ctx, request.params.id),
        appLanguage(request),
      );
    },
  });
}
