import {
  idParamSchema,
  rewardInputSchema,
  rewardListQuerySchema,
  rewardSchema,
  text,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { RewardService } from './voucher-rewards.service';

// /api/voucher-rewards, subject reward (SPEC Voucher): the points rewards the customer app offers.

export async function rewardRoutes(app: FastifyInstance, { service }: { service: RewardService }) {
  const route = defineRoutes(app, { tags: ['vouchers'], context: authedContextOf });

  route.list('/voucher-rewards', {
    config: { permission: 'read-reward' },
    summary: 'Points rewards in display order; search the name, filter by status',
    querystring: rewardListQuerySchema,
    item: rewardSchema,
    handler: (ctx, { query }) => service.list(ctx, query),
  });

  route.get('/voucher-rewards/:id', {
    config: { permission: 'read-reward' },
    summary: 'One points reward',
    params: idParamSchema,
    data: rewardSchema,
    handler: (ctx, { params }) => service.get(ctx, params.id),
  });

  route.create('/voucher-rewards', {
    config: { permission: 'create-reward' },
    summary:
      'Create a points reward: a voucher of unique codes (409 reward_voucher_not_unique otherwise), its points price, stock and period',
    body: rewardInputSchema,
    data: rewardSchema,
    handler: (ctx, { body }) => service.create(ctx, body),
  });

  route.put('/voucher-rewards/:id', {
    config: { permission: 'update-reward' },
    summary: 'Update a points reward (409 reward_stock_below_issued under what was exchanged)',
    params: idParamSchema,
    body: rewardInputSchema,
    data: rewardSchema,
    handler: (ctx, { params, body }) => service.update(ctx, params.id, body),
  });

  route.delete('/voucher-rewards/:id', {
    config: { permission: 'delete-reward' },
    summary: 'Delete a reward never exchanged (409 reward_in_use otherwise: switch it off)',
    params: idParamSchema,
    data: z.object({ id: text(), deleted: z.literal(true) }),
    handler: (ctx, { params }) => service.remove(ctx, params.id),
  });
}
