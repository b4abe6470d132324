import type { ListQuery, PointsEntry } from '@kopi/contract';
import type { Db } from '../../db/database';
import { reasonFields } from '../../lib/coded-reason';
import { AppError } from '../../lib/errors';
import { offsetOf, pageAnswer } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { memberOf } from './member-points.repo';
import * as repo from './points-ledger.repo';

// A customer's points ledger for staff (the customer details page's points tab): every earn,
// reversal, redemption, expiry, adjustment and reward with the balance after it.

const toPointsEntry = ({ entry, orderNo, orderDate }: repo.PointsPageRow): PointsEntry => ({
  id: entry.id,
  customer_id: entry.customerId,
  kind: entry.kind as PointsEntry['kind'],
  points: entry.points,
  balance_after: entry.balanceAfter,
  order_id: entry.orderId,
  order_no: orderNo,
  order_date: orderDate,
  ...reasonFields(entry),
  actor_kind: entry.actorKind as PointsEntry['actor_kind'],
  actor_name: entry.actorName,
  created_at: entry.createdAt.toISOString(),
});

export function createPointsLedgerService({ db }: { db: Db }) {
  return {
    /** GET /api/customers/{id}/points: newest first; 404 for a customer not the tenant's. */
    async ledgerOf(ctx: AuthedContext, customerId: string, q: ListQuery) {
      const tenantId = tenantIdOf(ctx);
      if (!(await memberOf(db, tenantId, customerId))) throw new AppError('not_found');
      const page = await repo.pointsPage(db, tenantId, customerId, q.page_size, offsetOf(q));
      return pageAnswer(q, page, toPointsEntry);
    },
  };
}

export type PointsLedgerService = ReturnType<typeof createPointsLedgerService>;
