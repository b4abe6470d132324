import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../db/database';
import { paymentCallbacks, paymentIntents, providerRefunds } from '../../../db/schema/payments';
import { ownedBy, tenantIs } from '../../../db/tenant-scope';
import { AppError } from '../../../lib/errors';
import type { RefundEvent } from '../intents/payment-provider';

// Refunds paid back through a payment's provider. Every query filters by tenant_id, except the
// callback's first lookup (a provider knows our refund id, not our tenant) and the sweeper's
// list of requests that went unanswered, which spans every tenant.

export const tenantFree = ['claimRefundEvent', 'unansweredRefunds'] as const;

export interface PayoutPlan {
  tenantId: string;
  refundId: string;
  orderId: string;
  /** The order's payment method the refund goes back to. */
  paymentMethod: string;
  amount: number;
  /** The providers switched on: a payment by another one is refunded by hand. */
  providers: readonly string[];
}

/**
 * In the refund's approval transaction: spreads its amount over the order's settled online
 * payments by its method, each up to what it has not yet given back, and records one pending
 * provider refund per payment. The payments are locked, so two approvals cannot both take the
 * same remainder. Null (nothing written) when those payments cannot cover the whole amount.
 */
export async function planProviderRefunds(tx: Db, p: PayoutPlan) {
  if (p.providers.length === 0) return null;
  const intents = await tx
    .select({
      id: paymentIntents.id,
      provider: paymentIntents.provider,
      amount: paymentIntents.amount,
    })
    .from(paymentIntents)
    .where(
      and(
        ownedBy(paymentIntents, p.tenantId),
        eq(paymentIntents.orderId, p.orderId),
        eq(paymentIntents.status, 'paid'),
        eq(paymentIntents.method, p.paymentMethod),
        inArray(paymentIntents.provider, [...p.providers]),
      ),
    )
    .orderBy(asc(paymentIntents.completedAt), asc(paymentIntents.id))
    .for('update');
  if (intents.length === 0) return null;
  const given = await tx
    .select({
      paymentId: providerRefunds.paymentId,
      amount: sql<number>`sum(${providerRefunds.amount})::int`,
    })
    .from(providerRefunds)
    .where(
      and(
        ownedBy(providerRefunds, p.tenantId),
        inArray(
          providerRefunds.paymentId,
          intents.map((i) => i.id),
        ),
        sql`${providerRefunds.status} <> 'failed'`,
      ),
    )
    .groupBy(providerRefunds.paymentId);
  let left = p.amount;
  const parts: (typeof providerRefunds.$inferInsert)[] = [];
  for (const intent of intents) {
    const room = intent.amount - (given.find((g) => g.paymentId === intent.id)?.amount ?? 0);
    const take = Math.min(room, left);
    if (take <= 0) continue;
    parts.push({
      tenantId: p.tenantId,
      refundId: p.refundId,
      paymentId: intent.id,
      provider: intent.provider,
      amount: take,
    });
    left -= take;
  }
  if (left > 0) return null;
  return tx.insert(providerRefunds).values(parts).returning({ id: providerRefunds.id });
}

/**
 * The pending provider refunds of a refund, to ask the provider for, each with its payment's
 * reference at the provider (a gateway refunds the payment it knows by that).
 */
export async function pendingOfRefund(db: Db, tenantId: string, refundId: string) {
  return db
    .select({
      id: providerRefunds.id,
      paymentId: providerRefunds.paymentId,
      provider: providerRefunds.provider,
      amount: providerRefunds.amount,
      reference: paymentIntents.providerRef,
    })
    .from(providerRefunds)
    .innerJoin(
      paymentIntents,
      and(ownedBy(paymentIntents, tenantId), eq(paymentIntents.id, providerRefunds.paymentId)),
    )
    .where(
      and(
        ownedBy(providerRefunds, tenantId),
        eq(providerRefunds.refundId, refundId),
        eq(providerRefunds.status, 'pending'),
      ),
    );
}

/** Notes when the provider was asked (database time), so the sweeper waits before asking again. */
export async function markRequested(db: Db, tenantId: string, id: string) {
  await db
    .update(providerRefunds)
    .set({ requestedAt: sql`now()` })
    .where(and(ownedBy(providerRefunds, tenantId), eq(providerRefunds.id, id)));
}

/** Pending provider refunds not asked for, or not answered, for `quietMs` (every tenant). */
export async function unansweredRefunds(db: Db, quietMs: number, limit = 100) {
  const before = sql`now() - make_interval(secs => ${quietMs / 1000})`;
  return db
    .select({ tenantId: providerRefunds.tenantId, refundId: providerRefunds.refundId })
    .from(providerRefunds)
    .where(
      and(
        eq(providerRefunds.status, 'pending'),
        lt(providerRefunds.createdAt, before),
        or(isNull(providerRefunds.requestedAt), lt(providerRefunds.requestedAt, before)),
      ),
    )
    .limit(limit);
}

/** What a refund's provider refunds come to, once the claimed event is applied. */
export interface ClaimedRefund {
  tenantId: string;
  refundId: string;
  /** `pending` while another part of the refund is still out. */
  outcome: 'pending' | 'succeeded' | 'failed';
}

/**
 * Claims a verified refund event in the caller's transaction: the provider refund is locked and
 * the event id recorded in payment_callbacks, so a replay (same id) finds it and changes nothing,
 * as does a second event for a settled one. Null when there is nothing to apply.
 */
export async function claimRefundEvent(
  tx: Db,
  a: { provider: string; event: RefundEvent; at: Date },
): Promise<ClaimedRefund | null> {
  const e = a.event;
  const [part] = rowsOf<{
    id: string;
    tenant_id: string;
    refund_id: string;
    payment_id: string;
    amount: number;
    status: string;
  }>(
    await tx.execute(sql`
      select id, tenant_id, refund_id, payment_id, amount, status from ${providerRefunds}
      where id = ${e.providerRefundId}::uuid and provider = ${a.provider}
      for update`),
  );
  if (!part || part.payment_id !== e.paymentId) throw new AppError('not_found');
  if (part.amount !== e.amount) {
    throw new AppError('payment_amount_mismatch', {
      message: 'The refund notification does not match the amount asked for',
    });
  }
  const recorded = await tx
    .insert(paymentCallbacks)
    .values({
      provider: a.provider,
      eventId: e.eventId,
      tenantId: part.tenant_id,
      paymentId: part.payment_id,
      status: e.status,
    })
    .onConflictDoNothing()
    .returning({ id: paymentCallbacks.id });
  if (recorded.length === 0 || part.status !== 'pending') return null;
  await tx
    .update(providerRefunds)
    .set({ status: e.status === 'refunded' ? 'succeeded' : 'failed', completedAt: a.at })
    .where(and(ownedBy(providerRefunds, part.tenant_id), eq(providerRefunds.id, part.id)));
  const parts = rowsOf<{ status: string }>(
    await tx.execute(sql`
      select status from ${providerRefunds} pr
      where ${tenantIs('pr', part.tenant_id)} and pr.refund_id = ${part.refund_id}::uuid`),
  );
  const outcome = parts.some((p) => p.status === 'failed')
    ? 'failed'
    : parts.every((p) => p.status === 'succeeded')
      ? 'succeeded'
      : 'pending';
  return { tenantId: part.tenant_id, refundId: part.refund_id, outcome };
}
