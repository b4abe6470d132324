import type { Db } from '../../db/database';
import { ownedBy } from '../../db/tenant-scope';
import { loyaltySettings } from '../../db/schema/loyalty';

// Writes of the tenant's loyalty settings row (settings.repo.ts settingsOf reads it, making it
// with the defaults the first time).

export type LoyaltySettingsValues = Partial<
  Omit<typeof loyaltySettings.$inferInsert, 'tenantId' | 'updatedAt'>
>;

export async function updateSettings(tx: Db, tenantId: string, values: LoyaltySettingsValues) {
  await tx
    .update(loyaltySettings)
    .set({ ...values, updatedAt: new Date() })
    .where(ownedBy(loyaltySettings, tenantId));
}
