import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { tenants } from '../../db/schema/tenancy';
import { isTenant } from '../../db/tenant-scope';

// The caller's own tenant row, read and written as business settings. The tenant id always comes
// from the session (tenantIdOf), so the row is the tenant's own by construction.

export type TenantSettingsRow = typeof tenants.$inferSelect;
export type TenantSettingsValues = Partial<
  Omit<typeof tenants.$inferInsert, 'id' | 'slug' | 'status' | 'createdAt' | 'updatedAt'>
>;

export async function settingsOf(db: Db, tenantId: string): Promise<TenantSettingsRow | null> {
  const [row] = await db.select().from(tenants).where(isTenant(tenantId)).limit(1);
  return row ?? null;
}

export async function updateSettings(tx: Db, tenantId: string, values: TenantSettingsValues) {
  await tx
    .update(tenants)
    .set({ ...values, updatedAt: sql`now()` })
    .where(isTenant(tenantId));
}
