import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './database';
import { appFeatures, appFeatureSwitches } from './schema/app-features';
import { contentTextDefaults, contentTextOverrides } from './schema/content-texts';
import { appFeatureCatalogue, demoAppFeatureSwitches } from './seed-app-features';
import { demoContentTextOverrides, platformContentTexts } from './seed-content-texts';

// The customer app's content in the seeds: the platform's texts and feature catalogue (reference
// data, at every start) and the demo business's own wording and switches.

/** Adds missing platform texts (never overwriting them) and keeps the catalogue's code-owned columns. */
export async function seedAppContentBase(tx: Db): Promise<void> {
  await tx
    .insert(contentTextDefaults)
    .values(
      platformContentTexts.map((c) => ({
        key: c.key,
        description: c.description,
        descriptionMy: c.descriptionMy,
        format: c.format,
        textEn: c.en,
        textMy: c.my,
      })),
    )
    .onConflictDoNothing();
  // Texts added before they had a Malay description get the shipped one, as long as their English
  // description is still the shipped one too (a description the superadmin rewrote is theirs).
  for (const c of platformContentTexts) {
    await tx
      .update(contentTextDefaults)
      .set({ descriptionMy: c.descriptionMy })
      .where(
        and(
          eq(contentTextDefaults.key, c.key),
          eq(contentTextDefaults.descriptionMy, ''),
          eq(contentTextDefaults.description, c.description),
        ),
      );
  }

  await tx
    .insert(appFeatures)
    .values(appFeatureCatalogue.map((f, i) => ({ ...f, sortOrder: i })))
    .onConflictDoUpdate({
      target: appFeatures.code,
      set: { perOutlet: sql`excluded.per_outlet`, sortOrder: sql`excluded.sort_order` },
    });
}

/** The demo business's reworded texts and its feature switches. */
export async function seedDemoAppContent(tx: Db, tenantId: string): Promise<void> {
  await tx.insert(contentTextOverrides).values(
    demoContentTextOverrides.map((c) => ({
      tenantId,
      key: c.key,
      textEn: c.en,
      textMy: c.my,
      updatedBy: 'marketing',
    })),
  );
  await tx
    .insert(appFeatureSwitches)
    .values(
      demoAppFeatureSwitches.map((s) => ({ tenantId, featureCode: s.code, enabled: s.enabled })),
    );
}
