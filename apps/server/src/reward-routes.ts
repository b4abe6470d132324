import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { AppFeatureService } from './modules/app-features/app-features.service';
import { customerVoucherRoutes } from './modules/customers/customer-vouchers.routes';
import { createCustomerVoucherService } from './modules/customers/customer-vouchers.service';
import { mobileRewardRoutes } from './modules/mobile/mobile-rewards.routes';
import { createRewardExchangeService } from './modules/voucher-rewards/reward-exchange.service';
import { rewardRoutes } from './modules/voucher-rewards/voucher-rewards.routes';
import { createRewardService } from './modules/voucher-rewards/voucher-rewards.service';

// Points rewards on the API: the back office's reward list, the app's rewards and exchange, and
// the vouchers issued to a customer on the customer details page.

export interface RewardRouteDeps {
  db: Db;
  now: Clock;
  /** The app's `vouchers` switch the app's calls check (decision 041). */
  appFeatures: Pick<AppFeatureService, 'require'>;
  customerRateLimit: number;
}

export async function registerRewardRoutes(api: FastifyInstance, deps: RewardRouteDeps) {
  const { db, now } = deps;
  await api.register(rewardRoutes, { service: createRewardService({ db }) });
  await api.register(mobileRewardRoutes, {
    service: createRewardExchangeService({ db, now }),
    customerRateLimit: deps.customerRateLimit,
    features: deps.appFeatures,
  });
  await api.register(customerVoucherRoutes, {
    service: createCustomerVoucherService({ db, now }),
  });
}
