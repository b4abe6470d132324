import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { pointsEntries } from '../../db/schema/loyalty';
import { orders } from '../../db/schema/orders';
import { ownedBy } from '../../db/tenant-scope';

// Reading one customer's points ledger as staff see it: newest first, each entry with the number
// of the order it came from. Every query filters by tenant_id, the joined order's too.

const ofCustomer = (tenantId: string, customerId: string) =>
  and(ownedBy(pointsEntries, tenantId), eq(pointsEntries.customerId, customerId));

/** A page of the customer's entries with the order's number, and how many there are. */
export async function pointsPage(
  db: Db,
  tenantId: string,
  customerId: string,
  limit: number,
  offset: number,
) {
  const [rows, [count]] = await Promise.all([
    db
      .select({ entry: pointsEntries, orderNo: orders.orderNo, orderDate: orders.businessDate })
      .from(pointsEntries)
      .leftJoin(orders, and(eq(orders.id, pointsEntries.orderId), ownedBy(orders, tenantId)))
      .where(ofCustomer(tenantId, customerId))
      .orderBy(desc(pointsEntries.createdAt), desc(pointsEntries.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(pointsEntries)
      .where(ofCustomer(tenantId, customerId)),
  ]);
  return { rows, total: count?.n ?? 0 };
}
export type PointsPageRow = Awaited<ReturnType<typeof pointsPage>>['rows'][number];
