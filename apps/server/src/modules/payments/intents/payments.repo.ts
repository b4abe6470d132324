import { and, eq, gte, or, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../db/database';
import { customers } from '../../../db/schema/customers';
import { orders } from '../../../db/schema/orders';
import { ownedBy, ownedId, sameTenant, tenantIs } from '../../../db/tenant-scope';
import { paymentCallbacks, paymentIntents } from '../../../db/schema/payments';
import { auditLog } from '../../../db/schema/platform';
import type { AuditRow } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { PaymentEvent } from './payment-provider';
import { isUuid } from '../../../lib/uuid';

// Payment intents and provider callbacks. Every query filters by tenant_id, except the callback's
// first lookup: a provider knows our payment id, not our tenant, and the intent names the tenant.

export const tenantFree = ['claimEvent', 'findByProviderRef', 'findPendingCheckout'] as const;

export type PaymentIntentRow = typeof paymentIntents.$inferSelect;

export async function insertIntent(
  tx: Db,
  values: Pick<
    typeof paymentIntents.$inferInsert,
    'tenantId' | 'customerId' | 'provider' | 'method' | 'amount'
  > & { orderId: string },
) {
  // The order only if it is the tenant's: another tenant's leaves the NOT NULL column empty.
  const orderId = sql<string>`(select ${orders.id} from ${orders} where ${and(ownedBy(orders, values.tenantId), eq(orders.id, values.orderId))})`;
  const [row] = await tx
    .insert(paymentIntents)
    .values({ ...values, orderId })
    .returning();
  return row!;
}

/** A top-up of the customer's wallet, only if the customer is the tenant's (else refused). */
export async function insertTopupIntent(
  tx: Db,
  values: Pick<
    typeof paymentIntents.$inferInsert,
    'tenantId' | 'provider' | 'method' | 'amount'
  > & { customerId: string },
) {
  // Another tenant's customer leaves customer_id empty, which the purpose check refuses.
  const customerId = ownedId(customers, values.tenantId, values.customerId);
  const [row] = await tx
    .insert(paymentIntents)
    .values({ ...values, purpose: 'topup', orderId: null, customerId })
    .returning();
  return row!;
}

/**
 * What the customer's top-ups still being paid add up to: pending ones started within the last
 * `minutes` by the database's clock, which stamped them (older ones count as abandoned; if their
 * money arrives after all, it is credited anyway).
 */
export async function pendingTopupSum(
  tx: Db,
  tenantId: string,
  customerId: string,
  minutes: number,
) {
  const [row] = await tx
    .select({ sen: sql<string>`coalesce(sum(${paymentIntents.amount}), 0)::bigint` })
    .from(paymentIntents)
    .where(
      and(
        ownedBy(paymentIntents, tenantId),
        eq(paymentIntents.customerId, customerId),
        eq(paymentIntents.purpose, 'topup'),
        eq(paymentIntents.status, 'pending'),
        gte(paymentIntents.createdAt, sql`now() - make_interval(mins => ${minutes}::int)`),
      ),
    );
  return Number(row?.sen ?? 0);
}

/** Keeps the gateway's reference of a payment it started (its notifications name it). */
export async function setProviderRef(db: Db, tenantId: string, id: string, providerRef: string) {
  await db
    .update(paymentIntents)
    .set({ providerRef })
    .where(and(ownedBy(paymentIntents, tenantId), eq(paymentIntents.id, id)));
}

/** A payment read without its tenant known yet: the tenant, the order and the amount. */
const paymentOfTenant = {
  id: paymentIntents.id,
  tenantId: paymentIntents.tenantId,
  orderId: paymentIntents.orderId,
  amount: paymentIntents.amount,
};

/**
 * The payment a gateway's notification names by the gateway's reference, or by our payment id
 * for a gateway that echoes it (Fiuu's orderid, once its tranID has become the reference).
 * Tenant-free like claimEvent: the gateway knows its reference, not our tenant; the intent names
 * the tenant, whose gateway credentials then verify the notification.
 */
export async function findByProviderRef(db: Db, provider: string, providerRef: string) {
  const named = isUuid(providerRef)
    ? or(eq(paymentIntents.providerRef, providerRef), eq(paymentIntents.id, providerRef))
    : eq(paymentIntents.providerRef, providerRef);
  const [row] = await db
    .select(paymentOfTenant)
    .from(paymentIntents)
    .where(and(eq(paymentIntents.provider, provider), named));
  return row;
}

/**
 * A still-pending payment of `provider`, by our id, with what its gateway's payment request
 * carries (amount, the customer's name and phone): the checkout page a gateway taking a browser
 * form POST is reached through. Tenant-free: the customer's browser knows only the unguessable
 * payment id; the intent names the tenant, whose gateway signs the request.
 */
export async function findPendingCheckout(db: Db, provider: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      ...paymentOfTenant,
      name: customers.name,
      phone: customers.phone,
      email: customers.email,
    })
    .from(paymentIntents)
    .leftJoin(
      customers,
      and(
        eq(customers.id, paymentIntents.customerId),
        sameTenant('"customers"', '"payment_intents"'),
      ),
    )
    .where(
      and(
        eq(paymentIntents.id, id),
        eq(paymentIntents.provider, provider),
        eq(paymentIntents.status, 'pending'),
      ),
    );
  return row;
}

