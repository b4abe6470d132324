import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { orderPayments, orders, orderStatusHistory } from '../../db/schema/orders';
import { paymentCallbacks, paymentIntents } from '../../db/schema/payments';
import { auditLog, notifications } from '../../db/schema/platform';
import type { AuditRow } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { publishLiveEvent } from '../../lib/live-events';
import type { PaymentEvent } from './payment-provider';

// Payment intents and provider callbacks. Every query filters by tenant_id, except the callback's
// first lookup: a provider knows our payment id, not our tenant, and the intent names the tenant.

export type PaymentIntentRow = typeof paymentIntents.$inferSelect;

export async function insertIntent(
  tx: Db,
  values: Pick<
    typeof paymentIntents.$inferInsert,
    'tenantId' | 'orderId' | 'customerId' | 'provider' | 'method' | 'amount'
  >,
) {
  const [row] = await tx.insert(paymentIntents).values(values).returning();
  return row!;
}

export interface AppliedEvent {
  /** The event was processed before (or its payment was already settled): nothing changed. */
  duplicate: boolean;
}

export interface ApplyEvent {
  provider: string;
  event: PaymentEvent;
  at: Date;
  /** Who moved the order, as the history shows it (e.g. "Online payment (sandbox)"). */
  byName: string;
  /** The audit entry without action, entity and after (filled here). */
  audit: Omit<AuditRow, 'action' | 'entity' | 'entityId' | 'after' | 'tenantId'>;
  /** The outlet staff's notification body for a paid order. */
  paidBody: (o: { servingMethod: string; tableNo: string | null; total: number }) => string;
}

const ringgit = (sen: number) => `RM ${(sen / 100).toFixed(2)}`;

/**
 * Applies a verified provider event in one transaction. Locks are taken in one order — the
 * payment intent, then the order row, then (last, via publishLiveEvent) the tenant's live-event
 * lock — and the customer's cancel takes only the order row before the live-event lock, so the
 * two never deadlock.
 *   - The event id is recorded in payment_callbacks in the same transaction: a replay (same id)
 *     finds it and changes nothing, and a failure leaves nothing recorded, so a retry runs again.
 *   - `paid` on a CREATED order: the order becomes PENDING (the status board shows it) with its
 *     payment row, history, audit entry, the outlet staff's notification and `order.status`.
 *   - `paid` on an order no longer waiting for it (cancelled meanwhile, or paid twice): the money
 *     was still taken, so the payment is recorded and owed back in refund_due.
 *   - `failed`: the intent is closed; the order stays CREATED and may be paid again.
 */
