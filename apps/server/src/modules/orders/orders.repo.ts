import { orderStatuses } from '@kopi/contract';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { ownedBy, ownedWhere, tenantIs, tenantOfRow } from '../../db/tenant-scope';
import { type Db, rowsOf } from '../../db/database';
import { receiptBusinessColumns, type ReceiptBusinessRow } from '../../db/receipt-business';
import { firstOwnedRow, rowByIdempotencyKey } from '../../db/owned-rows';
import { users } from '../../db/schema/access';
import { customerOrders } from '../../db/schema/customers';
import {
  orderCounters,
  orderItems,
  orderPayments,
  orders,
  orderStatusHistory,
  statusList,
} from '../../db/schema/orders';
import { outlets, tenants } from '../../db/schema/tenancy';
import { orderSummaryColumns } from './order-columns';
import { searchCondition } from './order-search';
import { dateWithin, equalsGiven, sortedBy } from '../../db/list-page';

// Reading orders: the list, the export, one order with its details, and a customer's own orders.
// Every query filters by tenant_id; none knows HTTP.

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderPaymentRow = typeof orderPayments.$inferSelect;
export type OrderHistoryRow = typeof orderStatusHistory.$inferSelect;

/** Has the outlet closed this business day (no more sales on it)? */
export async function isDayClosed(db: Db, tenantId: string, outletId: string, date: string) {
  const [row] = await db
    .select({ closedAt: orderCounters.closedAt })
    .from(orderCounters)
    .where(ownedWhere(orderCounters, tenantId, { outletId, businessDate: date }));
  return row?.closedAt != null;
}

/** The order created with this Idempotency-Key, if any (the last line against double orders). */
export const findByIdempotencyKey = (db: Db, tenantId: string, key: string) =>
  rowByIdempotencyKey(db, orders, tenantId, key, {
    id: orders.id,
    orderNo: orders.orderNo,
    staffId: orders.staffId,
  });

/** The language a user saved (en or my), for the files they download. */
/** Is `outletId` one of the tenant's outlets (whatever its status)? */
export const outletExists = async (db: Db, tenantId: string, outletId: string) =>
  Boolean(await firstOwnedRow(db, outlets, tenantId, { id: outlets.id }, eq(outlets.id, outletId)));

export interface OrderFilter {
  from?: string | undefined;
  to?: string | undefined;
  outletId?: string | undefined;
  /** Staff bound to an outlet: every read is limited to it, whatever else the query says. */
  boundOutletId?: string | null;
  status?: string | undefined;
  source?: string | undefined;
  servingMethod?: string | undefined;
  paymentMethod?: string | undefined;
  q?: string | undefined;
}

function where(tenantId: string, f: OrderFilter, search: SQL | undefined): SQL | undefined {
  return and(
    ownedBy(orders, tenantId),
    f.boundOutletId ? eq(orders.outletId, f.boundOutletId) : undefined,
    equalsGiven(orders, f, ['outletId', 'status', 'source', 'servingMethod']),
    dateWithin(orders.businessDate, f.from, f.to),
    f.paymentMethod
      ? sql`${orders.paymentMethods} @> array[${f.paymentMethod}]::text[]`
      : undefined,
    search,
  );
}

export type SortKey = 'created' | 'business_date' | 'order_no' | 'total';
const sortColumns = {
  created: orders.createdAt,
  business_date: orders.businessDate,
  order_no: orders.orderNo,
  total: orders.total,
} as const;

/**
 * The list's total without a status, payment or text filter, from the report rollups (decision
 * 021): every order is a sale or rejected there, except app orders still CREATED, counted through
 * the small index of open orders. Exact, and a few thousand rows instead of a tenant's history.
 */
function rollupCount(db: Db, tenantId: string, f: OrderFilter) {
  const scope = (alias: string) =>
    sql.join(
      [
        tenantIs(alias, tenantId),
        ...(f.boundOutletId ? [sql`${sql.raw(alias)}.outlet_id = ${f.boundOutletId}::uuid`] : []),
        ...(f.outletId ? [sql`${sql.raw(alias)}.outlet_id = ${f.outletId}::uuid`] : []),
        ...(f.from ? [sql`${sql.raw(alias)}.business_date >= ${f.from}::date`] : []),
        ...(f.to ? [sql`${sql.raw(alias)}.business_date <= ${f.to}::date`] : []),
        ...(f.source ? [sql`${sql.raw(alias)}.source = ${f.source}`] : []),
        ...(f.servingMethod ? [sql`${sql.raw(alias)}.serving_method = ${f.servingMethod}`] : []),
      ],
      sql` and `,
    );
  return db
    .execute(
      sql`
    select ((select coalesce(sum(r.orders + r.rejected), 0) from sales_channel_rollups r
        where ${scope('r')})
      + (select count(*) from ${orders} o where ${scope('o')} and o.status = 'CREATED'))::int as n`,
    )
    .then((result) => rowsOf<{ n: number }>(result));
}

