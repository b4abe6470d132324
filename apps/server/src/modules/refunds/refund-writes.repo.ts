import type { RefundCreate } from '@kopi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { users } from '../../db/schema/access';
import { customerOrders } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { auditLog, notifications } from '../../db/schema/platform';
import { refundCounters, refundItems, refunds, refundStatusHistory } from '../../db/schema/refunds';
import { ownedBy, ownedWhere, tenantIs } from '../../db/tenant-scope';
import type { AuditRow } from '../../lib/audit';
import { type Reason, reasonColumns } from '../../lib/coded-reason';
import { publishLiveEvent } from '../../lib/live-events';
import { planRefund } from './refund-rules';
import { orderRefundState } from './refund-state.repo';

// Writing refunds (create, move, a provider's failed payout), each in one transaction with its
// audit entry, notification and live event; a new refund reads what its order can still give back
// with the order row locked (refund-state.repo.ts). Every query filters by tenant_id (and the
// caller's outlet).

/** The refund created with this Idempotency-Key, if any (the last line against doubles). */
async function findByIdempotencyKey(db: Db, tenantId: string, key: string) {
  const [row] = await db
    .select({ id: refunds.id, requestedBy: refunds.requestedBy })
    .from(refunds)
    .where(and(ownedBy(refunds, tenantId), eq(refunds.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/**
 * What a refund write tells the outlet's staff (and tenant-wide staff, who see every outlet):
 * the bell's notification, when the step is one someone acts on, and the `refund.status` event.
 */
export interface RefundNotice {
  /** "Refund <number> <verb>" with the key and params the web translates it by. */
  notification: { verb: string; titleKey: string; body: string } | null;
  liveEvent: boolean;
}

async function announce(
  tx: Db,
  tenantId: string,
  refund: {
    id: string;
    refundNo: string;
    orderId: string;
    outletId: string;
    status: string;
    amount: number;
  },
  by: { name: string | null; userId: string | null },
  notice: RefundNotice,
) {
  if (notice.notification) {
    const n = notice.notification;
    await tx.insert(notifications).values({
      tenantId,
      outletId: refund.outletId,
      idOrder: refund.orderId,
      title: `Refund ${refund.refundNo} ${n.verb}`,
      body: n.body,
      titleKey: n.titleKey,
      // refund_id: the bell opens the refund itself.
      params: {
        refund_no: refund.refundNo,
        refund_id: refund.id,
        amount: refund.amount,
        by: by.name,
      },
      actorId: by.userId,
    });
  }
  if (notice.liveEvent) {
    // After every other write: the tenant's live-event lock is held only for the tail.
    await publishLiveEvent(tx, {
      tenantId,
      outletId: refund.outletId,
      type: 'refund.status',
      message: {
        id_order: refund.orderId,
        id_refund: refund.id,
        refund_no: refund.refundNo,
        status: refund.status,
        outlet_id: refund.outletId,
      },
    });
  }
}

export interface NewRefund {
  tenantId: string;
  boundOutletId: string | null;
  input: RefundCreate;
  at: Date;
  /** Who asks: a staff user, or null when the system asks for it (a customer's cancel). */
  byUserId: string | null;
  /** The name the history shows when no user asks. */
  byName?: string;
  idempotencyKey: string | null;
  audit: AuditRow;
  notice: RefundNotice;
}

/**
 * Creates a refund, PENDING, in one transaction with the order row locked: of any number of
 * parallel requests on one order, each sees the refunds committed before it, so together they
 * never take more than was paid. Numbers it `RF-<outlet>-<n>` from the outlet's counter. Null
 * when the order is not found for the caller, `existing` when the key already made a refund;
 * throws the rule's error when refused.
 */
export async function createRefund(db: Db, r: NewRefund) {
  return db.transaction((tx) => createRefundIn(tx, r));
}

/** createRefund inside the caller's transaction (a refund at the counter asks and pays at once). */
export async function createRefundIn(tx: Db, r: NewRefund) {
  const found = await orderRefundState(tx, r.tenantId, r.input.order_id, r.boundOutletId, true);
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
      setWhere: ownedBy(refundCounters, r.tenantId),
    })
    .returning({ lastNo: refundCounters.lastNo });
  const [user] = r.byUserId
    ? await tx.select({ name: users.fullname }).from(users).where(eq(users.id, r.byUserId))
    : [];
  const byName = user?.name ?? r.byName ?? null;
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
      requestedByName: byName,
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
    byName,
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
  await announce(tx, r.tenantId, refund!, { name: byName, userId: r.byUserId }, r.notice);
  return { existing: null, refund: refund! };
}

/** The refund as it stands once moved, in the move's transaction. */
type MovedRefund = typeof refunds.$inferSelect;

export interface RefundMoveWrite {
  tenantId: string;
  refundId: string;
  from: string;
  to: string;
  at: Date;
  /** Null when no staff member moves it (the provider's callback, an automatic approval). */
  byUserId: string | null;
  /**
   * On APPROVED: refuses the approval (by throwing) before anything is written, first in the
   * move's transaction (an approver's limit, counted with the order row locked).
   */
  approvalCheck?: (tx: Db) => Promise<void>;
  byName: string;
  /** What the staff member wrote; coded when the system moves it. */
  reason: Reason;
  transferReference: string | null;
  /**
   * On COMPLETED: the business day the refund counts on and the shift whose drawer pays it,
   * taken first in the move's transaction (it locks the day against its close, before the order
   * row, in the order the day close takes them).
   */
  book?: (tx: Db) => Promise<RefundBooking>;
  audit: AuditRow;
  notice: RefundNotice;
  /**
   * On APPROVED: whether the money goes back through the payment's provider (its requests are
   * recorded in this transaction). `required`: roll the move back when it does not.
   */
  payout?: { plan: (tx: Db, moved: MovedRefund) => Promise<boolean>; required: boolean };
  /** The provider's payout state the move leaves (`succeeded` when its callback completes it). */
  providerPayout?: 'succeeded';
  /**
   * On COMPLETED: what moves with the money for the order's customer (their wallet, points,
   * referral), in the move's transaction, before the refund counts in the rollups (whose triggers
   * take the tenant's live-event lock: customers' rows are always locked before it).
   */
  onComplete?: (tx: Db, completing: CompletingRefund) => Promise<void>;
}

/** Where a completing refund counts: its booking day and the drawer's shift. */
export interface RefundBooking {
  businessDate: string;
  shiftId: string | null;
}

/** A refund about to complete and its order as it stands before it. */
export interface CompletingRefund {
  refund: MovedRefund;
  order: { id: string; paid: number; refunded: number; customerId: string | null };
  /** The move's audit entry: what moves with the refund is recorded as done by the same actor. */
  audit: AuditRow;
}

/** Rolls back a move whose payout had to go through a provider and could not. */
class NoProviderPayout extends Error {}

/**
 * Moves a refund in one transaction, only if it is still in `from` (of two racing moves one
 * wins, the other gets false): the refund, its history, the audit entry and, on COMPLETED, the
 * order's refunded amount (and what it was still owed back). Answers whether it moved and
 * whether its payout went to a provider.
 */
export async function moveRefund(
  db: Db,
  m: RefundMoveWrite,
): Promise<{ moved: boolean; byProvider: boolean }> {
  return db
    .transaction((tx) => writeMove(tx, m))
    .catch((error: unknown) => {
      if (error instanceof NoProviderPayout) return { moved: false, byProvider: false };
      throw error;
    });
}

/** moveRefund inside the caller's transaction, with no provider payout required. */
export async function moveRefundIn(tx: Db, m: RefundMoveWrite) {
  return writeMove(tx, { ...m, payout: m.payout ? { ...m.payout, required: false } : undefined });
}

async function writeMove(tx: Db, m: RefundMoveWrite) {
  const decides = m.to === 'APPROVED' || m.to === 'REJECTED';
  const completes = m.to === 'COMPLETED';
  if (completes && !m.book) throw new Error('A refund completes only with its booking');
  if (m.to === 'APPROVED' && m.approvalCheck) await m.approvalCheck(tx);
  const booking = completes ? await m.book!(tx) : null;
  // The order row before the refund counts in the rollups (whose triggers take the tenant's
  // live-event lock): every order writer locks its order, then the live lock, in that order.
  if (completes) {
    const [order] = rowsOf<CompletingRefund['order'] & { customer_id: string | null }>(
      await tx.execute(sql`
        select o.id, o.paid, o.refunded, co.customer_id
        from ${orders} o join ${refunds} r on r.order_id = o.id
        left join ${customerOrders} co on co.order_id = o.id and ${tenantIs('co', m.tenantId)}
        where ${tenantIs('r', m.tenantId)} and r.id = ${m.refundId}::uuid
          and ${tenantIs('o', m.tenantId)}
        for update of o`),
    );
    if (order && m.onComplete) {
      const [refund] = await tx
        .select()
        .from(refunds)
        .where(
          and(ownedBy(refunds, m.tenantId), eq(refunds.id, m.refundId), eq(refunds.status, m.from)),
        )
        .for('update');
      if (!refund) return { moved: false, byProvider: false };
      await m.onComplete(tx, {
        refund,
        order: {
          id: order.id,
          paid: order.paid,
          refunded: order.refunded,
          customerId: order.customer_id,
        },
        audit: m.audit,
      });
    }
  }
  const [moved] = await tx
    .update(refunds)
    .set({
      status: m.to,
      updatedAt: m.at,
      ...(decides ? { approvedBy: m.byUserId, approvedByName: m.byName } : {}),
      ...(m.transferReference ? { transferReference: m.transferReference } : {}),
      ...(booking
        ? { completedAt: m.at, businessDate: booking.businessDate, shiftId: booking.shiftId }
        : {}),
    })
    .where(
      and(ownedBy(refunds, m.tenantId), eq(refunds.id, m.refundId), eq(refunds.status, m.from)),
    )
    .returning();
  if (!moved) return { moved: false, byProvider: false };
  const byProvider = m.payout ? await m.payout.plan(tx, moved) : false;
  if (m.payout?.required && !byProvider) throw new NoProviderPayout();
  if (byProvider || m.providerPayout) {
    await tx
      .update(refunds)
      .set({ providerPayout: byProvider ? 'pending' : m.providerPayout })
      .where(and(ownedBy(refunds, m.tenantId), eq(refunds.id, m.refundId)));
  }
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
    ...reasonColumns(m.reason),
    at: m.at,
  });
  await tx.insert(auditLog).values(m.audit);
  await announce(tx, m.tenantId, moved, { name: m.byName, userId: m.byUserId }, m.notice);
  return { moved: true, byProvider };
}

/**
 * The provider says it could not give the money back: the refund stays APPROVED for the staff to
 * pay by hand, with its payout marked failed, an audit entry and the bell. Once per refund.
 */
export async function markPayoutFailed(
  tx: Db,
  p: { tenantId: string; refundId: string; by: string; audit: AuditRow; notice: RefundNotice },
) {
  const [refund] = await tx
    .update(refunds)
    .set({ providerPayout: 'failed' })
    .where(ownedWhere(refunds, p.tenantId, { id: p.refundId, providerPayout: 'pending' }))
    .returning();
  if (!refund) return;
  await tx.insert(auditLog).values(p.audit);
  // The provider's refusal is no one's own action: everyone is told.
  await announce(tx, p.tenantId, refund, { name: p.by, userId: null }, p.notice);
}
