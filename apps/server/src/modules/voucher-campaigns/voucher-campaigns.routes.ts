import {
  idParamSchema,
  text,
  voucherCampaignInputSchema,
  voucherCampaignListQuerySchema,
  voucherCampaignMoveSchema,
  voucherCampaignSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { VoucherCampaignService } from './voucher-campaigns.service';

// /api/voucher-campaigns, subject voucher-campaign (SPEC /voucher-campaign).

export async function voucherCampaignRoutes(
  app: FastifyInstance,
  { service }: { service: VoucherCampaignService },
) {
  const route = defineRoutes(app, { tags: ['voucher-campaigns'], context: authedContextOf });

  route.list('/voucher-campaigns', {
    config: { permission: 'read-voucher-campaign' },
    summary: 'Voucher campaigns, newest first; search the name, filter by status now',
    querystring: voucherCampaignListQuerySchema,
    item: voucherCampaignSchema,
    handler: (ctx, { query }) => service.list(ctx, query),
  });

  route.get('/voucher-campaigns/:id', {
    config: { permission: 'read-voucher-campaign' },
    summary: 'One campaign, with its issued count and its issuing job’s progress',
    params: idParamSchema,
    data: voucherCampaignSchema,
    handler: (ctx, { params }) => service.get(ctx, params.id),
  });

  route.create('/voucher-campaigns', {
    config: { permission: 'create-voucher-campaign' },
    summary: 'Create a campaign (a draft) of a voucher of unique codes',
    body: voucherCampaignInputSchema,
    data: voucherCampaignSchema,
    handler: (ctx, { body }) => service.create(ctx, body),
  });

  route.put('/voucher-campaigns/:id', {
    config: { permission: 'update-voucher-campaign' },
    summary: 'Update a campaign while it is a draft or scheduled',
    params: idParamSchema,
    body: voucherCampaignInputSchema,
    data: voucherCampaignSchema,
    handler: (ctx, { params, body }) => service.update(ctx, params.id, body),
  });

  route.post('/voucher-campaigns/:id/status', {
    config: { permission: 'update-voucher-campaign' },
    summary: 'Move the status: schedule, unschedule, pause, resume or end (409 when refused)',
    params: idParamSchema,
    body: voucherCampaignMoveSchema,
    data: voucherCampaignSchema,
    handler: (ctx, { params, body }) => service.move(ctx, params.id, body.move),
  });

  route.delete('/voucher-campaigns/:id', {
    config: { permission: 'delete-voucher-campaign' },
    summary: 'Delete a draft campaign (409 voucher_campaign_not_draft otherwise)',
    params: idParamSchema,
    data: z.object({ id: text(), deleted: z.literal(true) }),
    handler: (ctx, { params }) => service.remove(ctx, params.id),
  });
}
