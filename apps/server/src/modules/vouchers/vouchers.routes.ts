import {
  backgroundJobSchema,
  idParamSchema,
  voucherCodeBatchInputSchema,
  voucherCodeExportQuerySchema,
  voucherCodeListQuerySchema,
  voucherCodeRowSchema,
  voucherInputSchema,
  voucherListQuerySchema,
  voucherSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { VoucherCodeService } from './voucher-codes.service';
import type { VoucherService } from './vouchers.service';

// DESIGN §8 /api/vouchers, subject voucher (SPEC /voucher).

const jobParamsSchema = z.object({ id: z.uuid(), jobId: z.uuid() });

export async function voucherRoutes(
  app: FastifyInstance,
  { service, codes }: { service: VoucherService; codes: VoucherCodeService },
) {
  const route = defineRoutes(app, { tags: ['vouchers'], context: authedContextOf });
  const vouchers = resourceRoutes(route, '/vouchers', service, 'voucher');

  vouchers.list(
    'Vouchers, newest first; search name or code, filter by state now, type, code kind, outlet',
    voucherListQuerySchema,
    voucherSchema,
  );

  vouchers.get('One voucher', voucherSchema);

  vouchers.create(
    'Create a voucher (a shared code, or unique codes generated next)',
    voucherInputSchema,
    voucherSchema,
  );

  vouchers.update(
    'Update a voucher (its code kind is fixed; the total limit cannot go below its redemptions)',
    voucherInputSchema,
    voucherSchema,
  );

  vouchers.remove('Delete a voucher never redeemed, with its codes (409 voucher_in_use otherwise)');

  route.accepted('/vouchers/:id/codes', {
    config: { permission: 'update-voucher' },
    summary: 'Generate unique codes (1–100,000): answers 202 with the job; follow its progress',
    params: idParamSchema,
    body: voucherCodeBatchInputSchema,
    data: backgroundJobSchema,
    handler: (ctx, { params, body }) => codes.generate(ctx, params.id, body),
  });

  route.get('/vouchers/:id/codes/jobs/:jobId', {
    config: { permission: 'read-voucher' },
    summary: 'Progress of a code generation job: status, done and total',
    params: jobParamsSchema,
    data: backgroundJobSchema,
    handler: (ctx, { params }) => codes.job(ctx, params.id, params.jobId),
  });

  route.list('/vouchers/:id/codes', {
    config: { permission: 'read-voucher' },
    summary: 'The voucher’s unique codes in code order; search, redeemed or not',
    params: idParamSchema,
    querystring: voucherCodeListQuerySchema,
    item: voucherCodeRowSchema,
    handler: (ctx, { params, query }) => codes.list(ctx, params.id, query),
  });

  route.download('/vouchers/:id/codes/export', {
    config: { permission: 'read-voucher' },
    summary: 'Every unique code of the voucher as CSV (streamed), headers in `lang`',
    params: idParamSchema,
    querystring: voucherCodeExportQuerySchema,
    handler: (ctx, { params, query }) => codes.export(ctx, params.id, query.lang),
  });
}
