import type { ProductImage } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited } from '../../lib/audit';
import { AppError, found } from '../../lib/errors';
import { removeImages, storeImage } from '../../lib/images';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { type ProductLookup, toImage } from './product-lookup';
import * as images from './product-images.repo';
import * as repo from './products.repo';

// A product's images: up to ten, one of them the main one. Files are stored before the row is
// written and removed again when the write fails, so no row points at a missing file.

const MAX_IMAGES = 10;
const IMAGE_SIZES = [
  { name: 'url', size: 800 },
  { name: 'thumb', size: 200 },
] as const;

export function createProductImages(
  { db, dataDir }: { db: Db; dataDir: string },
  lookup: ProductLookup,
) {
  /** The product's images, after checking the product is the tenant's. */
  async function imagesOfProduct(ctx: AuthedContext, id: string) {
    const tenantId = tenantIdOf(ctx);
    await lookup.requireProduct(tenantId, id);
    return { tenantId, images: await images.imagesOf(db, tenantId, [id]) };
  }

  /** Writes an image change with its audit entry; the product's updated_at moves with it. */
  async function writeImages<T>(
    ctx: AuthedContext,
    tenantId: string,
    id: string,
    entry: (result: T) => { action: string; before?: unknown; after?: unknown },
    write: (tx: Db) => Promise<T>,
  ): Promise<void> {
    const entryOf = (result: T) => ({ ...entry(result), entity: 'product', entityId: id });
    await audited(db, ctx, entryOf, async (tx) => {
      const result = await write(tx);
      await repo.update(tx, tenantId, id, {});
      return result;
    });
  }

  const imagesAnswer = async (tenantId: string, id: string): Promise<ProductImage[]> =>
    (await images.imagesOf(db, tenantId, [id])).map(toImage);

  return {
    async addImage(ctx: AuthedContext, id: string, file: Buffer): Promise<ProductImage[]> {
      const { tenantId, images: existing } = await imagesOfProduct(ctx, id);
      if (existing.length >= MAX_IMAGES) throw new AppError('too_many_images');
      const stored = await storeImage(dataDir, 'products', file, IMAGE_SIZES);
      try {
        await writeImages(
          ctx,
          tenantId,
          id,
          (imageId) => ({
            action: 'product.image_add',
            after: { image_id: imageId, url: stored.url },
          }),
          (tx) =>
            images.insertImage(tx, {
              tenantId,
              productId: id,
              url: stored.url,
              thumbUrl: stored.thumb,
              // The first image is the main one.
              isMain: !existing.some((i) => i.isMain),
            }),
        );
      } catch (error) {
        await removeImages(dataDir, [stored.url, stored.thumb]);
        throw error;
      }
      return imagesAnswer(tenantId, id);
    },

    async removeImage(ctx: AuthedContext, id: string, imageId: string): Promise<ProductImage[]> {
      const { tenantId, images: all } = await imagesOfProduct(ctx, id);
      const image = found(all.find((i) => i.id === imageId));
      const next = all.find((i) => i.id !== imageId);
      await writeImages(
        ctx,
        tenantId,
        id,
        () => ({ action: 'product.image_remove', before: { image_id: imageId, url: image.url } }),
        async (tx) => {
          await images.deleteImage(tx, tenantId, id, imageId);
          // The main image goes: the next one takes its place.
          if (image.isMain && next) await images.setMainImage(tx, tenantId, id, next.id);
        },
      );
      await removeImages(dataDir, [image.url, image.thumbUrl]);
      return imagesAnswer(tenantId, id);
    },

    async setMainImage(ctx: AuthedContext, id: string, imageId: string): Promise<ProductImage[]> {
      const { tenantId, images: all } = await imagesOfProduct(ctx, id);
      found(all.find((i) => i.id === imageId));
      await writeImages(
        ctx,
        tenantId,
        id,
        () => ({
          action: 'product.image_main',
          before: { main: all.find((i) => i.isMain)?.id ?? null },
          after: { main: imageId },
        }),
        (tx) => images.setMainImage(tx, tenantId, id, imageId),
      );
      return imagesAnswer(tenantId, id);
    },
  };
}
