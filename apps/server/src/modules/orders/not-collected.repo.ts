import { isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/orders';
import { ownedWhere } from '../../db/tenant-scope';

// Clearing a ready order from the board as never collected: one conditional write, so the
// manager's reason is recorded exactly once however many boards clear it at the same time.

/**
 * Marks a COMPLETED order neither handed over nor cleared yet as not collected. Answers the
 * order's outlet and number, or null when nothing was written (not ready, handed over, or cleared
 * already).
 */
export async function markNotCollected(
  tx: Db,
  values: {
    tenantId: string;
    orderId: string;
    at: Date;
    byUserId: string;
    byName: string;
    reason: string;
  },
) {
  const [row] = await tx
    .update(orders)
    .set({
      notCollectedAt: values.at,
      notCollectedBy: values.byUserId,
      notCollectedByName: values.byName,
      notCollectedReason: values.reason,
    })
    .where(
      ownedWhere(
        orders,
        values.tenantId,
        { id: values.orderId, status: 'COMPLETED' },
        isNull(orders.handedOverAt),
        isNull(orders.notCollectedAt),
      ),
    )
    .returning({ outletId: orders.outletId, orderNo: orders.orderNo });
  return row ?? null;
}
