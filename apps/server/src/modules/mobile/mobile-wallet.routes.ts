import {
  mobileTopupSchema,
  mobileWalletEntriesQuerySchema,
  mobileWalletEntrySchema,
  mobileWalletSchema,
  paymentStartSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoutes } from '../../lib/route-kit';
import type { AppFeatureService } from '../app-features/app-features.service';
import type { WalletService } from '../loyalty/wallet.service';
import type { PaymentService } from '../payments/intents/payments.service';
import { customerLimits } from './mobile-limits';
import { customerContextOf } from './mobile-tenant';

// DESIGN §8 /api/mobile/wallet…: the signed-in customer's own wallet in the app — balance and
// top-up choices, ledger, and top-ups paid through a payment provider (Idempotency-Key
// required, as every write that moves money).

export interface MobileWalletRoutesOptions {
  wallet: WalletService;
  payments: PaymentService;
  /** Writes per customer per minute (reads get five times as many). */
  customerRateLimit: number;
  /** Top-ups need the app's wallet and wallet top-up switched on (decision 041). */
  features: Pick<AppFeatureService, 'require'>;
}

export async function mobileWalletRoutes(app: FastifyInstance, options: MobileWalletRoutesOptions) {
  const { wallet, payments, features } = options;
  const route = defineRoutes(app, { tags: ['mobile app'], context: customerContextOf });
  const { customerWrite, customerRead } = customerLimits(options.customerRateLimit);

  route.get('/mobile/wallet', {
    config: customerRead,
    summary:
      'The customer’s wallet: balance, the tenant’s maximum balance and top-up presets (sen)',
    data: mobileWalletSchema,
    handler: ({ customer }) => wallet.mine(customer),
  });

  route.list('/mobile/wallet/entries', {
    config: customerRead,
    summary: 'The customer’s wallet ledger, newest first',
    querystring: mobileWalletEntriesQuerySchema,
    item: mobileWalletEntrySchema,
    handler: ({ customer }, { query }) => wallet.myEntries(customer, query),
  });

  route.create('/mobile/wallet/topups', {
    config: { ...customerWrite, idempotency: 'required' },
    summary:
      'Top up the wallet (Idempotency-Key required): from RM 1, never past the maximum balance (409 wallet_balance_limit); a blocked customer is refused (customer_blocked), and so is everyone while the app’s wallet or wallet top-up is switched off (app_feature_off). The sandbox answers the signed callback its pretend bank sends; posting it credits the wallet once',
    body: mobileTopupSchema,
    data: paymentStartSchema,
    handler: async ({ customer, ctx }, { body }) => {
      await features.require(customer.tenantId, null, ['wallet', 'wallet_top_up']);
      return payments.startTopup(customer, ctx, body);
    },
  });
}
