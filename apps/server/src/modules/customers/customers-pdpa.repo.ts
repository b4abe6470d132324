import { and, asc, type Column, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ownedBy, ownedWhere } from '../../db/tenant-scope';
import { customerOrders, customerSessions, customers } from '../../db/schema/customers';
import { customerNotes, pointsEntries, referrals, walletEntries } from '../../db/schema/loyalty';
import { membershipTiers } from '../../db/schema/membership-tiers';
import { orders } from '../../db/schema/orders';
import { outlets } from '../../db/schema/tenancy';

// Malaysia's PDPA: everything held on one customer (an access request) and erasing it (a
// deletion request) while orders and ledgers stay financially intact. Every query filters by
// tenant_id and by the one customer; nothing of another customer is read.

/** The customer's own orders (those customer_orders links to them). */
const theirOrders = (tenantId: string, customerId: string) =>
  sql`(select ${customerOrders.orderId} from ${customerOrders} where ${ownedWhere(customerOrders, tenantId, { customerId })})`;

/** Everything held on the customer, each part oldest first. */
export async function personalData(db: Db, tenantId: string, customerId: string) {
  const own = (table: { tenantId: Column; customerId: Column }) =>
    and(ownedBy(table, tenantId), eq(table.customerId, customerId));
  const [profile, orderRows, wallet, points, referralRows, notes, sessions] = await Promise.all([
    db
      .select({ customer: customers, tierName: membershipTiers.nameEn })
      .from(customers)
      .leftJoin(
        membershipTiers,
        and(eq(membershipTiers.id, customers.tierId), ownedBy(membershipTiers, tenantId)),
      )
      .where(and(ownedBy(customers, tenantId), eq(customers.id, customerId)))
      .limit(1),
    db
      .select({ order: orders, outletName: outlets.name })
      .from(orders)
      .innerJoin(outlets, eq(outlets.id, orders.outletId))
      .where(and(ownedBy(orders, tenantId), inArray(orders.id, theirOrders(tenantId, customerId))))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select({ entry: walletEntries, orderNo: orders.orderNo, orderDate: orders.businessDate })
      .from(walletEntries)
      .leftJoin(orders, and(eq(orders.id, walletEntries.orderId), ownedBy(orders, tenantId)))
      .where(own(walletEntries))
      .orderBy(asc(walletEntries.createdAt), asc(walletEntries.id)),
    db
      .select({ entry: pointsEntries, orderNo: orders.orderNo, orderDate: orders.businessDate })
      .from(pointsEntries)
      .leftJoin(orders, and(eq(orders.id, pointsEntries.orderId), ownedBy(orders, tenantId)))
      .where(own(pointsEntries))
      .orderBy(asc(pointsEntries.createdAt), asc(pointsEntries.id)),
    db
      .select({
        referrerId: referrals.referrerId,
        status: referrals.status,
        createdAt: referrals.createdAt,
        rewardedAt: referrals.rewardedAt,
        reversedAt: referrals.reversedAt,
      })
      .from(referrals)
      .where(
        and(
          ownedBy(referrals, tenantId),
          or(eq(referrals.referrerId, customerId), eq(referrals.refereeId, customerId)),
        ),
      )
      .orderBy(asc(referrals.createdAt), asc(referrals.id)),
    db
      .select()
      .from(customerNotes)
      .where(own(customerNotes))
      .orderBy(asc(customerNotes.createdAt), asc(customerNotes.id)),
    db
      .select({
        createdAt: customerSessions.createdAt,
        expiresAt: customerSessions.expiresAt,
        revokedAt: customerSessions.revokedAt,
        ip: customerSessions.ip,
        userAgent: customerSessions.userAgent,
      })
      .from(customerSessions)
      .where(own(customerSessions))
      .orderBy(asc(customerSessions.createdAt), asc(customerSessions.id)),
  ]);
  const [first] = profile;
  if (!first) return null;
  return {
    profile: first,
    orders: orderRows,
    wallet,
    points,
    referrals: referralRows,
    notes,
    sessions,
  };
}
export type PersonalDataRows = NonNullable<Awaited<ReturnType<typeof personalData>>>;

/**
 * Erases the customer's personal data on their row: a name that says so, a phone placeholder
 * made of their id (it cannot collide with a real number, so the number is free to sign up
 * again), no e-mail, birthday or password (no more sign-in), a referral code of no meaning.
 * Balances, tier, status and ledgers stay as they are.
 */
export async function eraseProfile(tx: Db, tenantId: string, customerId: string) {
  const [row] = await tx
    .update(customers)
    .set({
      name: 'Anonymised customer',
      phone: sql`'anon:' || ${customers.id}::text`,
      email: null,
      birthday: null,
      passwordHash: null,
      referralCode: sql`'anon-' || ${customers.id}::text`,
      phoneVerifiedAt: null,
      lastSignInAt: null,
      anonymisedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(ownedWhere(customers, tenantId, { id: customerId }, isNull(customers.anonymisedAt)))
    .returning({ anonymisedAt: customers.anonymisedAt });
  return row?.anonymisedAt ?? null;
}

/**
 * Clears the name and phone the customer's orders were taken with. Only those two columns: the
 * money, items and statuses stay, so the rollups' triggers see nothing to move.
 */
export async function clearOrderSnapshots(tx: Db, tenantId: string, customerId: string) {
  const rows = await tx
    .update(orders)
    .set({ customerName: null, customerPhone: null })
    .where(and(ownedBy(orders, tenantId), inArray(orders.id, theirOrders(tenantId, customerId))))
    .returning({ id: orders.id });
  return rows.length;
}

/** Staff notes may quote the customer; they are not financial records, so they go. */
export async function deleteNotes(tx: Db, tenantId: string, customerId: string) {
  const rows = await tx
    .delete(customerNotes)
    .where(and(ownedBy(customerNotes, tenantId), eq(customerNotes.customerId, customerId)))
    .returning({ id: customerNotes.id });
  return rows.length;
}

/** Forgets where the customer's app sessions were started from (address and browser). */
export async function forgetSessionOrigins(tx: Db, tenantId: string, customerId: string) {
  await tx
    .update(customerSessions)
    .set({ ip: null, userAgent: null })
    .where(and(ownedBy(customerSessions, tenantId), eq(customerSessions.customerId, customerId)));
}
