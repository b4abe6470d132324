import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { customers } from '../../db/schema/customers';
import { counterTopups, walletEntries } from '../../db/schema/loyalty';
import { shifts, tills } from '../../db/schema/shifts';
import { outlets } from '../../db/schema/tenancy';
import { ownedBy, ownedWhere, ownedId } from '../../db/tenant-scope';
import { columnsOf } from '../../db/columns';
import { firstOwnedRow } from '../../db/owned-rows';

// Wallet top-ups sold at the counter: the row beside the wallet's `topup` entry, with its receipt
// number, till, shift and how it was paid. Every statement names the tenant.

export type CounterTopupRow = typeof counterTopups.$inferSelect;

/** The customer's name and phone as the receipt prints them; null when not the tenant's. */
export const customerOf = (db: Db, tenantId: string, customerId: string) =>
  firstOwnedRow(
    db,
    customers,
    tenantId,
    columnsOf(customers, ['id', 'name', 'phone', 'points']),
    eq(customers.id, customerId),
  );

/** The top-up an Idempotency-Key already recorded, with its wallet entry's balance after. */
export async function byKey(db: Db, tenantId: string, key: string) {
  const [row] = await db
    .select({ topup: counterTopups, balanceAfter: walletEntries.balanceAfter })
    .from(counterTopups)
    .innerJoin(walletEntries, eq(walletEntries.id, counterTopups.walletEntryId))
    .where(and(ownedBy(counterTopups, tenantId), eq(counterTopups.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/**
 * The last receipt number of the outlet's business day (0 before the first). Only safe to add
 * one to while the caller holds the day's counter row (books.bookingDay locks it): top-ups of one
 * outlet and day queue there.
 */
export async function lastReceiptSeq(tx: Db, tenantId: string, outletId: string, date: string) {
  const [row] = await tx
    .select({
      last: sql<string>`coalesce(max(substring(${counterTopups.receiptNo} from '-T([0-9]+)$')::int), 0)`,
    })
    .from(counterTopups)
    .where(ownedWhere(counterTopups, tenantId, { outletId, businessDate: date }));
  return Number(row?.last ?? 0);
}

export async function insertTopup(
  tx: Db,
  values: Omit<typeof counterTopups.$inferInsert, 'id' | 'createdAt'>,
) {
  const { tenantId } = values;
  const [row] = await tx
    .insert(counterTopups)
    .values({
      ...values,
      outletId: ownedId(outlets, tenantId, values.outletId),
      tillId: values.tillId ? ownedId(tills, tenantId, values.tillId) : null,
      shiftId: values.shiftId ? ownedId(shifts, tenantId, values.shiftId) : null,
      customerId: ownedId(customers, tenantId, values.customerId),
      walletEntryId: ownedId(walletEntries, tenantId, values.walletEntryId),
    })
    .returning();
  return row!;
}
