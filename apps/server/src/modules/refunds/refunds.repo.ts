import { type RefundCreate, refundStatuses } from '@kopi/contract';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { users } from '../../db/schema/access';
import { orderItems, orderPayments, orders, statusList } from '../../db/schema/orders';
import { auditLog } from '../../db/schema/platform';
import { refundCounters, refundItems, refunds, refundStatusHistory } from '../../db/schema/refunds';
import { outlets, tenants } from '../../db/schema/tenancy';
import { ownedBy, tenantIs } from '../../db/tenant-scope';
import type { AuditRow } from '../../lib/audit';
import { likePattern } from '../../lib/paging';
import { planRefund, type RefundState } from './refund-rules';

// Refunds in the database: the list, one refund with its items and history, what an order may
// still give back, and the writes (create, move, proof), each in one transaction with its audit
// entry. Every query filters by tenant_id, and by the caller's outlet when they are bound to one.

export type RefundRow = typeof refunds.$inferSelect;

/** Counting refunds: every one not rejected (CLOSED without completing was rejected first). */
const counting = (alias: string) =>
  sql`${sql.raw(alias)}.status <> 'REJECTED' and not (${sql.raw(alias)}.status = 'CLOSED' and ${sql.raw(alias)}.completed_at is null)`;

export interface RefundFilter {
  boundOutletId: string | null;
  outletId?: string | undefined;
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
    f.outletId ? eq(refunds.outletId, f.outletId) : undefined,
    f.status ? eq(refunds.status, f.status) : undefined,
    f.method ? eq(refunds.method, f.method) : undefined,
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
    .innerJoin(tenants, eq(tenants.id, refunds.tenantId));

export async function listPage(
  db: Db,
  tenantId: string,
  f: RefundFilter,
  sort: { key: RefundSortKey; desc: boolean },
  limit: number,
  offset: number,
) {
  const column = sortColumns[sort.key];
  const order = sort.desc ? [desc(column), desc(refunds.id)] : [asc(column), asc(refunds.id)];
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
      .innerJoin(tenants, eq(tenants.id, refunds.tenantId))
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
    .innerJoin(tenants, eq(tenants.id, refunds.tenantId))
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
  const column = sortColumns[sort.key];
  return joined(db)
    .where(where(tenantId, f))
    .orderBy(sort.desc ? desc(column) : asc(column), sort.desc ? desc(refunds.id) : asc(refunds.id))
    .limit(limit);
}

/**
 * One refund the caller may see, with its order's figures, the outlet's clock (the business day
 * it completes on), the tenant's manager limit and the caller's name (for the history).
 */
export async function findById(
  db: Db,
  tenantId: string,
  id: string,
  caller: { userId: string; outletId: string | null },
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
      cutoffHour: tenants.businessDayCutoffHour,
      managerLimit: tenants.refundManagerLimit,
      callerName: sql<
        string | null
      >`(select u.fullname from ${users} u where u.id = ${caller.userId})`,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(outlets, eq(outlets.id, refunds.outletId))
    .innerJoin(tenants, eq(tenants.id, refunds.tenantId))
    .where(
      and(
        ownedBy(refunds, tenantId),
        eq(refunds.id, id),
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

interface OrderHead {
  id: string;
  outlet_id: string;
  outlet_code: string;
  paid: number;
  refunded: number;
}

/** The order's refund state; `lock` holds the order row until the transaction ends. */
async function stateOf(
  db: Db,
  tenantId: string,
  orderId: string,
  boundOutletId: string | null,
  lock: boolean,
): Promise<{ head: OrderHead; state: RefundState } | null> {
  const [head] = rowsOf<OrderHead>(
    await db.execute(sql`
      select o.id, o.outlet_id, ot.code as outlet_code, o.paid, o.refunded
      from ${orders} o join ${outlets} ot on ot.id = o.outlet_id
      where ${tenantIs('o', tenantId)} and o.id = ${orderId}::uuid
        ${boundOutletId ? sql`and o.outlet_id = ${boundOutletId}::uuid` : sql``}
      ${lock ? sql`for update of o` : sql``}`),
  );
  if (!head) return null;
  const [items, payments, counted] = await Promise.all([
    db
      .execute(
        sql`
        select oi.id, oi.name, oi.quantity, oi.line_total as "lineTotal",
          (select coalesce(sum(ri.quantity), 0)::int
            from ${refundItems} ri join ${refunds} r on r.id = ri.refund_id
            where ${tenantIs('ri', tenantId)} and ri.order_item_id = oi.id and ${counting('r')}
          ) as "refundedQty"
        from ${orderItems} oi
        where ${tenantIs('oi', tenantId)} and oi.order_id = ${orderId}::uuid
        order by oi.line_no`,
      )
      .then((result) => rowsOf<RefundState['items'][number]>(result)),
    db
      .select({
        method: orderPayments.method,
        amount: sql<number>`sum(${orderPayments.amount})::int`,
      })
      .from(orderPayments)
      .where(and(ownedBy(orderPayments, tenantId), eq(orderPayments.orderId, orderId)))
      .groupBy(orderPayments.method)
      .orderBy(sql`min(${orderPayments.lineNo})`),
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
    state: { paid: head.paid, refunded: head.refunded, items, payments, counted },
  };
}

/** What an order the caller may see can still give back (null: not found for them). */
export async function refundStateOf(
  db: Db,
  tenantId: string,
  orderId: string,
  boundOutletId: string | null,
) {
  return (await stateOf(db, tenantId, orderId, boundOutletId, false))?.state ?? null;
}

/** The refund created with this Idempotency-Key, if any (the last line against doubles). */
async function findByIdempotencyKey(db: Db, tenantId: string, key: string) {
  const [row] = await db
    .select({ id: refunds.id, requestedBy: refunds.requestedBy })
    .from(refunds)
    .where(and(ownedBy(refunds, tenantId), eq(refunds.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

export interface NewRefund {
  tenantId: string;
  boundOutletId: string | null;
  input: RefundCreate;
  at: Date;
  byUserId: string;
  idempotencyKey: string | null;
  audit: AuditRow;
}

/**
 * Creates a refund, PENDING, in one transaction with the order row locked: of any number of
 * parallel requests on one order, each sees the refunds committed before it, so together they
 * never take more than was paid. Numbers it `RF-<outlet>-<n>` from the outlet's counter. Null
 * when the order is not found for the caller, `existing` when the key already made a refund;
 * throws the rule's error when refused.
 */
export async function createRefund(db: Db, r: NewRefund) {
  return db.transaction(async (tx) => {
    const found = await stateOf(tx, r.tenantId, r.input.order_id, r.boundOutletId, true);
    if (!found) return null;
    // The key's first request went through (its stored answer was lost): answer that refund.
    const existing = r.idempotencyKey
      ? await findByIdempotencyKey(tx, r.tenantId, r.idempotencyKey)
      : null;
    if (existing) return { existing, refund: null };
    const { head, state } = found;
    const plan = planRefund(state, r.input);
    const [counter] = await tx
      .insert(refundCounters)
      .values({ tenantId: r.tenantId, outletId: head.outlet_id, lastNo: 1 })
      .onConflictDoUpdate({
        target: refundCounters.outletId,
        set: { lastNo: sql`${refundCounters.lastNo} + 1` },
        setWhere: eq(refundCounters.tenantId, r.tenantId),
      })
      .returning({ lastNo: refundCounters.lastNo });
    const [byName] = await tx
      .select({ name: users.fullname })
      .from(users)
      .where(eq(users.id, r.byUserId));
    const bank = r.input.method === 'bank_transfer' ? r.input.bank : undefined;
    const [refund] = await tx
      .insert(refunds)
      .values({
        tenantId: r.tenantId,
        outletId: head.outlet_id,
        orderId: head.id,
        refundNo: `RF-${head.outlet_code}-${String(counter!.lastNo).padStart(6, '0')}`,
        kind: r.input.kind,
        method: r.input.method,
        paymentMethod: plan.paymentMethod,
        amount: plan.amount,
        reason: r.input.reason,
        reasonNote: r.input.reason_note || null,
        status: 'PENDING',
        requestedBy: r.byUserId,
        requestedByName: byName?.name ?? null,
        bankCode: bank?.bank_code ?? null,
        accountHolder: bank?.account_holder ?? null,
        accountNumber: bank?.account_number ?? null,
        idempotencyKey: r.idempotencyKey,
        createdAt: r.at,
        updatedAt: r.at,
      })
      .returning();
    if (plan.items.length > 0) {
      await tx
        .insert(refundItems)
        .values(plan.items.map((i) => ({ ...i, tenantId: r.tenantId, refundId: refund!.id })));
    }
    await tx.insert(refundStatusHistory).values({
      tenantId: r.tenantId,
      refundId: refund!.id,
      fromStatus: 'CREATED',
      toStatus: 'PENDING',
      byUserId: r.byUserId,
      byName: byName?.name ?? null,
      reason: r.input.reason_note || null,
      at: r.at,
    });
    await tx.insert(auditLog).values({
      ...r.audit,
      entityId: refund!.id,
      after: {
        ...(r.audit.after as Record<string, unknown>),
        refund_no: refund!.refundNo,
        amount: plan.amount,
        payment_method: plan.paymentMethod,
      },
    });
    return { existing: null, refund: refund! };
  });
}

export interface RefundMoveWrite {
  tenantId: string;
  refundId: string;
  from: string;
  to: string;
  at: Date;
  byUserId: string;
  byName: string;
  reason: string | null;
  transferReference: string | null;
  /** Set on COMPLETED: the business day the refund counts on. */
  businessDate: string | null;
  audit: AuditRow;
}

/**
 * Moves a refund in one transaction, only if it is still in `from` (of two racing moves one
 * wins, the other gets false): the refund, its history, the audit entry and, on COMPLETED, the
 * order's refunded amount (and what it was still owed back).
 */
export async function moveRefund(db: Db, m: RefundMoveWrite): Promise<boolean> {
  return db.transaction(async (tx) => {
    const decides = m.to === 'APPROVED' || m.to === 'REJECTED';
    const completes = m.to === 'COMPLETED';
    // The order row before the refund counts in the rollups (whose triggers take the tenant's
    // live-event lock): every order writer locks its order, then the live lock, in that order.
    if (completes) {
      await tx.execute(sql`
        select o.id from ${orders} o join ${refunds} r on r.order_id = o.id
        where ${tenantIs('r', m.tenantId)} and r.id = ${m.refundId}::uuid
        for update of o`);
    }
    const [moved] = await tx
      .update(refunds)
      .set({
        status: m.to,
        updatedAt: m.at,
        ...(decides ? { approvedBy: m.byUserId, approvedByName: m.byName } : {}),
        ...(m.transferReference ? { transferReference: m.transferReference } : {}),
        ...(completes ? { completedAt: m.at, businessDate: m.businessDate } : {}),
      })
      .where(
        and(ownedBy(refunds, m.tenantId), eq(refunds.id, m.refundId), eq(refunds.status, m.from)),
      )
      .returning({ orderId: refunds.orderId, amount: refunds.amount });
    if (!moved) return false;
    if (completes) {
      await tx
        .update(orders)
        .set({
          refunded: sql`${orders.refunded} + ${moved.amount}`,
          refundDue: sql`greatest(${orders.refundDue} - ${moved.amount}, 0)`,
          updatedAt: m.at,
        })
        .where(and(ownedBy(orders, m.tenantId), eq(orders.id, moved.orderId)));
    }
    await tx.insert(refundStatusHistory).values({
      tenantId: m.tenantId,
      refundId: m.refundId,
      fromStatus: m.from,
      toStatus: m.to,
      byUserId: m.byUserId,
      byName: m.byName,
      reason: m.reason,
      at: m.at,
    });
    await tx.insert(auditLog).values(m.audit);
    return true;
  });
}

/** Keeps the transfer's proof with its audit entry; answers the proof it replaced. */
export async function setProof(
  db: Db,
  tenantId: string,
  refundId: string,
  url: string,
  audit: AuditRow,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ proofUrl: refunds.proofUrl })
      .from(refunds)
      .where(and(ownedBy(refunds, tenantId), eq(refunds.id, refundId)))
      .for('update');
    if (!before) return null;
    await tx
      .update(refunds)
      .set({ proofUrl: url })
      .where(and(ownedBy(refunds, tenantId), eq(refunds.id, refundId)));
    await tx.insert(auditLog).values(audit);
    return { previous: before.proofUrl };
  });
}
