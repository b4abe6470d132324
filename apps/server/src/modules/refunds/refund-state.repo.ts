import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { sideBySide } from '../../db/side-by-side';
import { customerOrders } from '../../db/schema/customers';
import { orderItems, orderPayments, orders } from '../../db/schema/orders';
import { refundItems, refunds } from '../../db/schema/refunds';
import { outlets } from '../../db/schema/tenancy';
import { ownedBy, tenantIs } from '../../db/tenant-scope';
import type { RefundState } from './refund-rules';

// What an order can still give back: its lines, payments and the refunds that count against
// them, read with the order row locked when a refund is asked for. Every query names the tenant
// (and the caller's outlet).

/** Counting refunds: every one not rejected (CLOSED without completing was rejected first). */
const counting = (alias: string) =>
  sql`${sql.raw(alias)}.status <> 'REJECTED' and not (${sql.raw(alias)}.status = 'CLOSED' and ${sql.raw(alias)}.completed_at is null)`;

interface OrderHead {
  id: string;
  outlet_id: string;
  outlet_code: string;
  paid: number;
  refunded: number;
  customer_id: string | null;
}

/** The order's refund state; `lock` holds the order row until the transaction ends. */
export async function orderRefundState(
  db: Db,
  tenantId: string,
  orderId: string,
  boundOutletId: string | null,
  lock: boolean,
): Promise<{ head: OrderHead; state: RefundState } | null> {
  const [head] = rowsOf<OrderHead>(
    await db.execute(sql`
      select o.id, o.outlet_id, ot.code as outlet_code, o.paid, o.refunded, co.customer_id
      from ${orders} o join ${outlets} ot on ot.id = o.outlet_id
      left join ${customerOrders} co on co.order_id = o.id and ${tenantIs('co', tenantId)}
      where ${tenantIs('o', tenantId)} and o.id = ${orderId}::uuid
        ${boundOutletId ? sql`and o.outlet_id = ${boundOutletId}::uuid` : sql``}
      ${lock ? sql`for update of o` : sql``}`),
  );
  if (!head) return null;
  const [items, payments, counted] = await sideBySide(db, [
    async () =>
      rowsOf<RefundState['items'][number]>(
        await db.execute(sql`
        select oi.id, oi.name, oi.name_my as "nameMy", oi.quantity, oi.line_total as "lineTotal",
          (select coalesce(sum(ri.quantity), 0)::int
            from ${refundItems} ri join ${refunds} r on r.id = ri.refund_id
            where ${tenantIs('ri', tenantId)} and ri.order_item_id = oi.id and ${counting('r')}
          ) as "refundedQty"
        from ${orderItems} oi
        where ${tenantIs('oi', tenantId)} and oi.order_id = ${orderId}::uuid
        order by oi.line_no`),
      ),
    () =>
      db
        .select({
          method: orderPayments.method,
          amount: sql<number>`sum(${orderPayments.amount})::int`,
        })
        .from(orderPayments)
        .where(and(ownedBy(orderPayments, tenantId), eq(orderPayments.orderId, orderId)))
        .groupBy(orderPayments.method)
        .orderBy(sql`min(${orderPayments.lineNo})`),
    () =>
      db
        .select({
          paymentMethod: refunds.paymentMethod,
          amount: sql<number>`sum(${refunds.amount})::int`,
        })
        .from(refunds)
        .where(and(ownedBy(refunds, tenantId), eq(refunds.orderId, orderId), counting('refunds')))
        .groupBy(refunds.paymentMethod),
  ]);
  return {
    head,
    state: {
      paid: head.paid,
      refunded: head.refunded,
      items,
      payments,
      counted,
      customerId: head.customer_id,
    },
  };
}

/** What an order the caller may see can still give back (null: not found for them). */
export async function refundStateOf(
  db: Db,
  tenantId: string,
  orderId: string,
  boundOutletId: string | null,
) {
  return (await orderRefundState(db, tenantId, orderId, boundOutletId, false))?.state ?? null;
}

/**
 * What `approverId` has approved on the refund's order besides this refund (every approval still
 * counting: waiting to be paid out, paid, completed), read with the order row locked until the
 * transaction ends, so two approvals on one order queue and the second sees the first.
 */
export async function approvedOnOrderBy(
  tx: Db,
  tenantId: string,
  refundId: string,
  approverId: string,
): Promise<number> {
  const [order] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select o.id from ${orders} o join ${refunds} r on r.order_id = o.id
      where ${tenantIs('r', tenantId)} and r.id = ${refundId}::uuid and ${tenantIs('o', tenantId)}
      for update of o`),
  );
  if (!order) return 0;
  const [row] = rowsOf<{ approved: number }>(
    await tx.execute(sql`
      select coalesce(sum(r.amount), 0)::int as approved from ${refunds} r
      where ${tenantIs('r', tenantId)} and r.order_id = ${order.id}::uuid
        and r.id <> ${refundId}::uuid and r.approved_by = ${approverId}::uuid
        and r.status not in ('CREATED', 'PENDING') and ${counting('r')}`),
  );
  return row?.approved ?? 0;
}