export async function listPage(
  db: Db,
  tenantId: string,
  f: OrderFilter,
  sort: { key: SortKey; desc: boolean },
  limit: number,
  offset: number,
) {
  const order = sortedBy(sortColumns, sort, orders.id);
  const search = f.q ? await searchCondition(db, tenantId, f.q) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select(orderSummaryColumns)
      .from(orders)
      .innerJoin(outlets, eq(outlets.id, orders.outletId))
      .where(where(tenantId, f, search))
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    f.status || f.paymentMethod || f.q
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(where(tenantId, f, search))
      : rollupCount(db, tenantId, f),
  ]);
  return { rows, total: count?.n ?? 0 };
}
export type OrderSummaryRow = Awaited<ReturnType<typeof listPage>>['rows'][number];

/** Every matching order with its money figures, for the CSV export (capped by the caller). */
export async function exportRows(
  db: Db,
  tenantId: string,
  f: OrderFilter,
  sort: { key: SortKey; desc: boolean },
  limit: number,
) {
  const search = f.q ? await searchCondition(db, tenantId, f.q) : undefined;
  return db
    .select({
      ...orderSummaryColumns,
      outletCode: outlets.code,
      timezone: outlets.timezone,
      staffName: orders.staffName,
      subtotal: orders.subtotal,
      discount: orders.discount,
      serviceCharge: orders.serviceCharge,
      serviceTax: orders.serviceTax,
      deliveryFee: orders.deliveryFee,
      rounding: orders.rounding,
    })
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.outletId))
    .where(where(tenantId, f, search))
    .orderBy(...sortedBy(sortColumns, sort, orders.id))
    .limit(limit);
}

/** What the receipt header is made of: the tenant and the outlet as they are now. */
export interface ReceiptSource extends ReceiptBusinessRow {
  receiptHeader: string | null;
  receiptFooter: string | null;
  receiptHeaderMy: string | null;
  receiptFooterMy: string | null;
  receiptLogoUrl: string | null;
}

/** One order the caller may see (tenant, and their outlet when bound to one), or null. */
export async function findById(
  db: Db,
  tenantId: string,
  id: string,
  caller: { userId: string; outletId: string | null },
) {
  const boundOutletId = caller.outletId;
  const [row] = await db
    .select({
      order: orders,
      outletName: outlets.name,
      receipt: {
        ...receiptBusinessColumns,
        receiptHeader: tenants.receiptHeader,
        receiptFooter: tenants.receiptFooter,
        receiptHeaderMy: tenants.receiptHeaderMy,
        receiptFooterMy: tenants.receiptFooterMy,
        receiptLogoUrl: tenants.receiptLogoUrl,
      },
      // Who is asking, by name, for the history row of a move (the principal has no full name).
      callerName: sql<
        string | null
      >`(select u.fullname from ${users} u where u.id = ${caller.userId})`,
    })
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.outletId))
    .innerJoin(tenants, tenantOfRow(orders))
    .where(
      ownedWhere(
        orders,
        tenantId,
        { id },
        boundOutletId ? eq(orders.outletId, boundOutletId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Items, payments and history of an order, three indexed reads side by side. */
export async function detailsOf(db: Db, tenantId: string, orderId: string) {
  const [items, payments, history] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(and(ownedBy(orderItems, tenantId), eq(orderItems.orderId, orderId)))
      .orderBy(asc(orderItems.lineNo)),
    db
      .select()
      .from(orderPayments)
      .where(and(ownedBy(orderPayments, tenantId), eq(orderPayments.orderId, orderId)))
      .orderBy(asc(orderPayments.lineNo)),
    db
      .select()
      .from(orderStatusHistory)
      .where(and(ownedBy(orderStatusHistory, tenantId), eq(orderStatusHistory.orderId, orderId)))
      // An order reaches each status once, so the lifecycle breaks ties of equal times.
      .orderBy(
        asc(orderStatusHistory.at),
        sql`array_position(array[${statusList(orderStatuses)}], ${orderStatusHistory.toStatus})`,
      ),
  ]);
  return { items, payments, history };
}

// A customer's own orders: those linked to them in customer_orders.

const own = (tenantId: string, customerId: string) =>
  and(ownedBy(customerOrders, tenantId), eq(customerOrders.customerId, customerId));

/** One of the customer's orders, or null (another customer's or tenant's is not found). */
export async function findOwn(db: Db, tenantId: string, customerId: string, orderId: string) {
  const [row] = await db
    .select({ order: orders, outletName: outlets.name })
    .from(customerOrders)
    .innerJoin(orders, eq(orders.id, customerOrders.orderId))
    .innerJoin(outlets, eq(outlets.id, orders.outletId))
    .where(and(own(tenantId, customerId), eq(customerOrders.orderId, orderId)))
    .limit(1);
  return row ?? null;
}

export async function listOwn(
  db: Db,
  tenantId: string,
  customerId: string,
  status: string | undefined,
  limit: number,
  offset: number,
) {
  const where = and(own(tenantId, customerId), status ? eq(orders.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNo: orders.orderNo,
        outletId: orders.outletId,
        outletName: outlets.name,
        servingMethod: orders.servingMethod,
        status: orders.status,
        businessDate: orders.businessDate,
        createdAt: orders.createdAt,
        total: orders.total,
      })
      .from(customerOrders)
      .innerJoin(orders, eq(orders.id, customerOrders.orderId))
      .innerJoin(outlets, eq(outlets.id, orders.outletId))
      .where(where)
      .orderBy(desc(customerOrders.createdAt), desc(customerOrders.orderId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(customerOrders)
      .innerJoin(orders, eq(orders.id, customerOrders.orderId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
