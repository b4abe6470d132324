import { type CodedReason, codedReason, codedReasonText } from '@kopi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { ownedBy, tenantIs } from '../../db/tenant-scope';
import { type Db, rowsOf } from '../../db/database';
import { customerOrders } from '../../db/schema/customers';
import { orderPayments, orders, orderStatusHistory } from '../../db/schema/orders';
import { auditLog, notifications } from '../../db/schema/platform';
import type { AuditRow } from '../../lib/audit';
import { reasonColumns } from '../../lib/coded-reason';
import { liveEventCtes, publishLiveEvent } from '../../lib/live-events';
import { newOrderBody, ringgit } from './order-view';

// An order's status moves after it is recorded: by staff, by the customer, by a payment.

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export interface NewMove {
  tenantId: string;
  orderId: string;
  outletId: string;
  from: string;
  to: string;
  at: Date;
  byUserId: string;
  byName: string;
  reason: string | null;
  /** The audit entry; the statement adds `refund_due` to `after` when a rejection owes one. */
  audit: AuditRow;
  /**
   * The outlet staff's notification: "Order <number> <verb>", with the key and params the web
   * translates it by (the statement adds `order_no`); null for none.
   */
  notification: {
    verb: string;
    body: string;
    titleKey: string;
    params: Record<string, string | number | null>;
  } | null;
  liveEvent: boolean;
}

/**
 * Moves an order in ONE statement, like a sale: the order row (only if it is still in `from`: of
 * two racing moves one wins, the other gets null), its history row, the audit entry and the
 * notification, and the `order.status` event. A paid order that is rejected keeps what it is owed in
 * refund_due.
 */
export async function recordMove(db: Db, m: NewMove): Promise<boolean> {
  const a = m.audit;
  const notify = m.notification
    ? sql`, n as (
        insert into ${notifications} (tenant_id, outlet_id, id_order, title, body, title_key,
          params)
        select ${m.tenantId}::uuid, moved.outlet_id, moved.id,
          'Order ' || moved.order_no || ' ' || ${m.notification.verb}, ${m.notification.body},
          ${m.notification.titleKey},
          ${JSON.stringify(m.notification.params)}::jsonb
            || jsonb_build_object('order_no', moved.order_no)
        from moved
        returning 1
      )`
    : sql``;
  const live = m.liveEvent
    ? sql`, ${liveEventCtes(
        { tenantId: m.tenantId, outletId: m.outletId, type: 'order.status' },
        sql`jsonb_build_object('id_order', moved.id, 'status', moved.status,
          'outlet_id', moved.outlet_id, 'order_no', moved.order_no)`,
        sql`moved`,
      )}`
    : sql``;
  const result = await db.execute(sql`
    with moved as (
      update ${orders} set status = ${m.to}, updated_at = ${ts(m.at)},
        refund_due = case when ${m.to} = 'REJECTED' then paid - refunded else refund_due end
      where ${tenantIs('orders', m.tenantId)} and id = ${m.orderId}::uuid and status = ${m.from}
      returning id, outlet_id, order_no, status, refund_due
    ), h as (
      insert into ${orderStatusHistory} (tenant_id, order_id, from_status, to_status, by_user_id,
        by_name, reason, at)
      select ${m.tenantId}::uuid, moved.id, ${m.from}, ${m.to}, ${m.byUserId}::uuid,
        ${m.byName}::text, ${m.reason}::text, ${ts(m.at)}
      from moved
      returning 1
    ), a as (
      insert into ${auditLog} (tenant_id, actor_id, actor_username, action, entity, entity_id,
        before, after, ip, user_agent, request_id)
      select ${a.tenantId}::uuid, ${a.actorId}::uuid, ${a.actorUsername}::text, ${a.action},
        ${a.entity}, ${a.entityId}::text, ${JSON.stringify(a.before ?? null)}::jsonb,
        ${JSON.stringify(a.after ?? {})}::jsonb || case when moved.refund_due > 0
          then jsonb_build_object('refund_due', moved.refund_due) else '{}'::jsonb end,
        ${a.ip}::text, ${a.userAgent}::text, ${a.requestId}::text
      from moved
      returning 1
    )${notify}${live}
    select id${m.liveEvent ? sql`, (select count(*) from live_notify)::int as announced` : sql``}
    from moved`);
  return rowsOf(result).length > 0;
}

