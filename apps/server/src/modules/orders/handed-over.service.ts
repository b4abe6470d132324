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
        await audit.record(tx, ctx, {
          action: 'order.handed_over',
          entity: 'order',
          entityId: id,
          before: { status: 'COMPLETED', handed_over_at: null },
          after: { status: 'COMPLETED', handed_over_at: at.toISOString() },
        });
        await publishLiveEvent(tx, {
          tenantId,
          outletId: row.outletId,
          type: HANDED_OVER_EVENT,
          message: {
            id_order: id,
            status: 'COMPLETED',
            outlet_id: row.outletId,
            order_no: row.orderNo,
            handed_over_at: at.toISOString(),
          },
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
