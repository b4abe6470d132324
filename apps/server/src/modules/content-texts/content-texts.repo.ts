import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { contentTextDefaults, contentTextOverrides } from '../../db/schema/content-texts';
import { auditLog } from '../../db/schema/platform';
import { ownedBy, ownedWhere } from '../../db/tenant-scope';

// The platform's texts and a tenant's own wording of them. The platform's rows have no tenant
// (they are every tenant's starting point); every read and write of a tenant's wording filters
// by its tenant_id. A tenant's list is the platform's texts with its own wording laid over them
// in the service: the platform defines a few dozen texts, so both sides are read whole.

/** Functions of the platform's texts, which belong to no tenant. */
export const tenantFree = [
  'allDefaults',
  'findDefault',
  'insertDefault',
  'updateDefault',
  'overrideCounts',
  'defaultHistory',
] as const;

/** The audit entities of the two sides: a tenant's wording, the platform's text. */
export const TENANT_ENTITY = 'content_text';
export const PLATFORM_ENTITY = 'content_text_default';

export type DefaultRow = typeof contentTextDefaults.$inferSelect;

export interface DefaultValues {
  description: string;
  descriptionMy: string;
  format: string;
  textEn: string;
  textMy: string;
}

export async function allDefaults(db: Db): Promise<DefaultRow[]> {
  // Byte order: the same on every server, whatever its collation.
  return db
    .select()
    .from(contentTextDefaults)
    .orderBy(asc(sql`${contentTextDefaults.key} collate "C"`));
}

export async function findDefault(db: Db, key: string): Promise<DefaultRow | null> {
  const [row] = await db
    .select()
    .from(contentTextDefaults)
    .where(eq(contentTextDefaults.key, key))
    .limit(1);
  return row ?? null;
}

export async function insertDefault(tx: Db, values: DefaultValues & { key: string }) {
  await tx.insert(contentTextDefaults).values(values);
}

export async function updateDefault(tx: Db, key: string, values: DefaultValues) {
  await tx
    .update(contentTextDefaults)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(contentTextDefaults.key, key));
}

/** How many tenants have their own wording of each text (keys without any are left out). */
export async function overrideCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: contentTextOverrides.key, n: sql<number>`count(*)::int` })
    .from(contentTextOverrides)
    .groupBy(contentTextOverrides.key);
  return new Map(rows.map((r) => [r.key, r.n]));
}

const overrideColumns = {
  key: contentTextOverrides.key,
  textEn: contentTextOverrides.textEn,
  textMy: contentTextOverrides.textMy,
  updatedBy: contentTextOverrides.updatedBy,
  updatedAt: contentTextOverrides.updatedAt,
};
export type OverrideRow = {
  key: string;
  textEn: string | null;
  textMy: string | null;
  updatedBy: string | null;
  updatedAt: Date;
};

/** The tenant's own wording of every text it has changed. */
export async function overridesOf(db: Db, tenantId: string): Promise<OverrideRow[]> {
  return db
    .select(overrideColumns)
    .from(contentTextOverrides)
    .where(ownedBy(contentTextOverrides, tenantId));
}

export async function overrideOf(
  db: Db,
  tenantId: string,
  key: string,
): Promise<OverrideRow | null> {
  const [row] = await db
    .select(overrideColumns)
    .from(contentTextOverrides)
    .where(and(ownedBy(contentTextOverrides, tenantId), eq(contentTextOverrides.key, key)))
    .limit(1);
  return row ?? null;
}

/** Sets the tenant's wording of `key` (null in a language: the platform's). */
export async function saveOverride(
  tx: Db,
  tenantId: string,
  key: string,
  values: { textEn: string | null; textMy: string | null; updatedBy: string },
) {
  await tx
    .insert(contentTextOverrides)
    .values({ tenantId, key, ...values })
    .onConflictDoUpdate({
      target: [contentTextOverrides.tenantId, contentTextOverrides.key],
      set: { ...values, updatedAt: sql`now()` },
    });
}

export async function deleteOverride(tx: Db, tenantId: string, key: string) {
  await tx
    .delete(contentTextOverrides)
    .where(and(ownedBy(contentTextOverrides, tenantId), eq(contentTextOverrides.key, key)));
}

const historyColumns = {
  id: auditLog.id,
  action: auditLog.action,
  actor: auditLog.actorUsername,
  before: auditLog.before,
  after: auditLog.after,
  at: auditLog.createdAt,
};
export type HistoryRow = {
  id: string;
  action: string;
  actor: string | null;
  before: unknown;
  after: unknown;
  at: Date;
};

async function history(
  db: Db,
  where: ReturnType<typeof and>,
  limit: number,
  offset: number,
): Promise<{ rows: HistoryRow[]; total: number }> {
  const rows = await db
    .select({ ...historyColumns, total: sql<number>`(count(*) over ())::int` })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where);
    total = count?.n ?? 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

/** The tenant's changes of its wording of `key`, newest first. */
export function tenantHistory(
  db: Db,
  tenantId: string,
  key: string,
  limit: number,
  offset: number,
) {
  return history(
    db,
    ownedWhere(auditLog, tenantId, { entity: TENANT_ENTITY, entityId: key }),
    limit,
    offset,
  );
}

/** The platform's changes of its text `key`, newest first. */
export function defaultHistory(db: Db, key: string, limit: number, offset: number) {
  return history(
    db,
    and(
      isNull(auditLog.tenantId),
      eq(auditLog.entity, PLATFORM_ENTITY),
      eq(auditLog.entityId, key),
    ),
    limit,
    offset,
  );
}
