import { and, asc, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { rolePermissions, users } from '../../db/schema/access';
import { approvals, pinAttempts } from '../../db/schema/approvals';
import { ownedBy, ownedWhere, ownedId } from '../../db/tenant-scope';

// Staff PINs, their failed tries per approver and device, and the approvals granted by PIN, of
// one tenant. Every query filters by tenant_id.

/** A would-be approver: their PIN, whether they may approve `permission`, and where. */
export async function approverOf(db: Db, tenantId: string, userId: string, permission: string) {
  const [row] = await db
    .select({
      id: users.id,
      fullname: users.fullname,
      status: users.status,
      outletId: users.idOutlet,
      pinHash: users.pinHash,
      pinLockedAt: users.pinLockedAt,
      holds: sql<boolean>`exists (select 1 from ${rolePermissions} rp
        where rp.role_id = ${users}.role_id and rp.permission = ${permission})`,
    })
    .from(users)
    .where(and(ownedBy(users, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

/** The tenant's active staff with a PIN who hold `permission` and reach `outletId`. */
export async function approvers(db: Db, tenantId: string, outletId: string, permission: string) {
  return db
    .select({ id: users.id, fullname: users.fullname, lockedAt: users.pinLockedAt })
    .from(users)
    .where(
      and(
        ownedBy(users, tenantId),
        eq(users.status, 'active'),
        isNotNull(users.pinHash),
        or(isNull(users.idOutlet), eq(users.idOutlet, outletId)),
        sql`exists (select 1 from ${rolePermissions} rp
          where rp.role_id = ${users}.role_id and rp.permission = ${permission})`,
      ),
    )
    .orderBy(asc(users.fullname), asc(users.id));
}

/** A staff member's name and password hash (the PIN is set with the password). */
export async function staffOf(db: Db, tenantId: string, userId: string) {
  const [row] = await db
    .select({ fullname: users.fullname, passwordHash: users.passwordHash })
    .from(users)
    .where(and(ownedBy(users, tenantId), eq(users.id, userId)));
  return row ?? null;
}

export async function pinStatus(db: Db, tenantId: string, userId: string) {
  const [row] = await db
    .select({ pinHash: users.pinHash, setAt: users.pinSetAt, lockedAt: users.pinLockedAt })
    .from(users)
    .where(and(ownedBy(users, tenantId), eq(users.id, userId)));
  return row ?? null;
}

/** Sets (or, with null, removes) a user's PIN; either way it is no longer locked. */
export async function writePin(tx: Db, tenantId: string, userId: string, hash: string | null) {
  await tx
    .update(users)
    .set({
      pinHash: hash,
      pinSetAt: hash === null ? null : sql`now()`,
      pinLockedAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(ownedBy(users, tenantId), eq(users.id, userId)));
  await tx
    .delete(pinAttempts)
    .where(and(ownedBy(pinAttempts, tenantId), eq(pinAttempts.userId, userId)));
}

/** When the approver's next PIN may be tried on the device (null: now). */
export async function nextTryAt(db: Db, tenantId: string, userId: string, deviceId: string) {
  const [row] = await db
    .select({ at: pinAttempts.nextAllowedAt })
    .from(pinAttempts)
    .where(ownedWhere(pinAttempts, tenantId, { userId, deviceId }));
  return row?.at ?? null;
}

/**
 * Counts a wrong PIN of the approver on the device, in one statement (two wrong PINs at once
 * both count), holding the next try back by `waitMs(failures)`. Answers the device's failures
 * and the approver's failures in a row on every device.
 */
export async function countFailure(
  db: Db,
  tenantId: string,
  userId: string,
  deviceId: string,
  at: Date,
  waitMs: (failures: number) => number,
): Promise<{ device: number; total: number }> {
  const rows = rowsOf<{ failures: number }>(
    await db.execute(sql`
    insert into ${pinAttempts} (tenant_id, user_id, device_id, failures, last_failure_at)
    select u.tenant_id, u.id, ${deviceId}, 1, ${at.toISOString()}::timestamptz
      from ${users} u where u.id = ${userId}::uuid and u.tenant_id = ${tenantId}::uuid
    on conflict (user_id, device_id) do update
      set failures = ${pinAttempts.failures} + 1, last_failure_at = excluded.last_failure_at
    returning failures`),
  );
  const device = Number(rows[0]?.failures ?? 0);
  const wait = waitMs(device);
  await db
    .update(pinAttempts)
    .set({ nextAllowedAt: new Date(at.getTime() + wait) })
    .where(ownedWhere(pinAttempts, tenantId, { userId, deviceId }));
  const [sum] = await db
    .select({ total: sql<number>`coalesce(sum(${pinAttempts.failures}), 0)::int` })
    .from(pinAttempts)
    .where(and(ownedBy(pinAttempts, tenantId), eq(pinAttempts.userId, userId)));
  return { device, total: Number(sum?.total ?? 0) };
}

/** Locks the approver's PIN; answers whether this call locked it (it was not locked yet). */
export async function lockPin(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ pinLockedAt: sql`now()` })
    .where(and(ownedBy(users, tenantId), eq(users.id, userId), isNull(users.pinLockedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A right PIN ends the approver's run of failures on every device. */
export async function clearFailures(db: Db, tenantId: string, userId: string) {
  await db
    .delete(pinAttempts)
    .where(and(ownedBy(pinAttempts, tenantId), eq(pinAttempts.userId, userId)));
}

export type NewApproval = Omit<typeof approvals.$inferInsert, 'id' | 'tenantId' | 'at'>;

export async function insertApproval(tx: Db, tenantId: string, values: NewApproval) {
  const [row] = await tx
    .insert(approvals)
    .values({
      ...values,
      tenantId,
      // Read through the tenant: another tenant's user is written as nobody.
      requestedBy: values.requestedBy ? ownedId(users, tenantId, values.requestedBy) : null,
      approvedBy: values.approvedBy ? ownedId(users, tenantId, values.approvedBy) : null,
    })
    .returning();
  return row!;
}

/** The latest approval of `action` granted for a subject (a shift, an order, a movement). */
export async function approvalOf(db: Db, tenantId: string, action: string, subjectId: string) {
  const [row] = await db
    .select()
    .from(approvals)
    .where(ownedWhere(approvals, tenantId, { action, subjectId }))
    .orderBy(desc(approvals.at))
    .limit(1);
  return row ?? null;
}
