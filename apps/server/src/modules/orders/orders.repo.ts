import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  notifications,
  orderCounters,
  orderItems,
  orderPayments,
  orders,
  orderStatusHistory,
  outletClosures,
  outlets,
  products,
  tenants,
  users,
} from '../../db/schema';
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
 * on, and the seller's name, in one query.
 */
export async function saleContext(
  db: Db,
  tenantId: string,
  outletId: string,
  userId: string,
  fromDate: string,
) {
  const [row] = await db
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
    })
    .from(outlets)
    .innerJoin(tenants, eq(tenants.id, outlets.tenantId))
    .where(and(eq(outlets.tenantId, tenantId), eq(outlets.id, outletId)))
    .limit(1);
  return row ?? null;
}
export type SaleContext = NonNullable<Awaited<ReturnType<typeof saleContext>>>;

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
  const rows = await db.execute(sql`
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
    where p.tenant_id = ${tenantId} and p.id in (${sql.join(
      productIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return (rows as unknown as { rows: CatalogueProduct[] }).rows;
}

// ---- Writing a sale ---------------------------------------------------------------------------

/**
 * Takes the next order number of an outlet's business day. The row stays locked until commit, so
 * numbers are never handed out twice; null when the day has been closed.
 */
export async function nextOrderSeq(
  tx: Db,
  tenantId: string,
  outletId: string,
  businessDate: string,
): Promise<number | null> {
  const [row] = await tx
    .insert(orderCounters)
    .values({ tenantId, outletId, businessDate, lastNo: 1 })
    .onConflictDoUpdate({
      target: [orderCounters.outletId, orderCounters.businessDate],
      set: { lastNo: sql`${orderCounters.lastNo} + 1` },
      setWhere: and(eq(orderCounters.tenantId, tenantId), isNull(orderCounters.closedAt)),
    })
    .returning({ lastNo: orderCounters.lastNo });
  return row?.lastNo ?? null;
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

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId' | 'tenantId'>;
export type NewOrderPayment = Omit<typeof orderPayments.$inferInsert, 'orderId' | 'tenantId'>;

/** The order with its items, payments and first history row: four statements, no per-line ones. */
export async function insertOrder(
  tx: Db,
  order: NewOrder,
  items: NewOrderItem[],
  payments: NewOrderPayment[],
  history: Omit<typeof orderStatusHistory.$inferInsert, 'orderId' | 'tenantId'>,
) {
  const [row] = await tx.insert(orders).values(order).returning();
  const { id: orderId, tenantId } = row!;
  // One after the other: a transaction is one connection, so side by side would only queue.
  const itemRows = await tx
    .insert(orderItems)
    .values(items.map((i) => ({ ...i, orderId, tenantId })))
    .returning();
  const paymentRows = await tx
    .insert(orderPayments)
    .values(payments.map((p) => ({ ...p, orderId, tenantId })))
    .returning();
  const historyRows = await tx
    .insert(orderStatusHistory)
    .values({ ...history, orderId, tenantId })
    .returning();
  return { order: row!, items: itemRows, payments: paymentRows, history: historyRows };
}

/** Products that have now been sold can only be archived, never deleted (decision 009). */
export async function markProductsSold(tx: Db, tenantId: string, productIds: string[]) {
  if (productIds.length === 0) return;
  await tx
    .update(products)
    .set({ hasSales: true })
    .where(
      and(
        eq(products.tenantId, tenantId),
        inArray(products.id, productIds),
        eq(products.hasSales, false),
      ),
    );
}

/** One notification for the outlet's staff (decision 005: everyone at the outlet sees it). */
export async function notifyOutlet(
  tx: Db,
  values: { tenantId: string; outletId: string; orderId: string; title: string; body: string },
) {
  await tx.insert(notifications).values({
    tenantId: values.tenantId,
    outletId: values.outletId,
    idOrder: values.orderId,
    title: values.title,
    body: values.body,
  });
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

/**
 * Moves an order only if it is still in `from` (a concurrent move wins, the other gets null).
 * A paid order that is rejected keeps what it owes in refund_due for the refunds issue.
 */
export async function moveStatus(
  tx: Db,
  tenantId: string,
  id: string,
  from: string,
  to: string,
  at: Date,
) {
  const [row] = await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: at,
      ...(to === 'REJECTED' ? { refundDue: sql`${orders.paid} - ${orders.refunded}` } : {}),
    })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id), eq(orders.status, from)))
    .returning();
  return row ?? null;
}

export async function insertHistory(tx: Db, values: typeof orderStatusHistory.$inferInsert) {
  await tx.insert(orderStatusHistory).values(values);
}

// ---- Reading ----------------------------------------------------------------------------------

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
    pattern
      ? or(
          ilike(orders.orderNo, pattern),
          ilike(orders.customerName, pattern),
          ilike(orders.customerPhone, pattern),
        )
      : undefined,
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
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where(tenantId, f)),
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
      // Who is asking, by name, for the history row of a move (the principal has no full name).
      callerName: sql<
        string | null
      >`(select u.fullname from ${users} u where u.id = ${caller.userId})`,
    })
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.outletId))
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
        sql`array_position(array['CREATED','PENDING','APPROVED','COMPLETED','REJECTED','CLOSED'], ${orderStatusHistory.toStatus})`,
      ),
  ]);
  return { items, payments, history };
}
