import type { AppFeatureCode } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { appFeatures, appFeatureSwitches } from '../db/schema/app-features';
import { appFeatureCatalogue, demoAppFeatureSwitches } from '../db/seed-app-features';
import { demoTenantId } from './order-fixtures';
import type { TestApp } from './test-app';

// Test data for the customer app's feature switches: back to the seeded catalogue and the demo
// tenant's seeded switches, and a switch set straight in the database for set-up.

/** The catalogue as seeded (no locks) and the demo tenant's switches as seeded, nothing else. */
export async function resetAppFeatures(t: TestApp) {
  const { db } = t.database;
  const tenantId = await demoTenantId(t);
  for (const f of appFeatureCatalogue) {
    await db
      .update(appFeatures)
      .set({
        nameEn: f.nameEn,
        nameMy: f.nameMy,
        descriptionEn: f.descriptionEn,
        descriptionMy: f.descriptionMy,
        defaultEnabled: f.defaultEnabled,
        locked: false,
      })
      .where(eq(appFeatures.code, f.code));
  }
  await db.delete(appFeatureSwitches).where(eq(appFeatureSwitches.tenantId, tenantId));
  await db
    .insert(appFeatureSwitches)
    .values(
      demoAppFeatureSwitches.map((s) => ({ tenantId, featureCode: s.code, enabled: s.enabled })),
    );
}

/** Sets a switch of the demo tenant directly (outletId null: the whole business). */
export async function setDemoSwitch(
  t: TestApp,
  code: AppFeatureCode,
  outletId: string | null,
  enabled: boolean,
) {
  const tenantId = await demoTenantId(t);
  await t.database.db
    .insert(appFeatureSwitches)
    .values({ tenantId, featureCode: code, outletId, enabled })
    .onConflictDoUpdate({
      target: [
        appFeatureSwitches.tenantId,
        appFeatureSwitches.featureCode,
        appFeatureSwitches.outletId,
      ],
      set: { enabled },
    });
}

/** Locks (or unlocks) a feature of the catalogue, with the default every tenant then has. */
export async function lockFeature(
  t: TestApp,
  code: AppFeatureCode,
  locked: boolean,
  defaultEnabled?: boolean,
) {
  await t.database.db
    .update(appFeatures)
    .set({ locked, ...(defaultEnabled === undefined ? {} : { defaultEnabled }) })
    .where(eq(appFeatures.code, code));
}
