import { orderStatuses } from '@kopi/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { products } from '../../db/schema/catalogue';
import { customerOrders } from '../../db/schema/customers';
import {
  orderItems,
  orderPayments,
  orders,
  orderStatusHistory,
  statusList,
} from '../../db/schema/orders';
import { auditLog, notifications } from '../../db/schema/platform';
import { outlets } from '../../db/schema/tenancy';
import type { AuditRow } from '../../lib/audit';
import { publishLiveEvent } from '../../lib/live-events';

// App orders live in the same tables as counter sales (orders, order_items, order_status_history,
// order_counters), plus customer_orders naming the customer. Numbers come from the same
// per-outlet, per-business-day counter row as the POS's, so the two never collide.

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderHistoryRow = typeof orderStatusHistory.$inferSelect;

export interface NewAppOrder {
  /** The order without its number: the number is taken in the same transaction. */
  order: Omit<OrderRow, 'seq' | 'orderNo'>;
  outletCode: string;
  customerId: string;
  items: OrderItemRow[];
  history: OrderHistoryRow;
  /** The audit entry; `order_no` is added to `after`. */
  audit: AuditRow;
  /** Products sold for the first time: they become archive-only (decision 009). */
  firstSoldProductIds: string[];
}

/**
 * Writes an app order in one transaction, taking the locks in the order the POS sale statement
 * takes them (the outlet's counter row, then the products' has_sales, then the tenant's
 * live-event lock last), so the two kinds of writers never deadlock:
 *   the day's number (INSERT … ON CONFLICT DO UPDATE on order_counters, refused once the day is
 *   closed) → the order, its lines, the customer link, the first history row, has_sales, the
 *   audit entry → the `order.created` live event.
 * Null when the business day has been closed (nothing is written then).
 */
export async function insertAppOrder(db: Db, n: NewAppOrder) {
  const o = n.order;
  return db.transaction(async (tx) => {
    const [counter] = rowsOf<{ last_no: number }>(
      await tx.execute(sql`
        insert into order_counters as oc (tenant_id, outlet_id, business_date, last_no)
        values (${o.tenantId}::uuid, ${o.outletId}::uuid, ${o.businessDate}::date, 1)
        on conflict (outlet_id, business_date) do update set last_no = oc.last_no + 1
          where oc.closed_at is null and oc.tenant_id = ${o.tenantId}::uuid
        returning last_no`),
    );
    if (!counter) return null;
    const seq = counter.last_no;
    // The format of the POS statement: the outlet code and at least four digits.
    const orderNo = `${n.outletCode}-${String(seq).padStart(4, '0')}`;
    await tx.insert(orders).values({ ...o, seq, orderNo });
    await tx.insert(orderItems).values(n.items);
    await tx.insert(customerOrders).values({
      orderId: o.id,
      tenantId: o.tenantId,
      customerId: n.customerId,
      createdAt: o.createdAt,
    });
    await tx.insert(orderStatusHistory).values(n.history);
    if (n.firstSoldProductIds.length > 0) {
      await tx
        .update(products)
        .set({ hasSales: true })
        .where(
          and(
            eq(products.tenantId, o.tenantId),
            inArray(products.id, n.firstSoldProductIds),
            eq(products.hasSales, false),
          ),
        );
    }
    await tx.insert(auditLog).values({
      ...n.audit,
      after: { ...(n.audit.after as Record<string, unknown>), order_no: orderNo },
    });
    await publishLiveEvent(tx, {
      tenantId: o.tenantId,
      outletId: o.outletId,
      type: 'order.created',
      message: { id_order: o.id, status: o.status, outlet_id: o.outletId, order_no: orderNo },
    });
    return { seq, orderNo };
  });
}

