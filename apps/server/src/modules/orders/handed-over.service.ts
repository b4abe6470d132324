import type { Db } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { publishLiveEvent } from '../../lib/live-events';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { markHandedOver } from './handed-over.repo';
import * as repo from './orders.repo';

// POST /api/orders/{id}/handed-over: the customer got a ready order (pick-up called, table
// served). DESIGN §4 has ready and handed over in one status (COMPLETED), so this records a
// moment inside COMPLETED rather than a move: the order stays COMPLETED until the day closes it.
// The moment is written once; asking again answers the order as it is (the first moment), with
// no second audit entry or live event.

export const HANDED_OVER_EVENT = 'order.handed_over';

/**
 * Audits a moment written on a ready order (the audit action is the live event's type) and tells
 * the outlet's boards: the order, still COMPLETED, with the moment under `field`; `after` adds to
 * the audit entry.
 */
export async function recordReadyMoment(
  tx: Db,
  ctx: AuthedContext,
  row: { outletId: string; orderNo: string },
  moment: { orderId: string; type: string; field: string; at: Date; after?: object },
) {
  const at = moment.at.toISOString();
  await audit.record(tx, ctx, {
    action: moment.type,
    entity: 'order',
    entityId: moment.orderId,
    before: { status: 'COMPLETED', [moment.field]: null },
    after: { status: 'COMPLETED', [moment.field]: at, ...moment.after },
  });
  await publishLiveEvent(tx, {
    tenantId: tenantIdOf(ctx),
    outletId: row.outletId,
    type: moment.type,
    message: {
      id_order: moment.orderId,
      status: 'COMPLETED',
      outlet_id: row.outletId,
      order_no: row.orderNo,
      [moment.field]: at,
    },
  });
}

export function createHandedOverService({ db, now }: { db: Db; now: Clock }) {
  return {
    async handOver(ctx: AuthedContext, id: string): Promise<void> {
      const tenantId = tenantIdOf(ctx);
      const found = await repo.findById(db, tenantId, id, ctx.principal);
      if (!found) throw new AppError('not_found');
      if (found.order.handedOverAt) return;
      const notReady = () =>
        new AppError('invalid_status_transition', {
          message: `Only a ready order can be handed over; this one is ${found.order.status}`,
        });
      if (found.order.status !== 'COMPLETED') throw notReady();
      const at = now();
      const byName = found.callerName ?? ctx.principal.username;
      const written = await db.transaction(async (tx) => {
        const row = await markHandedOver(tx, {
          tenantId,
          orderId: id,
          at,
          byUserId: ctx.principal.userId,
          byName,
        });
        if (!row) return false;
        await recordReadyMoment(tx, ctx, row, {
          orderId: id,
          type: HANDED_OVER_EVENT,
          field: 'handed_over_at',
          at,
        });
        return true;
      });
      if (written) return;
      // Someone else wrote first (their moment stands) or the order left COMPLETED meanwhile.
      const again = await repo.findById(db, tenantId, id, ctx.principal);
      if (!again?.order.handedOverAt) throw notReady();
    },
  };
}
