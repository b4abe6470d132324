import { orderStatuses } from '@kopi/contract';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { executePrepared, runPrepared } from '../../db/prepared';
import { users } from '../../db/schema/access';
import { products } from '../../db/schema/catalogue';
import {
  orderCounters,
  orderItems,
  orderPayments,
  orders,
  orderStatusHistory,
  orderSearchText,
  statusList,
} from '../../db/schema/orders';
import { auditLog, notifications } from '../../db/schema/platform';
import { outletClosures, outlets, tenants } from '../../db/schema/tenancy';
import type { AuditRow } from '../../lib/audit';
import { liveEventCtes, liveEventLock } from '../../lib/live-events';
import { foreignKeyViolation } from '../../lib/db-errors';
import { likePattern } from '../../lib/paging';
import type { CatalogueProduct } from './order-cart';

// Orders of one tenant: what a sale needs to know (outlet, tenant settings, the cart's catalogue),
// the rows a sale writes, status moves, and the list and details. Every query filters by
// tenant_id; none knows HTTP.

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderPaymentRow = typeof orderPayments.$inferSelect;
export type OrderHistoryRow = typeof orderStatusHistory.$inferSelect;

// ---- What a sale needs ------------------------------------------------------------------------

/**
 * The outlet with its tenant's pricing and business-day settings, its closures from `fromDate`
 * on, the seller's name and the cart's catalogue, in one query.
 */
export async function saleContext(
  db: Db,
  tenantId: string,
  outletId: string,
  userId: string,
  fromDate: string,
  /** The cart's products: their catalogue comes back in the same query (one round trip). */
  productIds: string[] = [],
) {
  const [row] = await runPrepared(
    db
      .select({
        id: outlets.id,
        code: outlets.code,
        name: outlets.name,
        address: outlets.address,
        phone: outlets.phone,
        status: outlets.status,
        timezone: outlets.timezone,
        servingMethods: outlets.servingMethods,
        deliveryFee: outlets.deliveryFee,
        acceptingOrders: outlets.acceptingOrders,
        hours: outlets.hours,
        lastOrderMinutes: outlets.lastOrderMinutes,
        cutoffHour: tenants.businessDayCutoffHour,
        serviceTaxRateBp: tenants.serviceTaxRateBp,
        serviceTaxOnServiceCharge: tenants.serviceTaxOnServiceCharge,
        serviceChargeRateBp: tenants.serviceChargeRateBp,
        serviceChargeMethods: tenants.serviceChargeMethods,
        cashRounding: tenants.cashRounding,
        tenantName: tenants.name,
        legalName: tenants.legalName,
        sstRegistrationNo: tenants.sstRegistrationNo,
        tin: tenants.tin,
        brn: tenants.brn,
        closures: sql<{ from: string; to: string; reason: string }[]>`coalesce((
        select json_agg(json_build_object('from', c.from_date, 'to', c.to_date, 'reason', c.reason))
        from ${outletClosures} c
        where c.tenant_id = ${tenantId} and c.outlet_id = ${outlets.id} and c.to_date >= ${fromDate}
      ), '[]'::json)`,
        staffName: sql<
          string | null
        >`(select u.fullname from ${users} u where u.id = ${userId} and (u.tenant_id = ${tenantId} or u.tenant_id is null))`,
        catalogue:
          productIds.length > 0
            ? sql<CatalogueProduct[]>`coalesce((
              select json_agg(row_to_json(cart)) from (${catalogueSelect(tenantId, outletId, productIds)}) cart
            ), '[]'::json)`
            : sql<CatalogueProduct[]>`'[]'::json`,
      })
      .from(outlets)
      .innerJoin(tenants, eq(tenants.id, outlets.tenantId))
      .where(and(eq(outlets.tenantId, tenantId), eq(outlets.id, outletId)))
      .limit(1),
  );
  return row ?? null;
}
export type SaleContext = NonNullable<Awaited<ReturnType<typeof saleContext>>>;

