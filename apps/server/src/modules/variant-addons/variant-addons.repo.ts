import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { columnsOf } from '../../db/columns';
import type { Db } from '../../db/database';
import { deleteOwnedRow, insertOwnedRow, updateOwnedRow } from '../../db/owned-rows';
import { pageWithTotal, searchAny } from '../../db/list-page';
import {
  addons,
  productAddons,
  products,
  productVariantGroups,
  variantGroups,
  variantOptions,
} from '../../db/schema/catalogue';
import { ownedBy, ownedWhere } from '../../db/tenant-scope';

// The tenant's library of variant groups (with options) and add-ons, and which products use them.

// ---- Variant groups ---------------------------------------------------------------------------

export interface GroupRow {
  id: string;
  name: string;
  nameMy: string | null;
  required: boolean;
  minSelect: number;
  maxSelect: number;
}

const groupColumns = {
  id: variantGroups.id,
  name: variantGroups.name,
  nameMy: variantGroups.nameMy,
  required: variantGroups.required,
  minSelect: variantGroups.minSelect,
  maxSelect: variantGroups.maxSelect,
};

export async function listGroups(
  db: Db,
  tenantId: string,
  q: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: GroupRow[]; total: number }> {
  const where = and(ownedBy(variantGroups, tenantId), searchAny(q, [variantGroups.name]));
  return pageWithTotal(
    db
      .select(groupColumns)
      .from(variantGroups)
      .where(where)
      .orderBy(asc(sql`lower(${variantGroups.name})`), asc(variantGroups.id))
      .limit(limit)
      .offset(offset),
    db,
    variantGroups,
    where,
  );
}

export async function findGroup(db: Db, tenantId: string, id: string): Promise<GroupRow | null> {
  const [row] = await db
    .select(groupColumns)
    .from(variantGroups)
    .where(and(ownedBy(variantGroups, tenantId), eq(variantGroups.id, id)))
    .limit(1);
  return row ?? null;
}

export async function optionsOf(db: Db, tenantId: string, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select(columnsOf(variantOptions, ['id', 'groupId', 'name', 'nameMy', 'price', 'isDefault']))
    .from(variantOptions)
    .where(and(ownedBy(variantOptions, tenantId), inArray(variantOptions.groupId, groupIds)))
    .orderBy(asc(variantOptions.sortOrder), asc(variantOptions.id));
}

export async function groupUsers(db: Db, tenantId: string, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ ownerId: productVariantGroups.groupId, id: products.id, name: products.name })
    .from(productVariantGroups)
    .innerJoin(products, eq(products.id, productVariantGroups.productId))
    .where(
      and(ownedBy(productVariantGroups, tenantId), inArray(productVariantGroups.groupId, groupIds)),
    )
    .orderBy(asc(products.name));
}

export async function insertGroup(
  tx: Db,
  tenantId: string,
  values: Omit<GroupRow, 'id'>,
): Promise<string> {
  return insertOwnedRow(tx, variantGroups, tenantId, values);
}

export async function updateGroup(
  tx: Db,
  tenantId: string,
  id: string,
  values: Omit<GroupRow, 'id'>,
) {
  await updateOwnedRow(tx, variantGroups, tenantId, id, values);
}

/**
 * Replaces a group's options: given ids are updated in place (orders keep pointing at them),
 * new ones inserted, the rest deleted. `options` are in display order.
 */
export async function replaceOptions(
  tx: Db,
  tenantId: string,
  groupId: string,
  options: {
    id?: string | undefined;
    name: string;
    nameMy: string | null;
    price: number;
    isDefault: boolean;
  }[],
) {
  const keep = options.flatMap((o) => (o.id ? [o.id] : []));
  const group = and(ownedBy(variantGroups, tenantId), eq(variantGroups.id, groupId));
  await tx
    .delete(variantOptions)
    .where(
      ownedWhere(
        variantOptions,
        tenantId,
        { groupId },
        keep.length > 0 ? notInArray(variantOptions.id, keep) : undefined,
      ),
    );
  for (const [i, o] of options.entries()) {
    if (o.id) {
      await tx
        .update(variantOptions)
        .set({
          name: o.name,
          nameMy: o.nameMy,
          price: o.price,
          isDefault: o.isDefault,
          sortOrder: i,
        })
        .where(ownedWhere(variantOptions, tenantId, { groupId, id: o.id }));
    } else {
      // Refused by NOT NULL when the group is not the tenant's.
      await tx.insert(variantOptions).values({
        tenantId,
        groupId: sql<string>`(select ${variantGroups.id} from ${variantGroups} where ${group})`,
        name: o.name,
        nameMy: o.nameMy,
        price: o.price,
        isDefault: o.isDefault,
        sortOrder: i,
      });
    }
  }
}

export async function deleteGroup(tx: Db, tenantId: string, id: string) {
  await deleteOwnedRow(tx, variantGroups, tenantId, id);
}

// ---- Add-ons ----------------------------------------------------------------------------------

export interface AddonRow {
  id: string;
  name: string;
  nameMy: string | null;
  price: number;
  status: string;
}

const addonColumns = {
  id: addons.id,
  name: addons.name,
  nameMy: addons.nameMy,
  price: addons.price,
  status: addons.status,
};

export async function listAddons(
  db: Db,
  tenantId: string,
  q: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: AddonRow[]; total: number }> {
  const where = and(ownedBy(addons, tenantId), searchAny(q, [addons.name]));
  return pageWithTotal(
    db
      .select(addonColumns)
      .from(addons)
      .where(where)
      .orderBy(asc(sql`lower(${addons.name})`), asc(addons.id))
      .limit(limit)
      .offset(offset),
    db,
    addons,
    where,
  );
}

export async function findAddon(db: Db, tenantId: string, id: string): Promise<AddonRow | null> {
  const [row] = await db
    .select(addonColumns)
    .from(addons)
    .where(and(ownedBy(addons, tenantId), eq(addons.id, id)))
    .limit(1);
  return row ?? null;
}

export async function addonUsers(db: Db, tenantId: string, addonIds: string[]) {
  if (addonIds.length === 0) return [];
  return db
    .select({ ownerId: productAddons.addonId, id: products.id, name: products.name })
    .from(productAddons)
    .innerJoin(products, eq(products.id, productAddons.productId))
    .where(and(ownedBy(productAddons, tenantId), inArray(productAddons.addonId, addonIds)))
    .orderBy(asc(products.name));
}

export async function insertAddon(
  tx: Db,
  tenantId: string,
  values: Omit<AddonRow, 'id'>,
): Promise<string> {
  return insertOwnedRow(tx, addons, tenantId, values);
}

export async function updateAddon(
  tx: Db,
  tenantId: string,
  id: string,
  values: Omit<AddonRow, 'id'>,
) {
  await updateOwnedRow(tx, addons, tenantId, id, values);
}

export async function deleteAddon(tx: Db, tenantId: string, id: string) {
  await deleteOwnedRow(tx, addons, tenantId, id);
}
