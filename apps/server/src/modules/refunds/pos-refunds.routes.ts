import {
  counterRefundSchema,
  receiptLookupQuerySchema,
  receiptMatchSchema,
  refundSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import { keyedRoutes } from '../../lib/keyed-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { PosRefundService } from './pos-refunds.service';

// Refunds at the POS (the contract's pos-refunds.ts). The till's own permission (create-pos); the
// refund's approval is a manager's PIN in the request, checked by the service. Staff bound to an
// outlet only reach that outlet's receipts (else 404).

export async function posRefundRoutes(
  app: FastifyInstance,
  { service }: { service: PosRefundService },
) {
  const route = defineRoutes(app, { tags: ['pos'], context: authedContextOf });
  const keyed = keyedRoutes(route, service);

  route.get('/pos/receipts', {
    config: { permission: 'create-pos' },
    summary:
      'The outlet’s orders with a receipt number ("12", "KL01-0012") or scanned receipt code ("20261129-KL01-0012"), of one business day when `date` is given, the newest day first (at most 20)',
    querystring: receiptLookupQuerySchema,
    data: z.array(receiptMatchSchema),
    handler: (ctx, { query }) => service.findReceipts(ctx, query),
  });

  keyed.create('/pos/refunds', 'create-pos', 'refund', {
    summary:
      'A refund at the counter (Idempotency-Key required): asked, approved by the manager whose PIN `approval` carries (never the asker; 403 approval_required / approval_self / pin_wrong, the manager’s limit) and completed at once, cash from the asker’s open shift; original, cash or wallet as the order’s payments allow (refundMethodsFor)',
    body: counterRefundSchema,
    data: refundSchema,
  });
}