export interface CustomerCancel {
  tenantId: string;
  customerId: string;
  orderId: string;
  at: Date;
  byName: string;
  /** The history's reason (coded, with what the customer wrote). */
  reason: CodedReason;
  /** What the customer wrote, if anything (the notification's translatable params). */
  customerReason: string | null;
  /** Statuses the customer may cancel from. */
  cancellable: readonly string[];
  audit: AuditRow;
  /** In the cancel's transaction, with the order locked, before the order row is written. */
  beforeMove?: (tx: Db, at: Date) => Promise<unknown>;
}

/**
 * Cancels one of the customer's orders in one transaction: the order row (locked, so a payment
 * arriving at the same moment either lands first and is owed back, or finds the order cancelled),
 * its history, the audit entry, a notification when the outlet's staff had already seen it paid,
 * then the `order.status` live event. A paid order keeps what it is owed in refund_due.
 * Null when the order is not the customer's; `{ refused }` with its status when it is too late.
 */
export async function cancelByCustomer(db: Db, c: CustomerCancel) {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ status: string; outlet_id: string; order_no: string }>(
      await tx.execute(sql`
        select o.status, o.outlet_id, o.order_no
        from ${orders} o join ${customerOrders} co on co.order_id = o.id
        where ${tenantIs('co', c.tenantId)} and co.customer_id = ${c.customerId}::uuid
          and ${tenantIs('o', c.tenantId)} and o.id = ${c.orderId}::uuid
        for update of o`),
    );
    if (!row) return null;
    if (!c.cancellable.includes(row.status)) return { refused: row.status };
    await c.beforeMove?.(tx, c.at);
    const [moved] = await tx
      .update(orders)
      .set({
        status: 'REJECTED',
        refundDue: sql`${orders.paid} - ${orders.refunded}`,
        updatedAt: c.at,
      })
      .where(and(ownedBy(orders, c.tenantId), eq(orders.id, c.orderId)))
      .returning({ refundDue: orders.refundDue, total: orders.total });
    await tx.insert(orderStatusHistory).values({
      tenantId: c.tenantId,
      orderId: c.orderId,
      fromStatus: row.status,
      toStatus: 'REJECTED',
      byUserId: null,
      byName: c.byName,
      ...reasonColumns(c.reason),
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
            ? `${c.byName}: ${codedReasonText(c.reason, 'en')} · refund RM ${(moved!.refundDue / 100).toFixed(2)}`
            : `${c.byName}: ${codedReasonText(c.reason, 'en')}`,
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

export interface OnlinePayment {
  tenantId: string;
  orderId: string;
  amount: number;
  method: string;
  /** The payment line's reference: the provider and its payment id. */
  reference: string;
  provider: string;
  at: Date;
  /** Who moved the order, as the history shows it (e.g. "Online payment (sandbox)"). */
  byName: string;
  /** The audit entry of the payment; its action and the rest of `after` are added here. */
  audit: Omit<AuditRow, 'action'>;
}

/**
 * Records a confirmed online payment in the caller's transaction, which holds the payment's own
 * lock: the order row is locked next, and the tenant's live-event lock last (a customer's cancel
 * takes only the order row before the live-event lock, so the two never deadlock).
 *   - On a CREATED order: the order becomes PENDING (the status board shows it) with its payment
 *     row, history, audit entry, the outlet staff's notification and `order.status`.
 *   - On an order no longer waiting for it (cancelled meanwhile, or paid twice): the money was
 *     still taken, so the payment is recorded and owed back in refund_due.
 */
export async function recordOnlinePayment(
  tx: Db,
  p: OnlinePayment,
): Promise<{ owedBack: boolean }> {
  const [order] = rowsOf<{
    status: string;
    outlet_id: string;
    order_no: string;
    serving_method: string;
    table_no: string | null;
    total: number;
  }>(
    await tx.execute(sql`
      select status, outlet_id, order_no, serving_method, table_no, total from ${orders}
      where ${tenantIs('orders', p.tenantId)} and id = ${p.orderId}::uuid
      for update`),
  );
  if (!order) return { owedBack: false };
  const audit = (action: string, after: Record<string, unknown>) =>
    tx.insert(auditLog).values({
      ...p.audit,
      action,
      after: { ...(p.audit.after as Record<string, unknown>), ...after },
    });
  const waiting = order.status === 'CREATED';
  const [moved] = await tx
    .update(orders)
    .set({
      ...(waiting ? { status: 'PENDING' } : { refundDue: sql`${orders.refundDue} + ${p.amount}` }),
      paid: sql`${orders.paid} + ${p.amount}`,
      paymentMethods: sql`array(select distinct m from unnest(${orders.paymentMethods} || ${`{${p.method}}`}::text[]) m)`,
      updatedAt: p.at,
    })
    .where(and(ownedBy(orders, p.tenantId), eq(orders.id, p.orderId)))
    .returning({ refundDue: orders.refundDue });
  await tx.insert(orderPayments).values({
    tenantId: p.tenantId,
    orderId: p.orderId,
    lineNo: sql`(select coalesce(max(p.line_no), 0) + 1 from ${orderPayments} p
      where ${tenantIs('p', p.tenantId)} and p.order_id = ${p.orderId}::uuid)`,
    method: p.method,
    amount: p.amount,
    tendered: null,
    changeGiven: 0,
    reference: p.reference,
    status: 'paid',
    createdAt: p.at,
  });
  if (!waiting) {
    await audit('order.payment_after_close', {
      amount: p.amount,
      status: order.status,
      refund_due: moved!.refundDue,
    });
    await tx.insert(notifications).values({
      tenantId: p.tenantId,
      outletId: order.outlet_id,
      idOrder: p.orderId,
      title: `Order ${order.order_no} was paid after it was ${order.status === 'REJECTED' ? 'cancelled' : 'already paid'}`,
      body: `${ringgit(p.amount)} to refund (${p.provider})`,
      titleKey: order.status === 'REJECTED' ? 'paidAfterCancel' : 'paidTwice',
      params: { order_no: order.order_no, amount: p.amount, provider: p.provider },
    });
    return { owedBack: true };
  }

  await tx.insert(orderStatusHistory).values({
    tenantId: p.tenantId,
    orderId: p.orderId,
    fromStatus: 'CREATED',
    toStatus: 'PENDING',
    byUserId: null,
    byName: p.byName,
    ...reasonColumns(codedReason('paid_online', { amount: p.amount, method: p.method })),
    at: p.at,
  });
  await audit('order.paid', { status: 'PENDING', amount: p.amount, method: p.method });
  // Paid is the moment the bar must see it: "New order …" like a counter sale.
  await tx.insert(notifications).values({
    tenantId: p.tenantId,
    outletId: order.outlet_id,
    idOrder: p.orderId,
    title: `New order ${order.order_no}`,
    body: newOrderBody('mobile-apps', {
      servingMethod: order.serving_method,
      tableNo: order.table_no,
      total: order.total,
    }),
    titleKey: 'orderPaid',
    params: {
      order_no: order.order_no,
      serving_method: order.serving_method,
      table_no: order.table_no,
      total: order.total,
    },
  });
  await publishLiveEvent(tx, {
    tenantId: p.tenantId,
    outletId: order.outlet_id,
    type: 'order.status',
    message: {
      id_order: p.orderId,
      status: 'PENDING',
      outlet_id: order.outlet_id,
      order_no: order.order_no,
    },
  });
  return { owedBack: false };
}
