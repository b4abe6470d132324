import { type Board, boardColumns, businessDate, type OrderStatus } from '@kopi/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as repo from './board.repo';
import { allowedStatuses, lineNames, toSummary } from './order-view';

// The status board (GET /api/orders/board): what the counter still has to make and hand over,
// with the outlets' amber/red thresholds. A ready order stays until it is handed over, a manager
// clears it as not collected, or the day close closes it, however long it waits.
/** A column never grows past this; the answer says how many it left out. */
export const BOARD_MAX_PER_COLUMN = 200;

export function createBoardService({ db, now }: { db: Db; now: Clock }) {
  return {
    async board(ctx: AuthedContext, outletId: string | undefined): Promise<Board> {
      const tenantId = tenantIdOf(ctx);
      const bound = ctx.principal.outletId;
      if (bound && outletId && outletId !== bound) throw new AppError('not_found');
      const only = outletId ?? bound;
      // Side by side: each reads only this tenant's rows of the outlet(s) in view.
      const [outlets, ...perColumn] = await Promise.all([
        repo.boardOutlets(db, tenantId, only),
        ...boardColumns.map((status) =>
          repo.boardColumnOrders(db, tenantId, only, status, BOARD_MAX_PER_COLUMN),
        ),
      ]);
      // An outlet asked for that is not the tenant's (or no longer exists).
      if (only && outlets.length === 0) throw new AppError('not_found');
      const notShown = (rows: repo.BoardOrderRow[]) => (rows[0]?.columnTotal ?? 0) - rows.length;
      const oldestFirst = perColumn
        .flat()
        .sort(
          (a, b) =>
            a.createdAt.getTime() - b.createdAt.getTime() ||
            (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        );
      const at = now();
      return {
        thresholds: outlets.map((o) => ({
          outlet_id: o.id,
          amber_minutes: o.amberMinutes,
          red_minutes: o.redMinutes,
          business_date: businessDate(at, o.timezone, o.cutoffHour),
        })),
        orders: oldestFirst.map((r) => ({
          ...toSummary(r),
          items: r.items.map((i) => ({
            id: i.id,
            ...lineNames(i),
            quantity: i.quantity,
            notes: i.notes,
          })),
          // Every order has a history row for its status; created_at is only a fallback.
          status_at: (r.statusAt ?? r.createdAt).toISOString(),
          allowed_statuses: allowedStatuses(ctx.principal, r.status as OrderStatus),
        })),
        not_shown: {
          PENDING: notShown(perColumn[0]!),
          APPROVED: notShown(perColumn[1]!),
          COMPLETED: notShown(perColumn[2]!),
        },
      };
    },
  };
}
