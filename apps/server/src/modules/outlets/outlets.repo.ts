import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  deleteOwnedRow,
  insertedId,
  insertOwnedRow,
  ownedRowWhere,
  updateOwnedRow,
} from '../../db/owned-rows';
import { countWhere, pageWithTotal, searchAny } from '../../db/list-page';
import { users } from '../../db/schema/access';
import { outletClosures, outlets } from '../../db/schema/tenancy';
import { ownedBy, ownedWhere } from '../../db/tenant-scope';

// Outlets of one tenant, their weekly hours (a jsonb column, read and written whole) and their
// closures. Every query filters by tenant_id.

export type OutletRow = typeof outlets.$inferSelect;

export interface OutletFilter {
  q?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  /** Staff bound to an outlet only ever see that one. */
  onlyId?: string | null | undefined;
}

function where(tenantId: string, f: OutletFilter) {
  return and(
    ownedBy(outlets, tenantId),
    f.onlyId ? eq(outlets.id, f.onlyId) : undefined,
    f.status ? eq(outlets.status, f.status) : undefined,
    searchAny(f.q, [outlets.name, outlets.code, outlets.address]),
  );
}

export async function list(
  db: Db,
  tenantId: string,
  f: OutletFilter,
  limit: number,
  offset: number,
): Promise<{ rows: OutletRow[]; total: number }> {
  return pageWithTotal(
    db
      .select()
      .from(outlets)
      .where(where(tenantId, f))
      .orderBy(asc(outlets.code), asc(outlets.id))
      .limit(limit)
      .offset(offset),
    db,
    outlets,
    where(tenantId, f),
  );
}

export function findById(db: Db, tenantId: string, id: string): Promise<OutletRow | null> {
  return ownedRowWhere(db, outlets, tenantId, eq(outlets.id, id));
}

export type OutletValues = Pick<
  OutletRow,
  | 'code'
  | 'name'
  | 'address'
  | 'phone'
  | 'lat'
  | 'lng'
  | 'status'
  | 'servingMethods'
  | 'deliveryFee'
  | 'acceptingOrders'
  | 'timezone'
  | 'boardAmberMinutes'
  | 'boardRedMinutes'
>;

export async function insert(tx: Db, tenantId: string, values: OutletValues): Promise<string> {
  return insertOwnedRow(tx, outlets, tenantId, values);
}

export async function update(
  tx: Db,
  tenantId: string,
  id: string,
  values: Partial<OutletValues & Pick<OutletRow, 'hours' | 'lastOrderMinutes'>>,
) {
  await updateOwnedRow(tx, outlets, tenantId, id, values);
}

export async function remove(tx: Db, tenantId: string, id: string) {
  await deleteOwnedRow(tx, outlets, tenantId, id);
}

export async function staffCount(db: Db, tenantId: string, id: string): Promise<number> {
  return countWhere(db, users, and(ownedBy(users, tenantId), eq(users.idOutlet, id)));
}

// ---- Closures ---------------------------------------------------------------------------------

export async function closuresOf(
  db: Db,
  tenantId: string,
  outletIds: string[],
  /** Only closures still running or to come on or after this local date. */
  fromDate?: string,
) {
  if (outletIds.length === 0) return [];
  return db
    .select({
      id: outletClosures.id,
      outletId: outletClosures.outletId,
      from: outletClosures.fromDate,
      to: outletClosures.toDate,
      reason: outletClosures.reason,
    })
    .from(outletClosures)
    .where(
      and(
        ownedBy(outletClosures, tenantId),
        inArray(outletClosures.outletId, outletIds),
        fromDate ? gte(outletClosures.toDate, fromDate) : undefined,
      ),
    )
    .orderBy(desc(outletClosures.fromDate), asc(outletClosures.id));
}

/** A closure of an outlet of the tenant (refused by NOT NULL when the outlet is not theirs). */
export async function insertClosure(
  tx: Db,
  values: { tenantId: string; outletId: string; fromDate: string; toDate: string; reason: string },
): Promise<string> {
  const outlet = and(ownedBy(outlets, values.tenantId), eq(outlets.id, values.outletId));
  return insertedId(
    tx
      .insert(outletClosures)
      .values({
        ...values,
        outletId: sql<string>`(select ${outlets.id} from ${outlets} where ${outlet})`,
      })
      .returning({ id: outletClosures.id }),
  );
}

export async function deleteClosure(tx: Db, tenantId: string, outletId: string, id: string) {
  const rows = await tx
    .delete(outletClosures)
    .where(ownedWhere(outletClosures, tenantId, { outletId, id }))
    .returning({ id: outletClosures.id });
  return rows.length === 1;
}
