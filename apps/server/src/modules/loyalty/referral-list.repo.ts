import { aliasedTable, and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ownedBy, ownedWhere, tenantIs } from '../../db/tenant-scope';
import { customers } from '../../db/schema/customers';
import { referrals } from '../../db/schema/loyalty';
import { orders } from '../../db/schema/orders';
import { likePattern } from '../../lib/paging';

// Referrals as staff list them (both customers' names and phones, the rewarding order's number)
// and as the app shows a customer the friends they brought; the pending row a sign-up with a
// referral code writes.

const referrer = aliasedTable(customers, 'referrer');
const referee = aliasedTable(customers, 'referee');

export interface ReferralFilter {
  q?: string;
  status?: string;
  /** Either side of the referral. */
  customerId?: string;
}

function where(tenantId: string, f: ReferralFilter): SQL | undefined {
  const pattern = f.q ? likePattern(f.q) : null;
  return and(
    ownedBy(referrals, tenantId),
    f.status ? eq(referrals.status, f.status) : undefined,
    f.customerId
      ? or(eq(referrals.referrerId, f.customerId), eq(referrals.refereeId, f.customerId))
      : undefined,
    pattern
      ? sql`(${referrer.name} ilike ${pattern} or ${referrer.phone} ilike ${pattern}
          or ${referee.name} ilike ${pattern} or ${referee.phone} ilike ${pattern})`
      : undefined,
  );
}

const referrerJoin = (tenantId: string) =>
  and(eq(referrer.id, referrals.referrerId), ownedBy(referrer, tenantId));
const refereeJoin = (tenantId: string) =>
  and(eq(referee.id, referrals.refereeId), ownedBy(referee, tenantId));

/** A page of the tenant's referrals, newest first, and how many match. */
export async function listReferrals(
  db: Db,
  tenantId: string,
  f: ReferralFilter,
  limit: number,
  offset: number,
) {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: referrals.id,
        status: referrals.status,
        orderId: referrals.orderId,
        orderNo: orders.orderNo,
        orderDate: orders.businessDate,
        rewardedAt: referrals.rewardedAt,
        reversedAt: referrals.reversedAt,
        createdAt: referrals.createdAt,
        referrerId: referrer.id,
        referrerName: referrer.name,
        referrerPhone: referrer.phone,
        refereeId: referee.id,
        refereeName: referee.name,
        refereePhone: referee.phone,
      })
      .from(referrals)
      .innerJoin(referrer, referrerJoin(tenantId))
      .innerJoin(referee, refereeJoin(tenantId))
      .leftJoin(orders, and(eq(orders.id, referrals.orderId), ownedBy(orders, tenantId)))
      .where(where(tenantId, f))
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(referrals)
      .innerJoin(referrer, referrerJoin(tenantId))
      .innerJoin(referee, refereeJoin(tenantId))
      .where(where(tenantId, f)),
  ]);
  return { rows, total: count?.n ?? 0 };
}
export type ReferralListRow = Awaited<ReturnType<typeof listReferrals>>['rows'][number];

/** The friends a customer brought, newest first (the app's list). */
export async function referralsMadeBy(db: Db, tenantId: string, referrerId: string, limit: number) {
  return db
    .select({ name: referee.name, status: referrals.status, createdAt: referrals.createdAt })
    .from(referrals)
    .innerJoin(referee, refereeJoin(tenantId))
    .where(and(ownedBy(referrals, tenantId), eq(referrals.referrerId, referrerId)))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(limit);
}

/** A customer's phone and e-mail (a sign-up's referrer, to refuse referring oneself). */
export async function contactOf(db: Db, tenantId: string, customerId: string) {
  const [row] = await db
    .select({ id: customers.id, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(and(ownedBy(customers, tenantId), eq(customers.id, customerId)))
    .limit(1);
  return row ?? null;
}

/**
 * The pending referral of a new customer by `referrerId`; a sign-up repeated before the phone is
 * verified replaces the referrer of a referral still pending.
 */
export async function upsertPendingReferral(
  tx: Db,
  tenantId: string,
  referrerId: string,
  refereeId: string,
) {
  // Both customers are read as the tenant's, so a referral never names another tenant's customer.
  await tx.execute(sql`
    insert into ${referrals} (tenant_id, referrer_id, referee_id)
    select ${tenantId}::uuid, r.id, e.id
      from ${customers} r, ${customers} e
     where ${tenantIs('r', tenantId)} and r.id = ${referrerId}::uuid
       and ${tenantIs('e', tenantId)} and e.id = ${refereeId}::uuid
    on conflict (tenant_id, referee_id) do update
       set referrer_id = excluded.referrer_id, created_at = now()
     where ${referrals}.status = 'pending'`);
}

/** Drops a customer's pending referral (a sign-up repeated without the code, or with their own). */
export async function dropPendingReferral(tx: Db, tenantId: string, refereeId: string) {
  await tx
    .delete(referrals)
    .where(ownedWhere(referrals, tenantId, { refereeId, status: 'pending' }));
}
