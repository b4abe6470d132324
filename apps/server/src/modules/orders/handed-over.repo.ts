import { isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/orders';
import { ownedWhere } from '../../db/tenant-scope';

// Handing a ready order over: one conditional write, so the moment is recorded exactly once
// however many boards tap at the same time.

/**
 * Sets the handed-over moment of a COMPLETED order not handed over yet. Answers the order's
 * outlet and number, or null when nothing was written (not ready, or handed over already).
 */
export async function markHandedOver(
  tx: Db,
  values: { tenantId: string; orderId: string; at: Date; byUserId: string; byName: string },
) {
  const [row] = await tx
    .update(orders)
    .set({
      handedOverAt: values.at,
      handedOverBy: values.byUserId,
      handedOverByName: values.byName,
    })
    .where(
      ownedWhere(
        orders,
        values.tenantId,
        { id: values.orderId, status: 'COMPLETED' },
        isNull(orders.handedOverAt),
      ),
    )
    .returning({ outletId: orders.outletId, orderNo: orders.orderNo });
  return row ?? null;
}
