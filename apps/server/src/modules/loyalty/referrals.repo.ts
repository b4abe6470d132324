import { and, eq, ne, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { ownedRowWhere } from '../../db/owned-rows';
import { ownedBy, ownedWhere, tenantIs } from '../../db/tenant-scope';
import { pointsEntries, referrals, walletEntries } from '../../db/schema/loyalty';
import { customerOrders } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';

export type ReferralRow = typeof referrals.$inferSelect;

/** The referral that brought this customer, locked to the transaction's end. */
export function lockReferralOf(tx: Db, tenantId: string, refereeId: string) {
  return ownedRowWhere(tx, referrals, tenantId, eq(referrals.refereeId, refereeId), { lock: true });
}

/**
 * Whether the customer has a paid order other than `orderId` placed before it (one rejected or
 * cancelled does not count: it was owed back).
 */
export async function hasEarlierPaidOrder(
  tx: Db,
  tenantId: string,
  customerId: string,
  orderId: string,
) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(customerOrders)
    .innerJoin(orders, and(eq(orders.id, customerOrders.orderId), ownedBy(orders, tenantId)))
    .where(
      ownedWhere(
        customerOrders,
        tenantId,
        { customerId },
        ne(customerOrders.orderId, orderId),
        sql`${orders.paid} > 0`,
        ne(orders.status, 'REJECTED'),
        sql`${orders.createdAt} < (select o2.created_at from ${orders} o2 where ${tenantIs('o2', tenantId)} and o2.id = ${orderId}::uuid)`,
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function markReferral(
  tx: Db,
  tenantId: string,
  id: string,
  values: Partial<Pick<ReferralRow, 'status' | 'orderId' | 'rewardedAt' | 'reversedAt'>>,
) {
  await tx
    .update(referrals)
    .set(values)
    .where(and(ownedBy(referrals, tenantId), eq(referrals.id, id)));
}

/** What a referral granted, from its ledger entries: the kind, amount and who got it. */
export async function grantedRewards(tx: Db, tenantId: string, referralId: string) {
  const rows = rowsOf<{
    customer_id: string;
    role: 'referrer' | 'referee';
    kind: 'wallet' | 'points';
    amount: number;
  }>(
    await tx.execute(sql`
    select w.customer_id, split_part(w.idempotency_key, ':', 3) as role, 'wallet' as kind, w.amount
      from ${walletEntries} w
     where ${tenantIs('w', tenantId)} and w.idempotency_key like ${`referral:${referralId}:%:reward`}
    union all
    select p.customer_id, split_part(p.idempotency_key, ':', 3), 'points', p.points
      from ${pointsEntries} p
     where ${tenantIs('p', tenantId)} and p.idempotency_key like ${`referral:${referralId}:%:reward`}`),
  );
  return rows.map((r) => ({
    customerId: r.customer_id,
    role: r.role,
    kind: r.kind,
    amount: Number(r.amount),
  }));
}
