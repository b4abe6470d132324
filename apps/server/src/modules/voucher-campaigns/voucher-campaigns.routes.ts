import {
  idParamSchema,
  voucherCampaignInputSchema,
  voucherCampaignListQuerySchema,
  voucherCampaignMoveSchema,
  voucherCampaignSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { VoucherCampaignService } from './voucher-campaigns.service';

// /api/voucher-campaigns, subject voucher-campaign (SPEC /voucher-campaign).

export async function voucherCampaignRoutes(
  app: FastifyInstance,
  { service }: { service: VoucherCampaignService },
) {
  const route = defineRoutes(app, { tags: ['voucher-campaigns'], context: authedContextOf });
  const campaigns = resourceRoutes(route, '/voucher-campaigns', service, 'voucher-campaign');

  campaigns.list(
    'Voucher campaigns, newest first; search the name, filter by status now',
    voucherCampaignListQuerySchema,
    voucherCampaignSchema,
  );

  campaigns.get(
    'One campaign, with its issued count and its issuing job’s progress',
    voucherCampaignSchema,
  );

  campaigns.create(
    'Create a campaign (a draft) of a voucher of unique codes',
    voucherCampaignInputSchema,
    voucherCampaignSchema,
  );

  campaigns.update(
    'Update a campaign while it is a draft or scheduled',
    voucherCampaignInputSchema,
    voucherCampaignSchema,
  );

  route.post('/voucher-campaigns/:id/status', {
    config: { permission: 'update-voucher-campaign' },
    summary: 'Move the status: schedule, unschedule, pause, resume or end (409 when refused)',
    params: idParamSchema,
    body: voucherCampaignMoveSchema,
    data: voucherCampaignSchema,
    handler: (ctx, { params, body }) => service.move(ctx, params.id, body.move),
  });

  campaigns.remove('Delete a draft campaign (409 voucher_campaign_not_draft otherwise)');
}
