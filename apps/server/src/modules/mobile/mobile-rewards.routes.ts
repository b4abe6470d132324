import { idParamSchema, mobileRewardExchangeSchema, mobileRewardsSchema } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { defineRoutes, idempotencyKeyOf } from '../../lib/route-kit';
import type { AppFeatureService } from '../app-features/app-features.service';
import type { RewardExchangeService } from '../voucher-rewards/reward-exchange.service';
import { customerLimits } from './mobile-limits';
import { customerContextOf } from './mobile-tenant';

// The customer app's points rewards (DESIGN §8 /api/mobile/…, a customer session): what my points
// can buy now, and exchanging points for a reward's voucher code. Both need the app's `vouchers`
// switch on, as the codes they lead to do.

export interface MobileRewardRoutesOptions {
  service: RewardExchangeService;
  /** Writes per customer per minute (reads get five times as many). */
  customerRateLimit: number;
  features: Pick<AppFeatureService, 'require'>;
}

export async function mobileRewardRoutes(app: FastifyInstance, options: MobileRewardRoutesOptions) {
  const { service, features } = options;
  const route = defineRoutes(app, { tags: ['mobile app'], context: customerContextOf });
  const { customerWrite, customerRead } = customerLimits(options.customerRateLimit);

  route.get('/mobile/rewards', {
    config: customerRead,
    summary:
      'Rewards I can exchange points for now (active, in their period, stock left) and my points; app_feature_off while the app’s vouchers are switched off',
    data: mobileRewardsSchema,
    handler: async ({ customer }) => {
      await features.require(customer.tenantId, null, ['vouchers']);
      return service.available(customer);
    },
  });

  route.create('/mobile/rewards/:id/exchange', {
    config: { ...customerWrite, idempotency: 'required' },
    summary:
      'Exchange points for the reward (Idempotency-Key required: one exchange per key): answers my new code, which then shows in my vouchers; 409 insufficient_points, reward_out_of_stock or reward_unavailable',
    params: idParamSchema,
    data: mobileRewardExchangeSchema,
    handler: async ({ customer, ctx }, request) => {
      await features.require(customer.tenantId, null, ['vouchers']);
      const key = idempotencyKeyOf(request);
      if (!key) throw new AppError('idempotency_key_required');
      return service.exchange(customer, ctx, request.params.id, key);
    },
  });
}
