import { rewardInputSchema, rewardListQuerySchema, rewardSchema } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { RewardService } from './voucher-rewards.service';

// /api/voucher-rewards, subject reward (SPEC Voucher): the points rewards the customer app offers.

export async function rewardRoutes(app: FastifyInstance, { service }: { service: RewardService }) {
  const route = defineRoutes(app, { tags: ['vouchers'], context: authedContextOf });
  const rewards = resourceRoutes(route, '/voucher-rewards', service, 'reward');

  rewards.list(
    'Points rewards in display order; search the name, filter by status',
    rewardListQuerySchema,
    rewardSchema,
  );

  rewards.get('One points reward', rewardSchema);

  rewards.create(
    'Create a points reward: a voucher of unique codes (409 reward_voucher_not_unique otherwise), its points price, stock and period',
    rewardInputSchema,
    rewardSchema,
  );

  rewards.update(
    'Update a points reward (409 reward_stock_below_issued under what was exchanged)',
    rewardInputSchema,
    rewardSchema,
  );

  rewards.remove('Delete a reward never exchanged (409 reward_in_use otherwise: switch it off)');
}
