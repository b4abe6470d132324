import { refundStatuses } from '@kopi/contract';
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { receiptBusinessColumns } from '../../db/receipt-business';
import { users } from '../../db/schema/access';
import { orderItems, orders, statusList } from '../../db/schema/orders';
import { refundItems, refunds, refundStatusHistory } from '../../db/schema/refunds';
import { outlets, tenants } from '../../db/schema/tenancy';
import { ownedBy, ownedWhere, tenantOfRow } from '../../db/tenant-scope';
import { likePattern } from '../../lib/paging';
import { equalsGiven, sortedBy } from '../../db/list-page';

// Reading refunds: the list, its status counts and export, one refund with its items and history.
// Every query filters by tenant_id, and by the caller's outlet when they are bound to one. The
// writes and what an order can still give back live in refund-writes.repo.ts.

export type RefundRow = typeof refunds.$inferSelect;

export interface RefundFilter {
  boundOutletId: string | null;
  outletId?: string | undefined;
  orderId?: string | undefined;
  status?: string | undefined;
  method?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

/** The day a refund was asked for, as the outlet's business day. */
const requestDay = sql`((${refunds.createdAt} at time zone ${outlets.timezone}) - make_interval(hours => ${tenants.businessDayCutoffHour}::int))::date`;

function where(tenantId: string, f: RefundFilter): SQL | undefined {
  const pattern = f.q ? likePattern(f.q) : null;
  return and(
    ownedBy(refunds, tenantId),
    f.boundOutletId ? eq(refunds.outletId, f.boundOutletId) : undefined,
    equalsGiven(refunds, f, ['outletId', 'orderId', 'status', 'method']),
    f.from ? gte(requestDay, sql`${f.from}::date`) : undefined,
    f.to ? lte(requestDay, sql`${f.to}::date`) : undefined,
    pattern
      ? sql`(${refunds.refundNo} ilike ${pattern} or ${orders.orderNo} ilike ${pattern})`
      : undefined,
  );
}

export type RefundSortKey = 'created' | 'amount' | 'refund_no';
const sortColumns = {
  created: refunds.createdAt,
  amount: refunds.amount,
  refund_no: refunds.refundNo,
} as const;

const summaryColumns = {
  refund: refunds,
  orderNo: orders.orderNo,
  orderDate: orders.businessDate,
  outletName: outlets.name,
  outletCode: outlets.code,
  timezone: outlets.timezone,
};

const joined = (db: Db) =>
  db
    .select(summaryColumns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(outlets, eq(outlets.id, refunds.outletId))
    .innerJoin(tenants, tenantOfRow(refunds));

export async function listPage(
  db: Db,
  tenantId: string,
  f: RefundFilter,
  sort: { key: RefundSortKey; desc: boolean },
  limit: number,
  offset: number,
) {
  const order = sortedBy(sortColumns, sort, refunds.id);
  const [rows, [count]] = await Promise.all([
    joined(db)
      .where(where(tenantId, f))
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(outlets, eq(outlets.id, refunds.outletId))
      .innerJoin(tenants, tenantOfRow(refunds))
      .where(where(tenantId, f)),
  ]);
  return { rows, total: count?.n ?? 0 };
}
export type RefundSummaryRow = Awaited<ReturnType<typeof listPage>>['rows'][number];

/** How many refunds each status has under the list's filters (the status tabs). */
export async function statusCounts(db: Db, tenantId: string, f: RefundFilter) {
  return db
    .select({ status: refunds.status, n: sql<number>`count(*)::int` })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(outlets, eq(outlets.id, refunds.outletId))
    .innerJoin(tenants, tenantOfRow(refunds))
    .where(where(tenantId, { ...f, status: undefined }))
    .groupBy(refunds.status);
}

/** Every matching refund for the CSV export (capped by the caller). */
export async function exportRows(
  db: Db,
  tenantId: string,
  f: RefundFilter,
  sort: { key: RefundSortKey; desc: boolean },
  limit: number,
) {
  return joined(db)
    .where(where(tenantId, f))
    .orderBy(...sortedBy(sortColumns, sort, refunds.id))
    .limit(limit);
}

/**
 * One refund the caller may see, with its order's figures, the outlet's clock (the business day
 * it completes on), the tenant's manager limit, the caller's name (for the history) and what the
 * caller has approved on its order already.
 */
export async function findById(
  db: Db,
  tenantId: string,
  id: string,
  caller: { userId: string | null; outletId: string | null },
) {
  const [row] = await db
    .select({
      ...summaryColumns,
      order: {
        total: orders.total,
        paid: orders.paid,
        refunded: orders.refunded,
        status: orders.status,
        businessDate: orders.businessDate,
      },
      business: receiptBusinessColumns,
      cutoffHour: tenants.businessDayCutoffHour,
      managerLimit: tenants.refundManagerLimit,
      callerName: sql<
        string | null
      >`(select u.fullname from ${users} u where u.id = ${caller.userId})`,
      // What the caller approved on this order already (rejected ones and refunds closed
      // without completing aside): a manager's limit counts it; the move recounts it locked.
      callerApproved: sql<number>`(select coalesce(sum(o.amount), 0)::int from ${refunds} o
        where o.tenant_id = ${refunds.tenantId} and o.order_id = ${refunds.orderId}
          and o.id <> ${refunds.id} and o.approved_by = ${caller.userId}
          and o.status not in ('CREATED', 'PENDING', 'REJECTED')
          and not (o.status = 'CLOSED' and o.completed_at is null))`.mapWith(Number),
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(outlets, eq(outlets.id, refunds.outletId))
    .innerJoin(tenants, tenantOfRow(refunds))
    .where(
      ownedWhere(
        refunds,
        tenantId,
        { id },
        caller.outletId ? eq(refunds.outletId, caller.outletId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The items (with their names as sold) and the status history of a refund. */
export async function detailsOf(db: Db, tenantId: string, refundId: string) {
  const [items, history] = await Promise.all([
    db
      .select({
        orderItemId: refundItems.orderItemId,
        name: orderItems.name,
        nameMy: orderItems.nameMy,
        quantity: refundItems.quantity,
        amount: refundItems.amount,
      })
      .from(refundItems)
      .innerJoin(orderItems, eq(orderItems.id, refundItems.orderItemId))
      .where(and(ownedBy(refundItems, tenantId), eq(refundItems.refundId, refundId)))
      .orderBy(asc(orderItems.lineNo)),
    db
      .select()
      .from(refundStatusHistory)
      .where(
        and(ownedBy(refundStatusHistory, tenantId), eq(refundStatusHistory.refundId, refundId)),
      )
      // A refund reaches each status once, so the lifecycle breaks ties of equal times.
      .orderBy(
        asc(refundStatusHistory.at),
        sql`array_position(array[${statusList(refundStatuses)}], ${refundStatusHistory.toStatus})`,
      ),
  ]);
  return { items, history };
}