/** The order created with this (customer-scoped) Idempotency-Key, if any. */
export async function findByIdempotencyKey(db: Db, tenantId: string, key: string) {
  const [row] = await db
    .select({ id: orders.id, orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

// ---- Reading the customer's own orders --------------------------------------------------------

const own = (tenantId: string, customerId: string) =>
  and(eq(customerOrders.tenantId, tenantId), eq(customerOrders.customerId, customerId));

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

export async function detailsOf(db: Db, tenantId: string, orderId: string) {
  const [items, payments, history] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, orderId)))
      .orderBy(asc(orderItems.lineNo)),
    db
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.tenantId, tenantId), eq(orderPayments.orderId, orderId)))
      .orderBy(asc(orderPayments.lineNo)),
    db
      .select()
      .from(orderStatusHistory)
      .where(
        and(eq(orderStatusHistory.tenantId, tenantId), eq(orderStatusHistory.orderId, orderId)),
      )
      .orderBy(
        asc(orderStatusHistory.at),
        sql`array_position(array[${statusList(orderStatuses)}], ${orderStatusHistory.toStatus})`,
      ),
  ]);
  return { items, payments, history };
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

// ---- Cancelling -------------------------------------------------------------------------------

export interface AppOrderCancel {
  tenantId: string;
  customerId: string;
  orderId: string;
  at: Date;
  byName: string;
  reason: string;
  /** What the customer wrote, if anything (the notification's translatable params). */
  customerReason: string | null;
  /** Statuses the customer may cancel from. */
  cancellable: readonly string[];
  audit: AuditRow;
}

/**
 * Cancels one of the customer's orders in one transaction: the order row (locked, so a payment
 * arriving at the same moment either lands first and is owed back, or finds the order cancelled),
 * its history, the audit entry, a notification when the outlet's staff had already seen it paid,
 * then the `order.status` live event. A paid order keeps what it is owed in refund_due.
 * Null when the order is not the customer's; `{ refused }` with its status when it is too late.
 */
export async function cancelOwn(db: Db, c: AppOrderCancel) {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ status: string; outlet_id: string; order_no: string }>(
      await tx.execute(sql`
        select o.status, o.outlet_id, o.order_no
        from ${orders} o join ${customerOrders} co on co.order_id = o.id
        where co.tenant_id = ${c.tenantId}::uuid and co.customer_id = ${c.customerId}::uuid
          and o.tenant_id = ${c.tenantId}::uuid and o.id = ${c.orderId}::uuid
        for update of o`),
    );
    if (!row) return null;
    if (!c.cancellable.includes(row.status)) return { refused: row.status };
    const [moved] = await tx
      .update(orders)
      .set({
        status: 'REJECTED',
        refundDue: sql`${orders.paid} - ${orders.refunded}`,
        updatedAt: c.at,
      })
      .where(and(eq(orders.tenantId, c.tenantId), eq(orders.id, c.orderId)))
      .returning({ refundDue: orders.refundDue, total: orders.total });
    await tx.insert(orderStatusHistory).values({
      tenantId: c.tenantId,
      orderId: c.orderId,
      fromStatus: row.status,
      toStatus: 'REJECTED',
      byUserId: null,
      byName: c.byName,
      reason: c.reason,
      at: c.at,
    });
    await tx.insert(auditLog).values({
      ...c.audit,
      before: { status: row.status },
      after: {
        ...(c.audit.after as Record<string, unknown>),
        ...(moved!.refundDue > 0 ? { refund_due: moved!.refundDue } : {}),
      },
    });
    // The staff only see an app order once it is paid (PENDING): before that there is nothing to
    // stop making.
    if (row.status !== 'CREATED') {
      await tx.insert(notifications).values({
        tenantId: c.tenantId,
        outletId: row.outlet_id,
        idOrder: c.orderId,
        title: `Order ${row.order_no} cancelled by the customer`,
        body:
          moved!.refundDue > 0
            ? `${c.byName}: ${c.reason} · refund RM ${(moved!.refundDue / 100).toFixed(2)}`
            : `${c.byName}: ${c.reason}`,
        titleKey: 'customerCancelled',
        params: {
          order_no: row.order_no,
          by: c.byName,
          reason: c.customerReason,
          refund: moved!.refundDue,
        },
      });
    }
    await publishLiveEvent(tx, {
      tenantId: c.tenantId,
      outletId: row.outlet_id,
      type: 'order.status',
      message: {
        id_order: c.orderId,
        status: 'REJECTED',
        outlet_id: row.outlet_id,
        order_no: row.order_no,
      },
    });
    return { from: row.status, refundDue: moved!.refundDue };
  });
}
