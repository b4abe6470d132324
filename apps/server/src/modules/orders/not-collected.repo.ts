import { isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/orders';
import { updateReadyOrder } from './handed-over.repo';

// Clearing a ready order from the board as never collected: one conditional write, so the
// manager's reason is recorded exactly once however many boards clear it at the same time.

/**
 * Marks a COMPLETED order neither handed over nor cleared yet as not collected. Answers the
 * order's outlet and number, or null when nothing was written (not ready, handed over, or cleared
 * already).
 */
export const markNotCollected = (
  tx: Db,
  values: {
    tenantId: string;
    orderId: string;
    at: Date;
    byUserId: string;
    byName: string;
    reason: string;
  },
) =>
  updateReadyOrder(
    tx,
    values.tenantId,
    values.orderId,
    {
      notCollectedAt: values.at,
      notCollectedBy: values.byUserId,
      notCollectedByName: values.byName,
      notCollectedReason: values.reason,
    },
    isNull(orders.notCollectedAt),
  );
