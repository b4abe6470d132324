import {
  idParamSchema,
  refundableSchema,
  refundCreateSchema,
  refundExportQuerySchema,
  refundListQuerySchema,
  refundMoveSchema,
  refundSchema,
  refundStatusCountsSchema,
  refundSummarySchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { collectionRoutes } from '../../lib/collection-routes';
import { IMAGE_MAX_BYTES } from '../../lib/images';
import { itemRoutes } from '../../lib/item-routes';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { keyedRoutes } from '../../lib/keyed-routes';
import { defineRoutes } from '../../lib/route-kit';
import { readUploadedFile, registerMultipart } from '../../lib/upload-file';
import type { RefundService } from './refunds.service';

// DESIGN §8 /api/refunds (the contract's refunds.ts lists the paths and permissions). A move's
// own permission (refundMovePermission), separation of duties and the manager's limit are the
// service's checks. Staff bound to an outlet only reach that outlet's refunds (else 404).

export async function refundRoutes(app: FastifyInstance, { service }: { service: RefundService }) {
  const route = defineRoutes(app, { tags: ['refunds'], context: authedContextOf });
  const keyed = keyedRoutes(route, service);
  const refunds = resourceRoutes(route, '/refunds', service, 'order');
  const refundList = collectionRoutes(route, '/refunds', service);
  const order = itemRoutes(route, '/orders', service);
  const refund = itemRoutes(route, '/refunds', service, { methods: { status: 'move' } });
  await registerMultipart(app, IMAGE_MAX_BYTES);

  refunds.list(
    'Refunds: q (refund or order number), status, method, outlet_id (404 when not the caller’s), from/to (request day); sort created|amount|refund_no ("-" descending, default -created)',
    refundListQuerySchema,
    refundSummarySchema,
  );

  refundList.get(
    'status-counts',
    'read-order',
    'How many refunds each status has under the list’s filters (the status tabs)',
    refundStatusCountsSchema,
    refundExportQuerySchema,
  );

  refundList.export(
    'read-order',
    'The filtered refund list as CSV in lang (default English), amounts in ringgit',
    refundExportQuerySchema,
  );

  refunds.get(
    'One refund with items, history, the moves the caller may make and the bank account (masked without transfer-refund)',
    refundSchema,
  );

  keyed.create('/refunds', 'create-order', 'create', {
    summary:
      'Ask for a refund (Idempotency-Key required): items, full or amount, never more than the order has left to give (in total and per payment method); lands PENDING',
    body: refundCreateSchema,
    data: refundSchema,
  });

  refund.post(
    'status',
    'read-order',
    'Move a refund along DESIGN §4 with the permission refundMovePermission names; 403 refund_own_request / refund_above_manager_limit, 409 invalid_status_transition',
    refundSchema,
    refundMoveSchema,
  );

  route.download('/refunds/:id/proof', {
    config: { permission: 'transfer-refund' },
    summary:
      'The bank transfer’s proof (WebP shown inline, or a PDF to save): a private file, only for those who record transfers',
    params: idParamSchema,
    handler: (ctx, { params }) => service.proof(ctx, params.id),
  });

  route.post('/refunds/:id/proof', {
    config: { permission: 'transfer-refund', idempotency: false },
    summary:
      'The bank transfer’s proof (multipart "file"; JPEG, PNG or WebP, stored as WebP, or a PDF kept as sent; ≤ 2 MB, checked by content)',
    consumes: ['multipart/form-data'],
    params: idParamSchema,
    data: refundSchema,
    handler: async (ctx, request) =>
      service.setProof(ctx, request.params.id, await readUploadedFile(request, IMAGE_MAX_BYTES)),
  });

  order.get(
    'refundable',
    'read-order',
    'What a new refund of the order may still take, per item and per payment method',
    refundableSchema,
  );
}