/** A uuid[] parameter: one placeholder whatever the count, so the statement's text stays one. */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/** The products of the cart as `outletId` sells them, with their groups, options and add-ons. */
function catalogueSelect(tenantId: string, outletId: string, productIds: string[]): SQL {
  return sql`
    select p.id, p.name, p.sku, p.status, p.base_price as "basePrice",
      p.discounted_price as "discountedPrice", p.has_sales as "hasSales",
      po.available, po.price_override as "priceOverride", po.sold_out_date::text as "soldOutDate",
      coalesce((
        select json_agg(json_build_object(
          'id', g.id, 'name', g.name, 'required', g.required, 'min', g.min_select,
          'max', g.max_select,
          'options', coalesce((
            select json_agg(json_build_object('id', o.id, 'name', o.name, 'price', o.price)
              order by o.sort_order)
            from variant_options o where o.group_id = g.id and o.tenant_id = ${tenantId}
          ), '[]'::json)
        ) order by pvg.sort_order)
        from product_variant_groups pvg join variant_groups g on g.id = pvg.group_id
        where pvg.product_id = p.id and pvg.tenant_id = ${tenantId}
      ), '[]'::json) as groups,
      coalesce((
        select json_agg(json_build_object('id', a.id, 'name', a.name, 'price', a.price,
          'status', a.status) order by pa.sort_order)
        from product_addons pa join addons a on a.id = pa.addon_id
        where pa.product_id = p.id and pa.tenant_id = ${tenantId}
      ), '[]'::json) as addons
    from products p
    left join product_outlets po on po.product_id = p.id and po.outlet_id = ${outletId}
      and po.tenant_id = ${tenantId}
    where p.tenant_id = ${tenantId} and p.id = any(${uuidArray(productIds)}::uuid[])`;
}

/**
 * Every product of the cart as `outletId` sells it, with its variant groups (and their options)
 * and add-ons as JSON, in one query: no lookup per line.
 */
export async function cartCatalogue(
  db: Db,
  tenantId: string,
  outletId: string,
  productIds: string[],
): Promise<CatalogueProduct[]> {
  if (productIds.length === 0) return [];
  return rowsOf<CatalogueProduct>(
    await db.execute(catalogueSelect(tenantId, outletId, productIds)),
  );
}

/** Has the outlet closed this business day (no more sales on it)? */
export async function isDayClosed(db: Db, tenantId: string, outletId: string, date: string) {
  const [row] = await db
    .select({ closedAt: orderCounters.closedAt })
    .from(orderCounters)
    .where(
      and(
        eq(orderCounters.tenantId, tenantId),
        eq(orderCounters.outletId, outletId),
        eq(orderCounters.businessDate, date),
      ),
    );
  return row?.closedAt != null;
}

