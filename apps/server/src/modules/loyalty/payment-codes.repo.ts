import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ownedBy, ownedWhere } from '../../db/tenant-scope';
import { customers } from '../../db/schema/customers';
import { walletPaymentCodes } from '../../db/schema/loyalty';

// Wallet payment codes: the hash of each code the app showed, whose customer it charges, until
// when, and the sale that used it. Every query names the tenant.

/** The customer a code is issued to: whether they may pay with the wallet now. */
export async function customerState(db: Db, tenantId: string, customerId: string) {
  const [row] = await db
    .select({ status: customers.status, anonymisedAt: customers.anonymisedAt })
    .from(customers)
    .where(and(ownedBy(customers, tenantId), eq(customers.id, customerId)))
    .limit(1);
  return row ?? null;
}

/** Forgets the customer's codes that can no longer be used (expired, never used). */
export async function deleteExpired(tx: Db, tenantId: string, customerId: string, at: Date) {
  await tx
    .delete(walletPaymentCodes)
    .where(
      ownedWhere(
        walletPaymentCodes,
        tenantId,
        { customerId },
        isNull(walletPaymentCodes.usedAt),
        lte(walletPaymentCodes.expiresAt, at),
      ),
    );
}

/**
 * Stores a code's hash; false when that hash is taken (the caller draws another code). The
 * customer only if the tenant's: another's leaves the NOT NULL column empty and nothing is stored.
 */
export async function insertCode(tx: Db, row: typeof walletPaymentCodes.$inferInsert) {
  const customerId = sql<string>`(select ${customers.id} from ${customers} where ${and(ownedBy(customers, row.tenantId), eq(customers.id, row.customerId))})`;
  const inserted = await tx
    .insert(walletPaymentCodes)
    .values({ ...row, customerId })
    .onConflictDoNothing({ target: walletPaymentCodes.codeHash })
    .returning({ id: walletPaymentCodes.id });
  return inserted.length > 0;
}

/** A code by its hash with its customer as the POS shows them; null when unknown. */
export async function findByHash(db: Db, tenantId: string, codeHash: string) {
  const [row] = await db
    .select({
      id: walletPaymentCodes.id,
      expiresAt: walletPaymentCodes.expiresAt,
      usedAt: walletPaymentCodes.usedAt,
      customerId: customers.id,
      name: customers.name,
      phone: customers.phone,
      status: customers.status,
      walletBalance: customers.walletBalance,
    })
    .from(walletPaymentCodes)
    .innerJoin(
      customers,
      and(eq(customers.id, walletPaymentCodes.customerId), ownedBy(customers, tenantId)),
    )
    .where(and(ownedBy(walletPaymentCodes, tenantId), eq(walletPaymentCodes.codeHash, codeHash)))
    .limit(1);
  return row ?? null;
}

/**
 * Takes a code for a sale, once: only if unused and not expired at `at` (of two sales racing for
 * one code, the second waits for the first's row lock and then finds it used). Answers the code
 * and its customer, or null.
 */
export async function consume(tx: Db, tenantId: string, codeId: string, at: Date) {
  const [row] = await tx
    .update(walletPaymentCodes)
    .set({ usedAt: at })
    .where(
      ownedWhere(
        walletPaymentCodes,
        tenantId,
        { id: codeId },
        isNull(walletPaymentCodes.usedAt),
        gt(walletPaymentCodes.expiresAt, at),
      ),
    )
    .returning({ id: walletPaymentCodes.id, customerId: walletPaymentCodes.customerId });
  return row ?? null;
}

/** Names the sale a used code paid for. */
export async function attachOrder(tx: Db, tenantId: string, codeId: string, orderId: string) {
  await tx
    .update(walletPaymentCodes)
    .set({ orderId })
    .where(and(ownedBy(walletPaymentCodes, tenantId), eq(walletPaymentCodes.id, codeId)));
}