export async function applyEvent(db: Db, a: ApplyEvent): Promise<AppliedEvent> {
  const e = a.event;
  return db.transaction(async (tx) => {
    const [intent] = rowsOf<{
      id: string;
      tenant_id: string;
      order_id: string;
      amount: number;
      method: string;
      status: string;
    }>(
      await tx.execute(sql`
        select id, tenant_id, order_id, amount, method, status from ${paymentIntents}
        where id = ${e.paymentId}::uuid and provider = ${a.provider}
        for update`),
    );
    if (!intent || intent.order_id !== e.orderId) throw new AppError('not_found');
    if (intent.amount !== e.amount) {
      throw new AppError('payment_amount_mismatch', {
        message: `The payment was for ${ringgit(intent.amount)}; the notification says ${ringgit(e.amount)}`,
      });
    }
    const recorded = await tx
      .insert(paymentCallbacks)
      .values({
        provider: a.provider,
        eventId: e.eventId,
        tenantId: intent.tenant_id,
        paymentId: intent.id,
        status: e.status,
      })
      .onConflictDoNothing()
      .returning({ id: paymentCallbacks.id });
    // A replay of an event already applied, or a second event for a settled payment.
    if (recorded.length === 0 || intent.status !== 'pending') return { duplicate: true };

    const tenantId = intent.tenant_id;
    await tx
      .update(paymentIntents)
      .set({ status: e.status, completedAt: a.at })
      .where(and(eq(paymentIntents.tenantId, tenantId), eq(paymentIntents.id, intent.id)));
    const audit = (action: string, after: Record<string, unknown>) =>
      tx.insert(auditLog).values({
        ...a.audit,
        tenantId,
        action,
        entity: 'order',
        entityId: intent.order_id,
        after: { payment_id: intent.id, provider: a.provider, event_id: e.eventId, ...after },
      });
    if (e.status === 'failed') {
      await audit('payment.failed', { amount: intent.amount, method: intent.method });
      return { duplicate: false };
    }

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
        where tenant_id = ${tenantId}::uuid and id = ${intent.order_id}::uuid
        for update`),
    );
    const waiting = order!.status === 'CREATED';
    const [moved] = await tx
      .update(orders)
      .set({
        ...(waiting
          ? { status: 'PENDING' }
          : { refundDue: sql`${orders.refundDue} + ${intent.amount}` }),
        paid: sql`${orders.paid} + ${intent.amount}`,
        paymentMethods: sql`array(select distinct m from unnest(${orders.paymentMethods} || ${`{${intent.method}}`}::text[]) m)`,
        updatedAt: a.at,
      })
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, intent.order_id)))
      .returning({ refundDue: orders.refundDue });
    await tx.insert(orderPayments).values({
      tenantId,
      orderId: intent.order_id,
      lineNo: sql`(select coalesce(max(p.line_no), 0) + 1 from ${orderPayments} p
        where p.tenant_id = ${tenantId}::uuid and p.order_id = ${intent.order_id}::uuid)`,
      method: intent.method,
      amount: intent.amount,
      tendered: null,
      changeGiven: 0,
      reference: `${a.provider}:${intent.id}`,
      status: 'paid',
      createdAt: a.at,
    });
    if (!waiting) {
      await audit('order.payment_after_close', {
        amount: intent.amount,
        status: order!.status,
        refund_due: moved!.refundDue,
      });
      await tx.insert(notifications).values({
        tenantId,
        outletId: order!.outlet_id,
        idOrder: intent.order_id,
        title: `Order ${order!.order_no} was paid after it was ${order!.status === 'REJECTED' ? 'cancelled' : 'already paid'}`,
        body: `${ringgit(intent.amount)} to refund (${a.provider})`,
        titleKey: order!.status === 'REJECTED' ? 'paidAfterCancel' : 'paidTwice',
        params: { order_no: order!.order_no, amount: intent.amount, provider: a.provider },
      });
      return { duplicate: false };
    }

    await tx.insert(orderStatusHistory).values({
      tenantId,
      orderId: intent.order_id,
      fromStatus: 'CREATED',
      toStatus: 'PENDING',
      byUserId: null,
      byName: a.byName,
      reason: `Paid online: ${ringgit(intent.amount)} (${intent.method})`,
      at: a.at,
    });
    await audit('order.paid', {
      status: 'PENDING',
      amount: intent.amount,
      method: intent.method,
    });
    // Paid is the moment the bar must see it: "New order …" like a counter sale.
    await tx.insert(notifications).values({
      tenantId,
      outletId: order!.outlet_id,
      idOrder: intent.order_id,
      title: `New order ${order!.order_no}`,
      body: a.paidBody({
        servingMethod: order!.serving_method,
        tableNo: order!.table_no,
        total: order!.total,
      }),
      titleKey: 'orderPaid',
      params: {
        order_no: order!.order_no,
        serving_method: order!.serving_method,
        table_no: order!.table_no,
        total: order!.total,
      },
    });
    await publishLiveEvent(tx, {
      tenantId,
      outletId: order!.outlet_id,
      type: 'order.status',
      message: {
        id_order: intent.order_id,
        status: 'PENDING',
        outlet_id: order!.outlet_id,
        order_no: order!.order_no,
      },
    });
    return { duplicate: false };
  });
}
