import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ownedRowWhere } from '../../db/owned-rows';
import { ownedBy, ownedId } from '../../db/tenant-scope';
import { customers } from '../../db/schema/customers';
import { pointsEntries, walletEntries } from '../../db/schema/loyalty';
import { orders } from '../../db/schema/orders';

// The two ledgers' writes: an entry and the customer's balance, under the customer row's lock, so
// concurrent posts to one customer queue behind each other and each sees the last balance.

export type WalletEntryRow = typeof walletEntries.$inferSelect;
export type PointsEntryRow = typeof pointsEntries.$inferSelect;

/** The customer row, locked until the transaction ends; null when not the tenant's. */
export async function lockCustomer(tx: Db, tenantId: string, customerId: string) {
  const [row] = await tx
    .select({
      id: customers.id,
      name: customers.name,
      status: customers.status,
      walletBalance: customers.walletBalance,
      points: customers.points,
      anonymisedAt: customers.anonymisedAt,
    })
    .from(customers)
    .where(and(ownedBy(customers, tenantId), eq(customers.id, customerId)))
    // `no key update` queues writers of this customer but not the foreign-key checks of orders
    // being recorded for them, which run after those orders take the live-event lock.
    .for('no key update');
  return row ?? null;
}

export function walletEntryByKey(tx: Db, tenantId: string, key: string) {
  return ownedRowWhere(tx, walletEntries, tenantId, eq(walletEntries.idempotencyKey, key));
}

export function pointsEntryByKey(tx: Db, tenantId: string, key: string) {
  return ownedRowWhere(tx, pointsEntries, tenantId, eq(pointsEntries.idempotencyKey, key));
}

/**
 * The customer and order an entry names, only if they are the tenant's (another tenant's leave
 * the customer empty, which the NOT NULL column refuses, and the order unnamed), timed when it is
 * written (under the customer's lock) rather than when its transaction began, so the ledger's
 * order by time is the order its balances chain in, even for a transaction that waited for the
 * lock behind a younger one.
 */
function owned<
  E extends { tenantId: string; customerId: string; orderId?: string | null; createdAt?: unknown },
>(entry: E) {
  return {
    ...entry,
    customerId: ownedId(customers, entry.tenantId, entry.customerId),
    orderId: entry.orderId ? ownedId(orders, entry.tenantId, entry.orderId) : null,
    createdAt: entry.createdAt ?? sql`clock_timestamp()`,
  };
}

/** Appends a wallet entry and sets the customer's balance to its balance after. */
export async function appendWalletEntry(tx: Db, entry: typeof walletEntries.$inferInsert) {
  const [row] = await tx.insert(walletEntries).values(owned(entry)).returning();
  await tx
    .update(customers)
    .set({ walletBalance: entry.balanceAfter })
    .where(and(ownedBy(customers, entry.tenantId), eq(customers.id, entry.customerId)));
  return row!;
}

/** Appends a points entry and sets the customer's points to its balance after (timed as above). */
export async function appendPointsEntry(tx: Db, entry: typeof pointsEntries.$inferInsert) {
  const [row] = await tx.insert(pointsEntries).values(owned(entry)).returning();
  await tx
    .update(customers)
    .set({ points: entry.balanceAfter })
    .where(and(ownedBy(customers, entry.tenantId), eq(customers.id, entry.customerId)));
  return row!;
}
