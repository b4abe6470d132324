import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ownedRowWhere } from '../../db/owned-rows';
import { approvals } from '../../db/schema/approvals';
import { drawerOpenings, shifts } from '../../db/schema/shifts';
import { ownedBy, ownedId } from '../../db/tenant-scope';

// The drawer's "no sale" openings of one tenant's shifts. Every query filters by tenant_id.

export type DrawerOpeningRow = typeof drawerOpenings.$inferSelect;

export async function insertDrawerOpening(db: Db, values: typeof drawerOpenings.$inferInsert) {
  const [row] = await db
    .insert(drawerOpenings)
    .values({ ...values, shiftId: ownedId(shifts, values.tenantId, values.shiftId) })
    .returning();
  return row!;
}

/** Links the opening to the approval recorded for it (recorded after the opening, its subject). */
export async function setDrawerOpeningApproval(
  db: Db,
  tenantId: string,
  id: string,
  approvalId: string,
) {
  await db
    .update(drawerOpenings)
    .set({ approvalId })
    .where(and(ownedBy(drawerOpenings, tenantId), eq(drawerOpenings.id, id)));
}

export function drawerOpeningByIdempotencyKey(db: Db, tenantId: string, key: string) {
  return ownedRowWhere(db, drawerOpenings, tenantId, eq(drawerOpenings.idempotencyKey, key));
}

/** A shift's openings in time order, each with the name of the manager who approved it. */
export async function shiftDrawerOpenings(db: Db, tenantId: string, shiftId: string) {
  return db
    .select({ opening: drawerOpenings, approvedByName: approvals.approvedByName })
    .from(drawerOpenings)
    .leftJoin(
      approvals,
      and(eq(approvals.id, drawerOpenings.approvalId), ownedBy(approvals, tenantId)),
    )
    .where(and(ownedBy(drawerOpenings, tenantId), eq(drawerOpenings.shiftId, shiftId)))
    .orderBy(asc(drawerOpenings.at), asc(drawerOpenings.id));
}
