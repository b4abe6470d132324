import { idParamSchema, listQuerySchema, pointsEntrySchema } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { PointsLedgerService } from './points-ledger.service';

// A customer's points ledger for staff, under the membership subject as the contract's loyalty.ts
// lists it (the web shows the points tab to those who may read membership).

export async function pointsLedgerRoutes(
  app: FastifyInstance,
  { points }: { points: PointsLedgerService },
) {
  const route = defineRoutes(app, { tags: ['membership'], context: authedContextOf });

  route.list('/customers/:id/points', {
    config: { permission: 'read-membership' },
    summary: 'A customer’s points ledger, newest first, with the order number of each entry',
    params: idParamSchema,
    querystring: listQuerySchema,
    item: pointsEntrySchema,
    handler: (ctx, { params, query }) => points.ledgerOf(ctx, params.id, query),
  });
}
