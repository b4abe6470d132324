import type { CodedReason } from '@kopi/contract';
import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { ownedBy, ownedWhere } from '../../db/tenant-scope';
import type { Db } from '../../db/database';
import { reasonColumns } from '../../lib/coded-reason';
import { users } from '../../db/schema/access';
import { orderCounters, orders, orderStatusHistory, zReports } from '../../db/schema/orders';

/** Staff users are global (a platform user closes days too): found by their own id. */
export const tenantFree = ['userName'] as const;

// The day close of one outlet's business day: the counter row as the lock, the open orders that
// block it, the bulk COMPLETED → CLOSED move and the kept Z-report. Every query filters by
// tenant_id.

export type ZReportRow = typeof zReports.$inferSelect;

/** The outlet with what its business date needs, or null when not in the tenant. */
export async function findReport(db: Db, tenantId: string, outletId: string, date: string) {
  const [row] = await db
    .select()
    .from(zReports)
    .where(ownedWhere(zReports, tenantId, { outletId, businessDate: date }))
    .limit(1);
  return row ?? null;
}

/**
 * Locks the day's counter row (creating it for a day without sales). Sales take the same row to
 * number an order, so from here to commit no sale can slip into the day being closed.
 * Returns true when the day was already closed.
 */
export async function lockDay(tx: Db, tenantId: string, outletId: string, date: string) {
  const [row] = await tx
    .insert(orderCounters)
    .values({ tenantId, outletId, businessDate: date, lastNo: 0 })
    .onConflictDoUpdate({
      target: [orderCounters.outletId, orderCounters.businessDate],
      set: { lastNo: sql`${orderCounters.lastNo}` },
      setWhere: ownedBy(orderCounters, tenantId),
    })
    .returning({ closedAt: orderCounters.closedAt });
  return row?.closedAt != null;
}

/** The outlet's orders in `statuses` of the business day or an earlier one. */
export async function openOrders(
  tx: Db,
  tenantId: string,
  outletId: string,
  date: string,
  statuses: readonly string[],
) {
  return tx
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      businessDate: orders.businessDate,
    })
    .from(orders)
    .where(
      ownedWhere(
        orders,
        tenantId,
        { outletId },
        lte(orders.businessDate, date),
        inArray(orders.status, [...statuses]),
      ),
    )
    .orderBy(asc(orders.businessDate), asc(orders.seq));
}

/**
 * The day's unpaid orders (CREATED) locked until the transaction ends, in id order: nothing pays
 * them while the close expires them. Their ids.
 */
export async function lockUnpaid(tx: Db, tenantId: string, outletId: string, date: string) {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(ownedWhere(orders, tenantId, { outletId, businessDate: date, status: 'CREATED' }))
    .orderBy(asc(orders.id))
    .for('update');
  return rows.map((r) => r.id);
}

/**
 * Moves every order of the day in status `from` to `to` (COMPLETED → CLOSED at the close, or
 * unpaid CREATED → REJECTED), with a history row each, in two statements. Returns how many moved.
 */
export async function moveDay(
  tx: Db,
  values: {
    tenantId: string;
    outletId: string;
    date: string;
    at: Date;
    byUserId: string;
    byName: string;
    from: string;
    to: string;
    reason: CodedReason;
  },
) {
  const moved = await tx
    .update(orders)
    .set({ status: values.to, updatedAt: values.at })
    .where(
      ownedWhere(orders, values.tenantId, {
        outletId: values.outletId,
        businessDate: values.date,
        status: values.from,
      }),
    )
    .returning({ id: orders.id });
  if (moved.length > 0) {
    await tx.insert(orderStatusHistory).values(
      moved.map((m) => ({
        tenantId: values.tenantId,
        orderId: m.id,
        fromStatus: values.from,
        toStatus: values.to,
        byUserId: values.byUserId,
        byName: values.byName,
        ...reasonColumns(values.reason),
        at: values.at,
      })),
    );
  }
  return moved.length;
}

export async function insertReport(tx: Db, values: typeof zReports.$inferInsert) {
  const [row] = await tx.insert(zReports).values(values).returning();
  return row!;
}

export async function markDayClosed(
  tx: Db,
  tenantId: string,
  outletId: string,
  date: string,
  at: Date,
) {
  await tx
    .update(orderCounters)
    .set({ closedAt: at })
    .where(ownedWhere(orderCounters, tenantId, { outletId, businessDate: date }));
}

/** A user's full name for the report's "closed by" (the principal carries only the username). */
export async function userName(db: Db, userId: string) {
  const [row] = await db
    .select({ fullname: users.fullname })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.fullname ?? null;
}
