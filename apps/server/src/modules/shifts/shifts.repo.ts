import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ownedRowWhere, rowByIdempotencyKey } from '../../db/owned-rows';
import { runPrepared } from '../../db/prepared';
import { counterTopups } from '../../db/schema/loyalty';
import { cashMovements, shifts, tills } from '../../db/schema/shifts';
import { outlets, tenants } from '../../db/schema/tenancy';
import { ownedBy, ownedId, ownedWhere, tenantOfRow } from '../../db/tenant-scope';
import { dateWithin, equalsGiven } from '../../db/list-page';

// Shifts and cash movements of one tenant (the orders and refunds a shift's report counts are
// the books' working). Every query filters by tenant_id.

export type ShiftRow = typeof shifts.$inferSelect;
export type MovementRow = typeof cashMovements.$inferSelect;

/** The outlet with what a shift needs of it and its tenant: clock and the shift settings. */
export async function outletShiftSettings(db: Db, tenantId: string, outletId: string) {
  // Every sale asks (a named statement: parsed and planned once per connection).
  const [row] = await runPrepared(
    db
      .select({
        id: outlets.id,
        code: outlets.code,
        name: outlets.name,
        timezone: outlets.timezone,
        cutoffHour: tenants.businessDayCutoffHour,
        shiftsRequired: tenants.shiftsRequired,
        tolerance: tenants.shiftVarianceTolerance,
        blindCount: tenants.shiftBlindCount,
        cashOutApprovalOver: tenants.cashOutApprovalOver,
      })
      .from(outlets)
      .innerJoin(tenants, tenantOfRow(outlets))
      .where(and(ownedBy(outlets, tenantId), eq(outlets.id, outletId)))
      .limit(1),
  );
  return row ?? null;
}

export async function insertShift(db: Db, values: typeof shifts.$inferInsert) {
  const [row] = await db
    .insert(shifts)
    .values({
      ...values,
      outletId: ownedId(outlets, values.tenantId, values.outletId),
      tillId: ownedId(tills, values.tenantId, values.tillId),
    })
    .returning();
  return row!;
}

export async function findShift(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ shift: shifts, tillName: tills.name, outletName: outlets.name })
    .from(shifts)
    .innerJoin(tills, eq(tills.id, shifts.tillId))
    .innerJoin(outlets, eq(outlets.id, shifts.outletId))
    .where(and(ownedBy(shifts, tenantId), eq(shifts.id, id)))
    .limit(1);
  return row ?? null;
}

export const shiftByIdempotencyKey = (db: Db, tenantId: string, key: string) =>
  rowByIdempotencyKey(db, shifts, tenantId, key, {
    id: shifts.id,
    cashierId: shifts.cashierId,
    tillId: shifts.tillId,
  });

/** The shift open on a till now, if any. */
export async function openShiftOfTill(db: Db, tenantId: string, tillId: string) {
  const [row] = await runPrepared(
    db
      .select({
        id: shifts.id,
        tillId: shifts.tillId,
        cashierName: shifts.cashierName,
        openedAt: shifts.openedAt,
      })
      .from(shifts)
      .where(and(ownedBy(shifts, tenantId), eq(shifts.tillId, tillId), eq(shifts.status, 'open')))
      .limit(1),
  );
  return row ?? null;
}

export interface ShiftFilter {
  outletId?: string | undefined;
  boundOutletId: string | null;
  tillId?: string | undefined;
  cashierId?: string | undefined;
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export async function listShifts(
  db: Db,
  tenantId: string,
  f: ShiftFilter,
  limit: number,
  offset: number,
) {
  const rows = await db
    .select({
      shift: shifts,
      tillName: tills.name,
      outletName: outlets.name,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(shifts)
    .innerJoin(tills, eq(tills.id, shifts.tillId))
    .innerJoin(outlets, eq(outlets.id, shifts.outletId))
    .where(
      and(
        ownedBy(shifts, tenantId),
        f.boundOutletId ? eq(shifts.outletId, f.boundOutletId) : undefined,
        equalsGiven(shifts, f, ['outletId', 'tillId', 'cashierId', 'status']),
        dateWithin(shifts.businessDate, f.from, f.to),
      ),
    )
    .orderBy(desc(shifts.openedAt), desc(shifts.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: rows[0]?.total ?? 0 };
}

/** The shifts of an outlet's business day, for its Z-report. */
export async function dayShifts(db: Db, tenantId: string, outletId: string, date: string) {
  return db
    .select({ shift: shifts, tillName: tills.name })
    .from(shifts)
    .innerJoin(tills, eq(tills.id, shifts.tillId))
    .where(
      and(ownedBy(shifts, tenantId), eq(shifts.outletId, outletId), eq(shifts.businessDate, date)),
    )
    .orderBy(asc(shifts.openedAt), asc(shifts.id));
}

export async function insertMovement(db: Db, values: typeof cashMovements.$inferInsert) {
  const [row] = await db
    .insert(cashMovements)
    .values({ ...values, shiftId: ownedId(shifts, values.tenantId, values.shiftId) })
    .returning();
  return row!;
}

export function movementByIdempotencyKey(db: Db, tenantId: string, key: string) {
  return ownedRowWhere(db, cashMovements, tenantId, eq(cashMovements.idempotencyKey, key));
}

export async function shiftMovements(db: Db, tenantId: string, shiftId: string) {
  return db
    .select()
    .from(cashMovements)
    .where(and(ownedBy(cashMovements, tenantId), eq(cashMovements.shiftId, shiftId)))
    .orderBy(asc(cashMovements.at), asc(cashMovements.id));
}

/** Locks an open shift for its close; null when it is not (or no longer) open. */
export async function lockOpenShift(tx: Db, tenantId: string, id: string) {
  const [row] = await tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(ownedBy(shifts, tenantId), eq(shifts.id, id), eq(shifts.status, 'open')))
    .for('update');
  return row ?? null;
}

export async function closeShift(
  tx: Db,
  tenantId: string,
  id: string,
  values: Pick<
    typeof shifts.$inferInsert,
    | 'closedAt'
    | 'closedBy'
    | 'closedByName'
    | 'countedCount'
    | 'counted'
    | 'expected'
    | 'variance'
    | 'closingNote'
  >,
) {
  const [row] = await tx
    .update(shifts)
    .set({ ...values, status: 'closed', updatedAt: values.closedAt! })
    .where(and(ownedBy(shifts, tenantId), eq(shifts.id, id), eq(shifts.status, 'open')))
    .returning();
  return row ?? null;
}

/** The shift a user has open at an outlet, locked against its close until the caller commits. */
export async function lockOpenShiftOfUser(
  tx: Db,
  tenantId: string,
  outletId: string,
  userId: string,
) {
  const [row] = await tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(ownedWhere(shifts, tenantId, { outletId, cashierId: userId, status: 'open' }))
    .orderBy(asc(shifts.openedAt))
    .limit(1)
    .for('share');
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

/** The wallet top-ups sold at the counter in a shift, oldest first (their cash is in its drawer). */
export async function shiftTopups(db: Db, tenantId: string, shiftId: string) {
  return db
    .select({
      id: counterTopups.id,
      receiptNo: counterTopups.receiptNo,
      businessDate: counterTopups.businessDate,
      method: counterTopups.method,
      amount: counterTopups.amount,
      createdAt: counterTopups.createdAt,
    })
    .from(counterTopups)
    .where(and(ownedBy(counterTopups, tenantId), eq(counterTopups.shiftId, shiftId)))
    .orderBy(asc(counterTopups.createdAt), asc(counterTopups.id));
}
