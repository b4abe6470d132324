import { isNull, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/orders';
import { ownedWhere } from '../../db/tenant-scope';

// Handing a ready order over: one conditional write, so the moment is recorded exactly once
// however many boards tap at the same time.

/**
 * Writes `values` on the tenant's COMPLETED order `orderId` not handed over yet (and matching
 * `also`). Answers the order's outlet and number, or null when nothing was written.
 */
export async function updateReadyOrder(
  tx: Db,
  tenantId: string,
  orderId: string,
  values: PgUpdateSetSource<typeof orders>,
  ...also: SQL[]
) {
  const [row] = await tx
    .update(orders)
    .set(values)
    .where(
      ownedWhere(
        orders,
        tenantId,
        { id: orderId, status: 'COMPLETED' },
        isNull(orders.handedOverAt),
        ...also,
      ),
    )
    .returning({ outletId: orders.outletId, orderNo: orders.orderNo });
  return row ?? null;
}

/**
 * Sets the handed-over moment of a COMPLETED order not handed over yet. Answers the order's
 * outlet and number, or null when nothing was written (not ready, or handed over already).
 */
export const markHandedOver = (
  tx: Db,
  values: { tenantId: string; orderId: string; at: Date; byUserId: string; byName: string },
) =>
  updateReadyOrder(tx, values.tenantId, values.orderId, {
    handedOverAt: values.at,
    handedOverBy: values.byUserId,
    handedOverByName: values.byName,
  });
