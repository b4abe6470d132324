import { and, desc, eq, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { customers } from '../../db/schema/customers';
import { walletAdjustments, walletEntries } from '../../db/schema/loyalty';
import { ownedBy, ownedWhere, ownedId } from '../../db/tenant-scope';
import { likePattern } from '../../lib/paging';
import { equalsGiven } from '../../db/list-page';

// Wallet adjustments over the tenant's limit, waiting for a second staff member: the request,
// the list, and the decision (the row locked, so two approvers cannot both post it). Every query
// filters by tenant_id.

export type WalletAdjustmentRow = typeof walletAdjustments.$inferSelect;

const withCustomer = { adjustment: walletAdjustments, customerName: customers.name };

const itsCustomer = (tenantId: string) =>
  and(eq(customers.id, walletAdjustments.customerId), ownedBy(customers, tenantId));

const joined = (db: Db, tenantId: string) =>
  db.select(withCustomer).from(walletAdjustments).innerJoin(customers, itsCustomer(tenantId));
export type AdjustmentWithCustomer = {
  adjustment: WalletAdjustmentRow;
  customerName: string;
};

export async function insertAdjustment(tx: Db, values: typeof walletAdjustments.$inferInsert) {
  const [row] = await tx
    .insert(walletAdjustments)
    .values({ ...values, customerId: ownedId(customers, values.tenantId, values.customerId) })
    .returning();
  return row!;
}

export interface AdjustmentFilter {
  status?: string | undefined;
  customerId?: string | undefined;
  q?: string | undefined;
}

function where(tenantId: string, f: AdjustmentFilter): SQL | undefined {
  const pattern = f.q ? likePattern(f.q) : null;
  return and(
    ownedBy(walletAdjustments, tenantId),
    equalsGiven(walletAdjustments, f, ['status', 'customerId']),
    pattern
      ? or(sql`${customers.name} ilike ${pattern}`, sql`${customers.phone} ilike ${pattern}`)
      : undefined,
  );
}

/** A page of adjustments, newest first, with the customer's name. */
export async function adjustmentsPage(
  db: Db,
  tenantId: string,
  f: AdjustmentFilter,
  limit: number,
  offset: number,
) {
  const [rows, [count]] = await Promise.all([
    joined(db, tenantId)
      .where(where(tenantId, f))
      .orderBy(desc(walletAdjustments.createdAt), desc(walletAdjustments.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(walletAdjustments)
      .innerJoin(customers, itsCustomer(tenantId))
      .where(where(tenantId, f)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One adjustment with its customer's name, locked until the transaction ends when asked. */
export async function adjustmentById(db: Db, tenantId: string, id: string, lock = false) {
  const query = joined(db, tenantId)
    .where(and(ownedBy(walletAdjustments, tenantId), eq(walletAdjustments.id, id)))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: walletAdjustments }) : query);
  return row ?? null;
}

/** Records the decision on a pending adjustment; null when it was decided meanwhile. */
export async function decideAdjustment(
  tx: Db,
  tenantId: string,
  id: string,
  decision: Pick<
    WalletAdjustmentRow,
    'status' | 'decidedBy' | 'decidedByName' | 'decidedAt' | 'entryId'
  >,
) {
  const [row] = await tx
    .update(walletAdjustments)
    .set(decision)
    .where(ownedWhere(walletAdjustments, tenantId, { id, status: 'pending' }))
    .returning();
  return row ?? null;
}

/**
 * What `userId` adjusted for the customer over the last 24 hours (sen, credits and debits alike):
 * what posted at once (its entries' keys start with `atOnceKeyPrefix`) and what they asked for
 * that still waits. Timed by the database's clock, which stamps both rows. Read under the
 * customer row's lock, so adjustments at once queue.
 */
export async function adjustedInLastDay(
  tx: Db,
  tenantId: string,
  of: { customerId: string; userId: string; atOnceKeyPrefix: string },
): Promise<number> {
  const { customerId, userId } = of;
  const since = sql`now() - interval '24 hours'`;
  const [posted] = await tx
    .select({ sum: sql<number>`coalesce(sum(abs(${walletEntries.amount})), 0)::int` })
    .from(walletEntries)
    .where(
      and(
        ownedBy(walletEntries, tenantId),
        eq(walletEntries.customerId, customerId),
        sql`${walletEntries.createdAt} > ${since}`,
        eq(walletEntries.kind, 'adjustment'),
        like(walletEntries.idempotencyKey, `${of.atOnceKeyPrefix}%`),
      ),
    );
  const [waiting] = await tx
    .select({ sum: sql<number>`coalesce(sum(abs(${walletAdjustments.amount})), 0)::int` })
    .from(walletAdjustments)
    .where(
      ownedWhere(
        walletAdjustments,
        tenantId,
        { customerId, requestedBy: userId, status: 'pending' },
        sql`${walletAdjustments.createdAt} > ${since}`,
      ),
    );
  return (posted?.sum ?? 0) + (waiting?.sum ?? 0);
}