export interface NewSale {
  /** The order without its number: the number is taken in the same statement. */
  order: Omit<OrderRow, 'seq' | 'orderNo'>;
  outletCode: string;
  items: OrderItemRow[];
  payments: OrderPaymentRow[];
  history: OrderHistoryRow;
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

/**
 * Records a whole sale in ONE statement, so in one implicit transaction with no client round trip
 * inside its locks. Sales of an outlet queue on its counter row and sales of a tenant on the
 * live-event lock, both held to commit, so the statement takes them as late as it can, in this
 * order (always the same order, so sales never deadlock):
 *   1. the order's lines, payments and first history row (no shared lock; they reference the
 *      order id, which is checked at the end of the statement);
 *   2. the counter row → the day's number → the order row, the products' has_sales, the audit
 *      entry (with the number) and the outlet's notification;
 *   3. the live-event lock → the live event and its NOTIFY.
 * Each step reads the previous step's rows, which is what makes PostgreSQL run them in this order.
 * Answers the number, or null when the business day has been closed (nothing is written then).
 */
const orderlessRows = new Set([
  'order_items_order_id_orders_id_fk',
  'order_payments_order_id_orders_id_fk',
  'order_status_history_order_id_orders_id_fk',
]);

export async function recordSale(db: Db, sale: NewSale) {
  const o = sale.order;
  const items = sale.items.map((i) => ({
    id: i.id,
    product_id: i.productId,
    line_no: i.lineNo,
    name: i.name,
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
          params)
        select ${o.tenantId}::uuid, ${o.outletId}::uuid, o.id,
          ${sale.notification.titlePrefix} || o.order_no, ${sale.notification.body},
          ${sale.notification.titleKey},
          ${JSON.stringify(sale.notification.params)}::jsonb
            || jsonb_build_object('order_no', o.order_no)
        from o
        returning 1
      )`
    : sql``;
  // Step 3 waits for every write of step 2.
  const stepTwo = sql.join(
    [
      sql`(select count(*) from a)`,
      ...(sale.firstSoldProductIds.length > 0 ? [sql`(select count(*) from s)`] : []),
      ...(sale.notification ? [sql`(select count(*) from n)`] : []),
    ],
    sql` + `,
  );
  const live = sale.liveEvent
    ? sql`, ${liveEventCtes(
        { tenantId: o.tenantId, outletId: o.outletId, type: 'order.created' },
        sql`jsonb_build_object('id_order', o.id, 'status', o.status, 'outlet_id', o.outlet_id,
          'order_no', o.order_no)`,
        sql`o cross join (select ${liveEventLock(o.tenantId, stepTwo)}) as live_lock`,
      )}`
    : sql``;
  try {
    const result = await executePrepared(
      db,
      sql`
      with i as (
        insert into ${orderItems} (id, tenant_id, order_id, product_id, line_no, name, sku,
          quantity, unit_price, options, addons, notes, line_total)
        select x.id, ${o.tenantId}::uuid, ${o.id}::uuid, x.product_id, x.line_no, x.name, x.sku,
          x.quantity, x.unit_price, x.options, x.addons, x.notes, x.line_total
        from json_to_recordset(${JSON.stringify(items)}::json) as x(id uuid, product_id uuid,
          line_no int, name text, sku text, quantity int, unit_price int, options jsonb,
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
          by_user_id, by_name, reason, at)
        values (${h.id}::uuid, ${o.tenantId}::uuid, ${o.id}::uuid, ${h.fromStatus}::text,
          ${h.toStatus}, ${h.byUserId}::uuid, ${h.byName}::text, ${h.reason}::text, ${ts(h.at)})
        returning 1
      ), c as (
        insert into ${orderCounters} as oc (tenant_id, outlet_id, business_date, last_no)
        select ${o.tenantId}::uuid, ${o.outletId}::uuid, ${o.businessDate}::date, 1
        from (select (select count(*) from i) + (select count(*) from p)
          + (select count(*) from h) as written) as step_one
        where step_one.written > 0
        on conflict (outlet_id, business_date) do update set last_no = oc.last_no + 1
          where oc.closed_at is null and oc.tenant_id = ${o.tenantId}::uuid
        returning last_no
      ), o as (
        insert into ${orders} (id, tenant_id, outlet_id, order_no, seq, business_date, source,
          serving_method, table_no, delivery_address, customer_name, customer_phone, notes,
          staff_id, staff_name, status, subtotal, discount, service_charge, service_tax,
          delivery_fee, rounding, total, paid, change_due, refunded, refund_due, payment_methods,
          outside_hours, idempotency_key, created_at, updated_at)
        select ${o.id}::uuid, ${o.tenantId}::uuid, ${o.outletId}::uuid,
          ${sale.outletCode} || '-' || lpad(c.last_no::text, greatest(4, length(c.last_no::text)), '0'),
          c.last_no, ${o.businessDate}::date, ${o.source}, ${o.servingMethod}, ${o.tableNo}::text,
          ${o.deliveryAddress}::text, ${o.customerName}::text, ${o.customerPhone}::text,
          ${o.notes}::text, ${o.staffId}::uuid, ${o.staffName}::text, ${o.status},
          ${o.subtotal}::int, ${o.discount}::int, ${o.serviceCharge}::int, ${o.serviceTax}::int,
          ${o.deliveryFee}::int, ${o.rounding}::int, ${o.total}::int, ${o.paid}::int,
          ${o.changeDue}::int, ${o.refunded}::int, ${o.refundDue}::int,
          ${`{${o.paymentMethods.join(',')}}`}::text[], ${o.outsideHours}::boolean,
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
      )${sold}${notify}${live}
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

/** The order created with this Idempotency-Key, if any (the last line against double orders). */
export async function findByIdempotencyKey(db: Db, tenantId: string, key: string) {
  const [row] = await db
    .select({ id: orders.id, orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

// ---- Status moves -----------------------------------------------------------------------------

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
 * notification, then — after those, so it is held only for the tail — the tenant's live-event
 * lock and the `order.status` event. A paid order that is rejected keeps what it is owed in
 * refund_due for the refunds issue.
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
  const written = sql.join(
    [
      sql`(select count(*) from h)`,
      sql`(select count(*) from a)`,
      ...(m.notification ? [sql`(select count(*) from n)`] : []),
    ],
    sql` + `,
  );
  const live = m.liveEvent
    ? sql`, ${liveEventCtes(
        { tenantId: m.tenantId, outletId: m.outletId, type: 'order.status' },
        sql`jsonb_build_object('id_order', moved.id, 'status', moved.status,
          'outlet_id', moved.outlet_id, 'order_no', moved.order_no)`,
        sql`moved cross join (select ${liveEventLock(m.tenantId, written)}) as live_lock`,
      )}`
    : sql``;
  const result = await db.execute(sql`
    with moved as (
      update ${orders} set status = ${m.to}, updated_at = ${ts(m.at)},
        refund_due = case when ${m.to} = 'REJECTED' then paid - refunded else refund_due end
      where tenant_id = ${m.tenantId}::uuid and id = ${m.orderId}::uuid and status = ${m.from}
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

// ---- Reading ----------------------------------------------------------------------------------

/** The language a user saved (en or my), for the files they download. */
export async function userLanguage(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.language ?? null;
}

/** Is `outletId` one of the tenant's outlets (whatever its status)? */
export async function outletExists(db: Db, tenantId: string, outletId: string) {
  const [row] = await db
    .select({ id: outlets.id })
    .from(outlets)
    .where(and(eq(outlets.tenantId, tenantId), eq(outlets.id, outletId)))
    .limit(1);
  return Boolean(row);
}

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

function where(tenantId: string, f: OrderFilter): SQL | undefined {
  const pattern = f.q ? likePattern(f.q) : null;
  return and(
    eq(orders.tenantId, tenantId),
    f.boundOutletId ? eq(orders.outletId, f.boundOutletId) : undefined,
    f.outletId ? eq(orders.outletId, f.outletId) : undefined,
    f.from ? gte(orders.businessDate, f.from) : undefined,
    f.to ? lte(orders.businessDate, f.to) : undefined,
    f.status ? eq(orders.status, f.status) : undefined,
    f.source ? eq(orders.source, f.source) : undefined,
    f.servingMethod ? eq(orders.servingMethod, f.servingMethod) : undefined,
    f.paymentMethod
      ? sql`${orders.paymentMethods} @> array[${f.paymentMethod}]::text[]`
      : undefined,
    pattern ? sql`${orderSearchText(orders)} ilike ${pattern}` : undefined,
  );
}

export type SortKey = 'created' | 'business_date' | 'order_no' | 'total';
const sortColumns = {
  created: orders.createdAt,
  business_date: orders.businessDate,
  order_no: orders.orderNo,
  total: orders.total,
} as const;

const summaryColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  outletId: orders.outletId,
  outletName: outlets.name,
  source: orders.source,
  servingMethod: orders.servingMethod,
  tableNo: orders.tableNo,
  customerName: orders.customerName,
  customerPhone: orders.customerPhone,
  paymentMethods: orders.paymentMethods,
  status: orders.status,
  businessDate: orders.businessDate,
  createdAt: orders.createdAt,
  total: orders.total,
};

/**
 * The list's total without a status, payment or text filter, from the report rollups (decision
 * 021): every order is a sale or rejected there, except app orders still CREATED, counted through
 * the small index of open orders. Exact, and a few thousand rows instead of a tenant's history.
 */
function rollupCount(db: Db, tenantId: string, f: OrderFilter) {
  const scope = (alias: string) =>
    sql.join(
      [
        sql`${sql.raw(alias)}.tenant_id = ${tenantId}::uuid`,
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
  const column = sortColumns[sort.key];
  const order = sort.desc ? [desc(column), desc(orders.id)] : [asc(column), asc(orders.id)];
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(orders)
      .innerJoin(outlets, eq(outlets.id, orders.outletId))
      .where(where(tenantId, f))
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    f.status || f.paymentMethod || f.q
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(where(tenantId, f))
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
  const column = sortColumns[sort.key];
  return db
    .select({
      ...summaryColumns,
      outletCode: outlets.code,
      timezone: outlets.timezone,
      staffName: orders.staffName,
      subtotal: orders.subtotal,
      discount: orders.discount,
      serviceCharge: orders.serviceCharge,
      serviceTax: orders.serviceTax,
      deliveryFee: orders.deliveryFee,
      rounding: orders.rounding,
      paid: orders.paid,
      refunded: orders.refunded,
    })
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.outletId))
    .where(where(tenantId, f))
    .orderBy(sort.desc ? desc(column) : asc(column), sort.desc ? desc(orders.id) : asc(orders.id))
    .limit(limit);
}

/** What the receipt header is made of: the tenant and the outlet as they are now. */
export interface ReceiptSource {
  tenantName: string;
  legalName: string | null;
  sstRegistrationNo: string | null;
  tin: string | null;
  brn: string | null;
  code: string;
  address: string | null;
  phone: string | null;
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
        tenantName: tenants.name,
        legalName: tenants.legalName,
        sstRegistrationNo: tenants.sstRegistrationNo,
        tin: tenants.tin,
        brn: tenants.brn,
        code: outlets.code,
        address: outlets.address,
        phone: outlets.phone,
      },
      // Who is asking, by name, for the history row of a move (the principal has no full name).
      callerName: sql<
        string | null
      >`(select u.fullname from ${users} u where u.id = ${caller.userId})`,
    })
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.outletId))
    .innerJoin(tenants, eq(tenants.id, orders.tenantId))
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.id, id),
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
      // An order reaches each status once, so the lifecycle breaks ties of equal times.
      .orderBy(
        asc(orderStatusHistory.at),
        sql`array_position(array[${statusList(orderStatuses)}], ${orderStatusHistory.toStatus})`,
      ),
  ]);
  return { items, payments, history };
}
