import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { columnsOf } from '../../db/columns';
import type { Db } from '../../db/database';
import { productOutlets, products } from '../../db/schema/catalogue';
import { outlets, tenants } from '../../db/schema/tenancy';
import { ownedBy, tenantOfRow } from '../../db/tenant-scope';

// A product's settings per outlet of the tenant, and the outlets themselves with what their
// business date needs.

/** The tenant's outlets with what the business date needs (zone and the tenant's cut-off). */
export async function tenantOutlets(db: Db, tenantId: string) {
  return db
    .select({
      id: outlets.id,
      name: outlets.name,
      status: outlets.status,
      timezone: outlets.timezone,
      cutoffHour: tenants.businessDayCutoffHour,
    })
    .from(outlets)
    .innerJoin(tenants, tenantOfRow(outlets))
    .where(ownedBy(outlets, tenantId))
    .orderBy(asc(outlets.code));
}
export type OutletInfo = Awaited<ReturnType<typeof tenantOutlets>>[number];

export async function outletSettingsOf(db: Db, tenantId: string, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db
    .select(
      columnsOf(productOutlets, [
        'productId',
        'outletId',
        'available',
        'priceOverride',
        'soldOutDate',
      ]),
    )
    .from(productOutlets)
    .where(and(ownedBy(productOutlets, tenantId), inArray(productOutlets.productId, productIds)));
}
export type OutletSettingRow = Awaited<ReturnType<typeof outletSettingsOf>>[number];

export async function upsertOutletSetting(
  tx: Db,
  values: {
    tenantId: string;
    productId: string;
    outletId: string;
    available?: boolean;
    priceOverride?: number | null;
    soldOutDate?: string | null;
  },
) {
  const { tenantId, productId, outletId, ...set } = values;
  const product = and(ownedBy(products, tenantId), eq(products.id, productId));
  const outlet = and(ownedBy(outlets, tenantId), eq(outlets.id, outletId));
  await tx
    .insert(productOutlets)
    .values({
      tenantId: sql`(select ${products.tenantId} from ${products} where ${product} and exists (select 1 from ${outlets} where ${outlet}))`,
      productId,
      outletId,
      ...set,
    })
    .onConflictDoUpdate({
      target: [productOutlets.productId, productOutlets.outletId],
      set: { ...set, updatedAt: sql`now()` },
      setWhere: ownedBy(productOutlets, tenantId),
    });
}
