import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/access';
import { customers } from '../../db/schema/customers';
import { counterTopups, walletEntries } from '../../db/schema/loyalty';
import { shifts, tills } from '../../db/schema/shifts';
import { outlets, tenants } from '../../db/schema/tenancy';
import { ownedBy, ownedId } from '../../db/tenant-scope';

// Wallet top-ups sold at the counter: the row beside the wallet's `topup` entry, with its receipt
// number, till, shift and how it was paid. Every statement names the tenant.

export type CounterTopupRow = typeof counterTopups.$inferSelect;

/** The outlet with its code and clock and whether the tenant requires shifts; null if not its. */
export async function outletOf(db: Db, tenantId: string, outletId: string) {
  const [row] = await db
    .select({
      id: outlets.id,
      code: outlets.code,
      timezone: outlets.timezone,
      cutoffHour: tenants.businessDayCutoffHour,
      shiftsRequired: tenants.shiftsRequired,
    })
    .from(outlets)
    .innerJoin(tenants, eq(tenants.id, outlets.tenantId))
    .where(and(ownedBy(outlets, tenantId), eq(outlets.id, outletId)))
    .limit(1);
  return row ?? null;
}

/** A staff member's full name (null for a platform user working inside the tenant). */
export async function staffName(db: Db, tenantId: string, userId: string) {
  const [row] = await db
    .select({ fullname: users.fullname })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
    .limit(1);
  return row?.fullname ?? null;
}

/** The customer's name and phone as the receipt prints them; null when not the tenant's. */
export async function customerOf(db: Db, tenantId: string, customerId: string) {
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      points: customers.points,
    })
    .from(customers)
    .where(and(ownedBy(customers, tenantId), eq(customers.id, customerId)))
    .limit(1);
  return row ?? null;
}

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
 * Holds an open shift against its close until the caller commits (a close takes it FOR UPDATE);
 * null when it is no longer open.
 */
export async function shareOpenShift(tx: Db, tenantId: string, shiftId: string) {
  const [row] = await tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(ownedBy(shifts, tenantId), eq(shifts.id, shiftId), eq(shifts.status, 'open')))
    .for('share');
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
    .where(
      and(
        ownedBy(counterTopups, tenantId),
        eq(counterTopups.outletId, outletId),
        eq(counterTopups.businessDate, date),
      ),
    );
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
