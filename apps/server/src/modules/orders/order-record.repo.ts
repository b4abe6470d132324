import { sql } from 'drizzle-orm';
import { tenantIs } from '../../db/tenant-scope';
import { type Db, rowsOf } from '../../db/database';
import { executePrepared, uuidArray } from '../../db/prepared';
import { products } from '../../db/schema/catalogue';
import { customerOrders } from '../../db/schema/customers';
import {
  orderCounters,
  orderItems,
  orderPayments,
  orders,
  orderStatusHistory,
} from '../../db/schema/orders';
import { auditLog, notifications } from '../../db/schema/platform';
import type { AuditRow } from '../../lib/audit';
import { foreignKeyViolation } from '../../lib/db-errors';
import { liveEventCtes } from '../../lib/live-events';
import type { OrderHistoryRow, OrderItemRow, OrderPaymentRow, OrderRow } from './orders.repo';

// Writing an order: every channel's order is recorded by this one statement.

export interface NewOrder {
  /** The order without its number: the number is taken in the same statement. */
  order: Omit<OrderRow, 'seq' | 'orderNo'>;
  outletCode: string;
  items: OrderItemRow[];
  /** Paid at the counter: the payments; an app order is paid later (none). */
  payments: OrderPaymentRow[];
  history: OrderHistoryRow;
  /** The customer who placed it (an app order), linked in customer_orders. */
  customerId: string | null;
  /**
   * The outlet staff's notification ("New order " and the number) with the key and params the web
   * translates it by (the statement adds `order_no` to them); null for none.
   */
  notification: {
    titlePrefix: string;
    body: string;
    titleKey: string;
    params: Record<string, string | number | null>;
  } | null;
  /** The audit entry; the statement adds `order_no` to its `after`. */
  audit: AuditRow;
  /** Announce `order.created` to the outlet's screens. */
  liveEvent: boolean;
  /** Products sold for the first time: they become archive-only (decision 009). */
  firstSoldProductIds: string[];
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const orderlessRows = new Set([
  'order_items_order_id_orders_id_fk',
  'order_payments_order_id_orders_id_fk',
  'order_status_history_order_id_orders_id_fk',
]);

/**
 * Records a whole order (a counter sale or an app order) in ONE statement, so in one implicit
 * transaction with no client round trip inside its lock. Orders of an outlet queue on its
 * counter row, held to commit, so the statement takes it as late as it can:
 *   1. the order's lines, payments and first history row (no shared lock; they reference the
 *      order id, which is checked at the end of the statement);
 *   2. the counter row → the day's number → the order row, the products' has_sales, the audit
 *      entry (with the number), the outlet's notification, the customer's link and the live
 *      event with its NOTIFY (no lock: live events are ordered by transaction, decision 061).
 * Each step reads the previous step's rows, which is what makes PostgreSQL run them in this order.
 * Answers the number, or null when the business day has been closed (nothing is written then).
 */
export async function recordOrder(db: Db, sale: NewOrder) {
  const o = sale.order;
  const items = sale.items.map((i) => ({
    id: i.id,
    product_id: i.productId,
    line_no: i.lineNo,
    name: i.name,
    name_my: i.nameMy,
    sku: i.sku,
    quantity: i.quantity,
    unit_price: i.unitPrice,
    options: i.options,
    addons: i.addons,
    notes: i.notes,
    line_total: i.lineTotal,
  }));
  const payments = sale.payments.map((p) => ({
    id: p.id,
    line_no: p.lineNo,
    method: p.method,
    amount: p.amount,
    tendered: p.tendered,
    change_given: p.changeGiven,
    reference: p.reference,
  }));
  const h = sale.history;
  const a = sale.audit;
  const sold =
    sale.firstSoldProductIds.length > 0
      ? sql`, s as (
        update ${products} set has_sales = true
        from o
        where ${products.tenantId} = ${o.tenantId}::uuid and not ${products.hasSales}
          and ${products.id} = any(${uuidArray(sale.firstSoldProductIds)}::uuid[])
        returning 1
      )`
      : sql``;
  const notify = sale.notification
    ? sql`, n as (
        insert into ${notifications} (tenant_id, outlet_id, id_order, title, body, title_key,
          params, actor_id)
        select ${o.tenantId}::uuid, ${o.outletId}::uuid, o.id,
          ${sale.notification.titlePrefix} || o.order_no, ${sale.notification.body},
          ${sale.notification.titleKey},
          ${JSON.stringify(sale.notification.params)}::jsonb
            || jsonb_build_object('order_no', o.order_no),
          ${o.staffId}::uuid
        from o
        returning 1
      )`
    : sql``;
  const link = sale.customerId
    ? sql`, co as (
        insert into ${customerOrders} (order_id, tenant_id, customer_id, created_at)
        select o.id, ${o.tenantId}::uuid, ${sale.customerId}::uuid, ${ts(o.createdAt)}
        from o
        returning 1
      )`
    : sql``;
  const live = sale.liveEvent
    ? sql`, ${liveEventCtes(
        { tenantId: o.tenantId, outletId: o.outletId, type: 'order.created' },
        sql`jsonb_build_object('id_order', o.id, 'status', o.status, 'outlet_id', o.outlet_id,
          'order_no', o.order_no)`,
        sql`o`,
      )}`
    : sql``;
  try {
    const result = await executePrepared(
      db,
      sql`
      with i as (
        insert into ${orderItems} (id, tenant_id, order_id, product_id, line_no, name, name_my,
          sku, quantity, unit_price, options, addons, notes, line_total)
        select x.id, ${o.tenantId}::uuid, ${o.id}::uuid, x.product_id, x.line_no, x.name,
          x.name_my, x.sku,
          x.quantity, x.unit_price, x.options, x.addons, x.notes, x.line_total
        from json_to_recordset(${JSON.stringify(items)}::json) as x(id uuid, product_id uuid,
          line_no int, name text, name_my text, sku text, quantity int, unit_price int, options jsonb,
          addons jsonb, notes text, line_total int)
        returning 1
      ), p as (
        insert into ${orderPayments} (id, tenant_id, order_id, line_no, method, amount, tendered,
          change_given, reference, status, created_at)
        select x.id, ${o.tenantId}::uuid, ${o.id}::uuid, x.line_no, x.method, x.amount,
          x.tendered, x.change_given, x.reference, 'paid', ${ts(o.createdAt)}
        from json_to_recordset(${JSON.stringify(payments)}::json) as x(id uuid, line_no int,
          method text, amount int, tendered int, change_given int, reference text)
        returning 1
      ), h as (
        insert into ${orderStatusHistory} (id, tenant_id, order_id, from_status, to_status,
          by_user_id, by_name, reason, reason_code, reason_params, at)
        values (${h.id}::uuid, ${o.tenantId}::uuid, ${o.id}::uuid, ${h.fromStatus}::text,
          ${h.toStatus}, ${h.byUserId}::uuid, ${h.byName}::text, ${h.reason}::text,
          ${h.reasonCode}::text, ${h.reasonParams ? JSON.stringify(h.reasonParams) : null}::jsonb,
          ${ts(h.at)})
        returning 1
      ), c as (
        insert into ${orderCounters} as oc (tenant_id, outlet_id, business_date, last_no)
        select ${o.tenantId}::uuid, ${o.outletId}::uuid, ${o.businessDate}::date, 1
        from (select (select count(*) from i) + (select count(*) from p)
          + (select count(*) from h) as written) as step_one
        where step_one.written > 0
        on conflict (outlet_id, business_date) do update set last_no = oc.last_no + 1
          where oc.closed_at is null and ${tenantIs('oc', o.tenantId)}
        returning last_no
      ), o as (
        insert into ${orders} (id, tenant_id, outlet_id, order_no, seq, business_date, source,
          serving_method, table_no, delivery_address, customer_name, customer_phone, notes,
          staff_id, staff_name, status, subtotal, discount, service_charge, service_tax,
          delivery_fee, rounding, total, paid, change_due, refunded, refund_due, payment_methods,
          outside_hours, manual_discount, till_id, shift_id, idempotency_key, created_at,
          updated_at)
        select ${o.id}::uuid, ${o.tenantId}::uuid, ${o.outletId}::uuid,
          ${sale.outletCode} || '-' || lpad(c.last_no::text, greatest(4, length(c.last_no::text)), '0'),
          c.last_no, ${o.businessDate}::date, ${o.source}, ${o.servingMethod}, ${o.tableNo}::text,
          ${o.deliveryAddress}::text, ${o.customerName}::text, ${o.customerPhone}::text,
          ${o.notes}::text, ${o.staffId}::uuid, ${o.staffName}::text, ${o.status},
          ${o.subtotal}::int, ${o.discount}::int, ${o.serviceCharge}::int, ${o.serviceTax}::int,
          ${o.deliveryFee}::int, ${o.rounding}::int, ${o.total}::int, ${o.paid}::int,
          ${o.changeDue}::int, ${o.refunded}::int, ${o.refundDue}::int,
          ${`{${o.paymentMethods.join(',')}}`}::text[], ${o.outsideHours}::boolean,
          ${o.manualDiscount ? JSON.stringify(o.manualDiscount) : null}::jsonb,
          ${o.tillId}::uuid, ${o.shiftId}::uuid,
          ${o.idempotencyKey}::text, ${ts(o.createdAt)}, ${ts(o.updatedAt)}
        from c
        returning id, seq, order_no, status, outlet_id
      ), a as (
        insert into ${auditLog} (tenant_id, actor_id, actor_username, action, entity, entity_id,
          before, after, ip, user_agent, request_id)
        select ${a.tenantId}::uuid, ${a.actorId}::uuid, ${a.actorUsername}::text, ${a.action},
          ${a.entity}, ${a.entityId}::text, null,
          ${JSON.stringify(a.after ?? {})}::jsonb || jsonb_build_object('order_no', o.order_no),
          ${a.ip}::text, ${a.userAgent}::text, ${a.requestId}::text
        from o
        returning 1
      )${sold}${notify}${link}${live}
      select seq, order_no as "orderNo"${
        sale.liveEvent ? sql`, (select count(*) from live_notify)::int as announced` : sql``
      } from o`,
    );
    const [row] = rowsOf<{ seq: number; orderNo: string }>(result);
    return row ?? null;
  } catch (error) {
    // The lines reference an order that was not written: the counter refused a closed day.
    if (orderlessRows.has(foreignKeyViolation(error) ?? '')) return null;
    throw error;
  }
}