/**
 * The trail of a gateway notification that disagrees with its payment, written in the payment's
 * tenant about its order (or customer, for a top-up); nothing when the payment is not the tenant's.
 */
export async function recordMismatch(
  db: Db,
  a: {
    tenantId: string;
    paymentId: string;
    actorUsername: string;
    after: unknown;
    context: Pick<AuditRow, 'ip' | 'userAgent' | 'requestId'>;
  },
) {
  await db.execute(sql`
    insert into ${auditLog} (tenant_id, actor_username, action, entity, entity_id, after, ip,
      user_agent, request_id)
    select i.tenant_id, ${a.actorUsername}, 'payment.mismatch',
      case when i.order_id is null then 'customer' else 'order' end,
      coalesce(i.order_id, i.customer_id)::text, ${JSON.stringify(a.after)}::jsonb,
      ${a.context.ip ?? null}, ${a.context.userAgent ?? null}, ${a.context.requestId ?? null}
    from ${paymentIntents} i
    where ${tenantIs('i', a.tenantId)} and i.id = ${a.paymentId}::uuid`);
}

export interface ClaimEvent {
  provider: string;
  event: PaymentEvent;
  at: Date;
  /** The audit entry of a failed payment, without its tenant, order and `after` (filled here). */
  audit: Omit<AuditRow, 'tenantId' | 'entity' | 'entityId' | 'action' | 'after'>;
}

/** A verified event to apply, or null when it was applied before (or its payment settled). */
export interface ClaimedPayment {
  id: string;
  tenantId: string;
  /** `order`: paying `orderId`; `topup`: adding to `customerId`'s wallet. */
  purpose: 'order' | 'topup';
  orderId: string | null;
  customerId: string | null;
  amount: number;
  method: string;
  /** The provider says the payment failed (its audit entry is written). */
  failed: boolean;
}

const ringgit = (sen: number) => `RM ${(sen / 100).toFixed(2)}`;

/**
 * Claims a verified provider event in the caller's transaction: the payment intent is locked
 * (the first lock of applying a payment; the order row comes next) and the event id recorded in
 * payment_callbacks, so a replay (same id) finds it and changes nothing, and a failure leaves
 * nothing recorded, so a retry runs again. The intent is closed with the event's status; a
 * failed one is reopened by a later success, a paid one never changes.
 */
export async function claimEvent(tx: Db, a: ClaimEvent): Promise<ClaimedPayment | null> {
  const e = a.event;
  const [intent] = rowsOf<{
    id: string;
    tenant_id: string;
    purpose: 'order' | 'topup';
    order_id: string | null;
    customer_id: string | null;
    amount: number;
    method: string;
    status: string;
  }>(
    await tx.execute(sql`
      select id, tenant_id, purpose, order_id, customer_id, amount, method, status
      from ${paymentIntents}
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
  // A replay of an event already applied, or an event that cannot change how the payment
  // stands: a paid payment stays paid, and a second failure adds nothing. A success after a
  // failure is applied: the customer's bank took the money after all (a retried FPX or card),
  // and if the order can no longer take it the order core records it as owed back.
  if (recorded.length === 0) return null;
  const reopened = intent.status === 'failed' && e.status === 'paid';
  if (intent.status !== 'pending' && !reopened) return null;
  await tx
    .update(paymentIntents)
    .set({ status: e.status, completedAt: a.at })
    .where(and(ownedBy(paymentIntents, intent.tenant_id), eq(paymentIntents.id, intent.id)));
  const claimed: ClaimedPayment = {
    id: intent.id,
    tenantId: intent.tenant_id,
    purpose: intent.purpose,
    orderId: intent.order_id,
    customerId: intent.customer_id,
    amount: intent.amount,
    method: intent.method,
    failed: e.status === 'failed',
  };
  // A failed payment: the order stays CREATED and may be paid again (a top-up adds nothing);
  // only the trail says so.
  if (claimed.failed) {
    const topup = intent.purpose === 'topup';
    await tx.insert(auditLog).values({
      ...a.audit,
      tenantId: intent.tenant_id,
      action: 'payment.failed',
      entity: topup ? 'customer' : 'order',
      entityId: topup ? intent.customer_id : intent.order_id,
      after: {
        payment_id: intent.id,
        provider: a.provider,
        event_id: e.eventId,
        amount: intent.amount,
        method: intent.method,
      },
    });
  }
  return claimed;
}
