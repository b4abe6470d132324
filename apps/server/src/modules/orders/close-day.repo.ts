import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ownedBy, tenantIs } from '../../db/tenant-scope';
import { type Db, rowsOf } from '../../db/database';
import { users } from '../../db/schema/access';
import { orderCounters, orders, orderStatusHistory, zReports } from '../../db/schema/orders';

/** Staff users are global (a platform user closes days too): found by their own id. */
export const tenantFree = ['userName'] as const;

// The day close of one outlet's business day: the counter row as the lock, the open orders that
// block it, the bulk COMPLETED → CLOSED move and the Z-report's sums. Every query filters by
// tenant_id.

export type ZReportRow = typeof zReports.$inferSelect;

/** The outlet with what its business date needs, or null when not in the tenant. */
export async function findReport(db: Db, tenantId: string, outletId: string, date: string) {
  const [row] = await db
    .select()
    .from(zReports)
    .where(
      and(
        ownedBy(zReports, tenantId),
        eq(zReports.outletId, outletId),
        eq(zReports.businessDate, date),
      ),
    )
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

export async function openOrders(
  tx: Db,
  tenantId: string,
  outletId: string,
  date: string,
  statuses: readonly string[],
) {
  return tx
    .select({ id: orders.id, orderNo: orders.orderNo, status: orders.status })
    .from(orders)
    .where(
      and(
        ownedBy(orders, tenantId),
        eq(orders.outletId, outletId),
        eq(orders.businessDate, date),
        inArray(orders.status, [...statuses]),
      ),
    )
    .orderBy(asc(orders.seq));
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
    reason: string;
  },
) {
  const moved = await tx
    .update(orders)
    .set({ status: values.to, updatedAt: values.at })
    .where(
      and(
        ownedBy(orders, values.tenantId),
        eq(orders.outletId, values.outletId),
        eq(orders.businessDate, values.date),
        eq(orders.status, values.from),
      ),
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
        reason: values.reason,
        at: values.at,
      })),
    );
  }
  return moved.length;
}

/** The day's figures: sums of the closed orders, the rejected count, takings by method. */
export async function dayFigures(tx: Db, tenantId: string, outletId: string, date: string) {
  const [totals] = rowsOf<{
    orders: number;
    rejected: number;
    subtotal: number;
    discount: number;
    service_charge: number;
    service_tax: number;
    delivery_fees: number;
    rounding: number;
    total: number;
  }>(
    await tx.execute(sql`
      select
        count(*) filter (where status = 'CLOSED')::int as orders,
        count(*) filter (where status = 'REJECTED')::int as rejected,
        coalesce(sum(subtotal) filter (where status = 'CLOSED'), 0)::int as subtotal,
        coalesce(sum(discount) filter (where status = 'CLOSED'), 0)::int as discount,
        coalesce(sum(service_charge) filter (where status = 'CLOSED'), 0)::int as service_charge,
        coalesce(sum(service_tax) filter (where status = 'CLOSED'), 0)::int as service_tax,
        coalesce(sum(delivery_fee) filter (where status = 'CLOSED'), 0)::int as delivery_fees,
        coalesce(sum(rounding) filter (where status = 'CLOSED'), 0)::int as rounding,
        coalesce(sum(total) filter (where status = 'CLOSED'), 0)::int as total
      from ${orders}
      where ${tenantIs('orders', tenantId)} and outlet_id = ${outletId} and business_date = ${date}`),
  );
  const byMethod = rowsOf<{ method: string; count: number; amount: number }>(
    await tx.execute(sql`
      select p.method, count(*)::int as count, sum(p.amount)::int as amount
      from order_payments p join ${orders} o on o.id = p.order_id
      where ${tenantIs('o', tenantId)} and o.outlet_id = ${outletId} and o.business_date = ${date}
        and o.status = 'CLOSED' and ${tenantIs('p', tenantId)} and p.status = 'paid'
      group by p.method`),
  );
  return { totals: totals!, byMethod };
}

/**
 * The refunds that completed on the day at the outlet, by what they went back by, from the refund
 * rollups (what the reports show). The tenant's live-event lock first, taken after the day's
 * order rows as every order writer does: a refund completing right now commits before the read.
 */
export async function dayRefunds(tx: Db, tenantId: string, outletId: string, date: string) {
  await tx.execute(sql`select kopi_rollup_lock(${tenantId}::uuid)`);
  return rowsOf<{ method: string; count: number; amount: number }>(
    await tx.execute(sql`
      select method, refunds::int as count, amount::int as amount
      from refund_rollups
      where ${tenantIs('refund_rollups', tenantId)} and outlet_id = ${outletId}::uuid
        and business_date = ${date}::date and (refunds <> 0 or amount <> 0)`),
  );
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
    .where(
      and(
        ownedBy(orderCounters, tenantId),
        eq(orderCounters.outletId, outletId),
        eq(orderCounters.businessDate, date),
      ),
    );
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
