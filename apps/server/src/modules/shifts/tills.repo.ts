import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ownedRowWhere } from '../../db/owned-rows';
import { runPrepared } from '../../db/prepared';
import { orders } from '../../db/schema/orders';
import { shifts, tills } from '../../db/schema/shifts';
import { outlets } from '../../db/schema/tenancy';
import { ownedBy, ownedId } from '../../db/tenant-scope';

// The tills (named cash registers) of one tenant's outlets. Every query filters by tenant_id.

export type TillRow = typeof tills.$inferSelect;

/** An outlet's tills by name, each with its open shift (if any). */
export async function outletTills(db: Db, tenantId: string, outletId: string) {
  return runPrepared(
    db
      .select({
        id: tills.id,
        outletId: tills.outletId,
        name: tills.name,
        shiftId: shifts.id,
        cashierId: shifts.cashierId,
        cashierName: shifts.cashierName,
        openedAt: shifts.openedAt,
      })
      .from(tills)
      .leftJoin(
        shifts,
        and(eq(shifts.tillId, tills.id), eq(shifts.status, 'open'), ownedBy(shifts, tenantId)),
      )
      .where(and(ownedBy(tills, tenantId), eq(tills.outletId, outletId)))
      .orderBy(asc(tills.createdAt), asc(tills.name), asc(tills.id)),
  );
}

export function findTill(db: Db, tenantId: string, tillId: string) {
  return ownedRowWhere(db, tills, tenantId, eq(tills.id, tillId));
}

export async function insertTill(
  db: Db,
  values: { tenantId: string; outletId: string; name: string },
) {
  const [row] = await db
    .insert(tills)
    .values({ ...values, outletId: ownedId(outlets, values.tenantId, values.outletId) })
    .returning();
  return row!;
}

export async function renameTill(db: Db, tenantId: string, tillId: string, name: string) {
  const [row] = await db
    .update(tills)
    .set({ name })
    .where(and(ownedBy(tills, tenantId), eq(tills.id, tillId)))
    .returning();
  return row ?? null;
}

/** Whether anything points at the till: a shift opened on it or an order rung up on it. */
export async function tillInUse(db: Db, tenantId: string, tillId: string): Promise<boolean> {
  const [shift] = await db
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(ownedBy(shifts, tenantId), eq(shifts.tillId, tillId)))
    .limit(1);
  if (shift) return true;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(ownedBy(orders, tenantId), eq(orders.tillId, tillId)))
    .limit(1);
  return Boolean(order);
}

/** How many tills the outlet has, its rows locked so two deletes cannot both leave none. */
export async function lockOutletTills(db: Db, tenantId: string, outletId: string) {
  const rows = await db
    .select({ id: tills.id })
    .from(tills)
    .where(and(ownedBy(tills, tenantId), eq(tills.outletId, outletId)))
    .for('update');
  return rows.length;
}

export async function deleteTill(db: Db, tenantId: string, tillId: string) {
  await db.delete(tills).where(and(ownedBy(tills, tenantId), eq(tills.id, tillId)));
}
