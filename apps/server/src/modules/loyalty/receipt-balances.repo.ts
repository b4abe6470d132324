import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { customers } from '../../db/schema/customers';
import { pointsEntries, walletEntries } from '../../db/schema/loyalty';
import { ownedBy, ownedWhere } from '../../db/tenant-scope';

// What a sale's receipt prints of the customer's loyalty: the order's earned points with the
// points balance after them, and the wallet balance at that moment. Every statement names the tenant.

/** The order's `earn` entry for this customer: points, balance after, when; null when none. */
export async function earnOfOrder(db: Db, tenantId: string, customerId: string, orderId: string) {
  const [row] = await db
    .select({
      points: pointsEntries.points,
      balanceAfter: pointsEntries.balanceAfter,
      at: pointsEntries.createdAt,
    })
    .from(pointsEntries)
    .where(ownedWhere(pointsEntries, tenantId, { customerId, orderId, kind: 'earn' }))
    .limit(1);
  return row ?? null;
}

/**
 * The customer's wallet balance as its last entry at or before `at` left it (0 before any). A
 * sale's own wallet payment is written in the sale's transaction, so it shares the earn's time.
 */
export async function walletBalanceAt(db: Db, tenantId: string, customerId: string, at: Date) {
  const [row] = await db
    .select({ balanceAfter: walletEntries.balanceAfter })
    .from(walletEntries)
    .where(ownedWhere(walletEntries, tenantId, { customerId }, lte(walletEntries.createdAt, at)))
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
    .limit(1);
  return row?.balanceAfter ?? 0;
}

/** The customer's balances now; null when not the tenant's. */
export async function balancesNow(db: Db, tenantId: string, customerId: string) {
  const [row] = await db
    .select({ points: customers.points, wallet: customers.walletBalance })
    .from(customers)
    .where(and(ownedBy(customers, tenantId), eq(customers.id, customerId)))
    .limit(1);
  return row ?? null;
}
