import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { recordReadyMoment } from './handed-over.service';
import { markNotCollected } from './not-collected.repo';
import * as repo from './orders.repo';

// POST /api/orders/{id}/not-collected: a manager clears a ready order the customer never came
// for, with a reason. A ready order otherwise stays on the board until it is handed over or the
// day close closes it, so this is the only other way off the board. Like handing over
// (decision 036) it is a moment inside COMPLETED, written once: asking again answers the order as
// it is (the first reason stands), with no second audit entry or live event.

export const NOT_COLLECTED_EVENT = 'order.not_collected';

export function createNotCollectedService({ db, now }: { db: Db; now: Clock }) {
  return {
    async clear(ctx: AuthedContext, id: string, reason: string): Promise<void> {
      const tenantId = tenantIdOf(ctx);
      const found = await repo.findById(db, tenantId, id, ctx.principal);
      if (!found) throw new AppError('not_found');
      if (found.order.notCollectedAt) return;
      const refused = (status: string, handedOver: boolean) =>
        new AppError('invalid_status_transition', {
          message: handedOver
            ? 'This order was handed over: it was collected'
            : `Only a ready order can be marked not collected; this one is ${status}`,
        });
      if (found.order.status !== 'COMPLETED' || found.order.handedOverAt) {
        throw refused(found.order.status, Boolean(found.order.handedOverAt));
      }
      const at = now();
      const byName = found.callerName ?? ctx.principal.username;
      const written = await db.transaction(async (tx) => {
        const row = await markNotCollected(tx, {
          tenantId,
          orderId: id,
          at,
          byUserId: ctx.principal.userId,
          byName,
          reason,
        });
        if (!row) return false;
        await recordReadyMoment(tx, ctx, row, {
          orderId: id,
          type: NOT_COLLECTED_EVENT,
          field: 'not_collected_at',
          at,
          after: { reason },
        });
        return true;
      });
      if (written) return;
      // Someone else cleared it first (their reason stands), or it was handed over or left
      // COMPLETED meanwhile.
      const again = await repo.findById(db, tenantId, id, ctx.principal);
      if (!again) throw new AppError('not_found');
      if (!again.order.notCollectedAt) {
        throw refused(again.order.status, Boolean(again.order.handedOverAt));
      }
    },
  };
}
