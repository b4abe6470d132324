import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  addons,
  categories,
  productAddons,
  productVariantGroups,
  variantGroups,
  variantOptions,
} from '../../db/schema/catalogue';
import { ownedBy } from '../../db/tenant-scope';

// A product's links into the tenant's library: its variant groups (with their options) and its
// add-ons, in the order the form gave them.

export async function variantGroupsOf(db: Db, tenantId: string, productId: string) {
  const groups = await db
    .select({
      id: variantGroups.id,
      name: variantGroups.name,
      nameMy: variantGroups.nameMy,
      required: variantGroups.required,
      minSelect: variantGroups.minSelect,
      maxSelect: variantGroups.maxSelect,
    })
    .from(productVariantGroups)
    .innerJoin(variantGroups, eq(variantGroups.id, productVariantGroups.groupId))
    .where(
      and(ownedBy(productVariantGroups, tenantId), eq(productVariantGroups.productId, productId)),
    )
    .orderBy(asc(productVariantGroups.sortOrder));
  const options =
    groups.length === 0
      ? []
      : await db
          .select({
            id: variantOptions.id,
            groupId: variantOptions.groupId,
            name: variantOptions.name,
            nameMy: variantOptions.nameMy,
            price: variantOptions.price,
            isDefault: variantOptions.isDefault,
          })
          .from(variantOptions)
          .where(
            and(
              ownedBy(variantOptions, tenantId),
              inArray(
                variantOptions.groupId,
                groups.map((g) => g.id),
              ),
            ),
          )
          .orderBy(asc(variantOptions.sortOrder));
  return groups.map((g) => ({ ...g, options: options.filter((o) => o.groupId === g.id) }));
}

export async function addonsOf(db: Db, tenantId: string, productId: string) {
  return db
    .select({
      id: addons.id,
      name: addons.name,
      nameMy: addons.nameMy,
      price: addons.price,
      status: addons.status,
    })
    .from(productAddons)
    .innerJoin(addons, eq(addons.id, productAddons.addonId))
    .where(and(ownedBy(productAddons, tenantId), eq(productAddons.productId, productId)))
    .orderBy(asc(productAddons.sortOrder));
}

/** Which of `ids` exist in the tenant's table (categories, variant groups, add-ons). */
export async function existingIds(
  db: Db,
  tenantId: string,
  table: 'categories' | 'variant_groups' | 'addons',
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const t = { categories, variant_groups: variantGroups, addons }[table];
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(ownedBy(t, tenantId), inArray(t.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function setLinks(
  tx: Db,
  tenantId: string,
  productId: string,
  groupIds: string[],
  addonIds: string[],
) {
  await tx
    .delete(productVariantGroups)
    .where(
      and(ownedBy(productVariantGroups, tenantId), eq(productVariantGroups.productId, productId)),
    );
  await tx
    .delete(productAddons)
    .where(and(ownedBy(productAddons, tenantId), eq(productAddons.productId, productId)));
  if (groupIds.length > 0) {
    await tx
      .insert(productVariantGroups)
      .values(groupIds.map((groupId, i) => ({ productId, groupId, tenantId, sortOrder: i })));
  }
  if (addonIds.length > 0) {
    await tx
      .insert(productAddons)
      .values(addonIds.map((addonId, i) => ({ productId, addonId, tenantId, sortOrder: i })));
  }
}
