import {
  backgroundJobSchema,
  idParamSchema,
  text,
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

  route.list('/vouchers', {
    config: { permission: 'read-voucher' },
    summary:
      'Vouchers, newest first; search name or code, filter by state now, type, code kind, outlet',
    querystring: voucherListQuerySchema,
    item: voucherSchema,
    handler: (ctx, { query }) => service.list(ctx, query),
  });

  route.get('/vouchers/:id', {
    config: { permission: 'read-voucher' },
    summary: 'One voucher',
    params: idParamSchema,
    data: voucherSchema,
    handler: (ctx, { params }) => service.get(ctx, params.id),
  });

  route.create('/vouchers', {
    config: { permission: 'create-voucher' },
    summary: 'Create a voucher (a shared code, or unique codes generated next)',
    body: voucherInputSchema,
    data: voucherSchema,
    handler: (ctx, { body }) => service.create(ctx, body),
  });

  route.put('/vouchers/:id', {
    config: { permission: 'update-voucher' },
    summary:
      'Update a voucher (its code kind is fixed; the total limit cannot go below its redemptions)',
    params: idParamSchema,
    body: voucherInputSchema,
    data: voucherSchema,
    handler: (ctx, { params, body }) => service.update(ctx, params.id, body),
  });

  route.delete('/vouchers/:id', {
    config: { permission: 'delete-voucher' },
    summary: 'Delete a voucher never redeemed, with its codes (409 voucher_in_use otherwise)',
    params: idParamSchema,
    data: z.object({ id: text(), deleted: z.literal(true) }),
    handler: (ctx, { params }) => service.remove(ctx, params.id),
  });

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
