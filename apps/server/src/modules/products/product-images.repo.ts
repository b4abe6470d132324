import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { columnsOf } from '../../db/columns';
import type { Db } from '../../db/database';
import { insertedId } from '../../db/owned-rows';
import { productImages, products } from '../../db/schema/catalogue';
import { ownedBy, ownedWhere, tenantIs } from '../../db/tenant-scope';

// The images of the tenant's products, in their order, one of them the main one.

export async function imagesOf(db: Db, tenantId: string, productIds: string[], mainOnly = false) {
  if (productIds.length === 0) return [];
  return db
    .select(columnsOf(productImages, ['id', 'productId', 'url', 'thumbUrl', 'isMain']))
    .from(productImages)
    .where(
      and(
        ownedBy(productImages, tenantId),
        inArray(productImages.productId, productIds),
        mainOnly ? eq(productImages.isMain, true) : undefined,
      ),
    )
    .orderBy(asc(productImages.sortOrder), asc(productImages.createdAt));
}
export type ImageRow = Awaited<ReturnType<typeof imagesOf>>[number];

/** An image of a product of the tenant, last (refused by NOT NULL when the product is not theirs). */
export async function insertImage(
  tx: Db,
  values: { tenantId: string; productId: string; url: string; thumbUrl: string; isMain: boolean },
): Promise<string> {
  const product = and(ownedBy(products, values.tenantId), eq(products.id, values.productId));
  return insertedId(
    tx
      .insert(productImages)
      .values({
        ...values,
        productId: sql<string>`(select ${products.id} from ${products} where ${product})`,
        sortOrder: sql`(select coalesce(max(i.sort_order), 0) + 1 from ${productImages} i where ${tenantIs('i', values.tenantId)} and i.product_id = ${values.productId})`,
      })
      .returning({ id: productImages.id }),
  );
}

export async function deleteImage(tx: Db, tenantId: string, productId: string, imageId: string) {
  await tx
    .delete(productImages)
    .where(ownedWhere(productImages, tenantId, { productId, id: imageId }));
}

/** Makes one image the main one (the partial unique index allows one per product). */
export async function setMainImage(tx: Db, tenantId: string, productId: string, imageId: string) {
  const scope = and(ownedBy(productImages, tenantId), eq(productImages.productId, productId));
  await tx.update(productImages).set({ isMain: false }).where(scope);
  await tx
    .update(productImages)
    .set({ isMain: true })
    .where(and(scope, eq(productImages.id, imageId)));
}
