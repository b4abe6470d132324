import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { appFeatures, appFeatureSwitches } from '../../db/schema/app-features';
import { outlets } from '../../db/schema/tenancy';
import { ownedBy, ownedWhere } from '../../db/tenant-scope';

// The platform's feature catalogue (one for every tenant) and each tenant's switches. The
// switches are tenant-owned: every query of them filters by tenant_id, and an outlet switch
// takes its tenant from the outlet row of that tenant, so another tenant's outlet writes nothing.

/** The catalogue is the platform's, read and edited without a tenant. */
export const tenantFree = ['catalogue', 'findFeature', 'updateFeature'] as const;

export type AppFeatureRow = typeof appFeatures.$inferSelect;
export type AppFeatureValues = Pick<
  AppFeatureRow,
  'nameEn' | 'nameMy' | 'descriptionEn' | 'descriptionMy' | 'defaultEnabled' | 'locked'
>;

export async function catalogue(db: Db): Promise<AppFeatureRow[]> {
  return db.select().from(appFeatures).orderBy(asc(appFeatures.sortOrder), asc(appFeatures.code));
}

export async function findFeature(db: Db, code: string): Promise<AppFeatureRow | null> {
  const [row] = await db.select().from(appFeatures).where(eq(appFeatures.code, code)).limit(1);
  return row ?? null;
}

export async function updateFeature(tx: Db, code: string, values: AppFeatureValues) {
  await tx
    .update(appFeatures)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(appFeatures.code, code));
}

const tenantLevel = alias(appFeatureSwitches, 'tenant_switch');
const outletLevel = alias(appFeatureSwitches, 'outlet_switch');

/**
 * Every feature with its layers for a tenant, and for one outlet of it when `outletId` is given
 * (null: the tenant level only), in one statement: the catalogue's default and lock, the
 * tenant's switch and the outlet's.
 */
export async function featureLayers(db: Db, tenantId: string, outletId: string | null) {
  return db
    .select({
      code: appFeatures.code,
      nameEn: appFeatures.nameEn,
      nameMy: appFeatures.nameMy,
      defaultEnabled: appFeatures.defaultEnabled,
      locked: appFeatures.locked,
      perOutlet: appFeatures.perOutlet,
      tenantSwitch: tenantLevel.enabled,
      outletSwitch: outletLevel.enabled,
    })
    .from(appFeatures)
    .leftJoin(
      tenantLevel,
      and(
        eq(tenantLevel.featureCode, appFeatures.code),
        ownedBy(tenantLevel, tenantId),
        isNull(tenantLevel.outletId),
      ),
    )
    .leftJoin(
      outletLevel,
      and(
        eq(outletLevel.featureCode, appFeatures.code),
        ownedBy(outletLevel, tenantId),
        // No outlet: a condition never true, so the outlet layer stays empty.
        outletId ? eq(outletLevel.outletId, outletId) : sql`false`,
      ),
    )
    .orderBy(asc(appFeatures.sortOrder), asc(appFeatures.code));
}
export type FeatureLayersRow = Awaited<ReturnType<typeof featureLayers>>[number];

/** Every switch of the tenant: the whole business's (outlet null) and each outlet's. */
export async function tenantSwitches(db: Db, tenantId: string) {
  return db
    .select({
      featureCode: appFeatureSwitches.featureCode,
      outletId: appFeatureSwitches.outletId,
      enabled: appFeatureSwitches.enabled,
    })
    .from(appFeatureSwitches)
    .where(ownedBy(appFeatureSwitches, tenantId));
}

/** The tenant's outlets, by code, as the switches screen lists them. */
export async function tenantOutlets(db: Db, tenantId: string) {
  return db
    .select({
      id: outlets.id,
      code: outlets.code,
      name: outlets.name,
      servingMethods: outlets.servingMethods,
    })
    .from(outlets)
    .where(ownedBy(outlets, tenantId))
    .orderBy(asc(outlets.code));
}

export async function findOutlet(db: Db, tenantId: string, outletId: string) {
  const [row] = await db
    .select({ id: outlets.id, code: outlets.code, name: outlets.name })
    .from(outlets)
    .where(and(ownedBy(outlets, tenantId), eq(outlets.id, outletId)))
    .limit(1);
  return row ?? null;
}

const switchOf = (tenantId: string, code: string, outletId: string | null) =>
  ownedWhere(
    appFeatureSwitches,
    tenantId,
    { featureCode: code },
    outletId ? eq(appFeatureSwitches.outletId, outletId) : isNull(appFeatureSwitches.outletId),
  );

/** Sets the tenant's switch of `code` (outletId null) or an outlet's. */
export async function setSwitch(
  tx: Db,
  tenantId: string,
  code: string,
  outletId: string | null,
  enabled: boolean,
) {
  // An outlet switch takes its tenant from the tenant's outlet row: another tenant's outlet
  // leaves it NULL and the insert fails rather than point across tenants.
  const owner = outletId
    ? sql<string>`(select ${outlets.tenantId} from ${outlets} where ${and(ownedBy(outlets, tenantId), eq(outlets.id, outletId))})`
    : tenantId;
  await tx
    .insert(appFeatureSwitches)
    .values({ tenantId: owner, featureCode: code, outletId, enabled })
    .onConflictDoUpdate({
      target: [
        appFeatureSwitches.tenantId,
        appFeatureSwitches.featureCode,
        appFeatureSwitches.outletId,
      ],
      set: { enabled, updatedAt: sql`now()` },
      setWhere: ownedBy(appFeatureSwitches, tenantId),
    });
}

/** Removes a switch: the tenant (or outlet) follows the level above again. */
export async function clearSwitch(tx: Db, tenantId: string, code: string, outletId: string | null) {
  await tx.delete(appFeatureSwitches).where(switchOf(tenantId, code, outletId));
}
