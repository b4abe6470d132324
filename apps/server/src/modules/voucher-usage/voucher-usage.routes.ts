import {
  campaignUsageQuerySchema,
  campaignUsageSchema,
  idParamSchema,
  voucherUsageDailyExportQuerySchema,
  voucherUsageDailyQuerySchema,
  voucherUsageDailySchema,
  voucherUsageLatestQuerySchema,
  voucherUsageOngoingExportQuerySchema,
  voucherUsageOngoingSchema,
  voucherUsageRedemptionSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { collectionRoutes } from '../../lib/collection-routes';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { VoucherUsageService } from './voucher-usage.service';

// DESIGN §8 /api/voucher-campaigns/…/usage, subject voucher-campaign (SPEC §2 /voucher-campaign:
// daily usage, latest usage, ongoing campaigns). Read only; staff bound to an outlet see theirs.

export async function voucherUsageRoutes(
  app: FastifyInstance,
  { service }: { service: VoucherUsageService },
) {
  const route = defineRoutes(app, { tags: ['voucher-campaigns'], context: authedContextOf });
  const read = { permission: 'read-voucher-campaign' };
  const usage = collectionRoutes(route, '/voucher-campaigns/usage', service);

  route.get('/voucher-campaigns/usage/daily', {
    config: read,
    summary:
      'Voucher figures per business day of a range (at most 366): redemptions, discount given, sales with a voucher, give-backs and refunds',
    querystring: voucherUsageDailyQuerySchema,
    data: voucherUsageDailySchema,
    handler: (ctx, { query }) => service.dailyUsage(ctx, query),
  });

  route.download('/voucher-campaigns/usage/daily/export', {
    config: read,
    summary: 'The daily voucher figures as a CSV or XLSX file (amounts in ringgit)',
    querystring: voucherUsageDailyExportQuerySchema,
    handler: (ctx, { query }) => service.dailyExport(ctx, query),
  });

  usage.get(
    'latest',
    read,
    'The newest redemptions, given-back ones included; customer names in full only with read-customer',
    z.array(voucherUsageRedemptionSchema),
    voucherUsageLatestQuerySchema,
  );

  usage.get(
    'ongoing',
    read,
    'Campaigns running now with issued, redeemed, redemption rate, discount given, sales driven and days left',
    z.array(voucherUsageOngoingSchema),
  );

  route.download('/voucher-campaigns/usage/ongoing/export', {
    config: read,
    summary: 'The running campaigns’ figures as a CSV or XLSX file',
    querystring: voucherUsageOngoingExportQuerySchema,
    handler: (ctx, { query }) => service.ongoingExport(ctx, query),
  });

  route.get('/voucher-campaigns/:id/usage', {
    config: read,
    summary: "One campaign's voucher figures by business day (by default its days so far)",
    params: idParamSchema,
    querystring: campaignUsageQuerySchema,
    data: campaignUsageSchema,
    handler: (ctx, { params, query }) => service.campaignUsage(ctx, params.id, query),
  });
}
