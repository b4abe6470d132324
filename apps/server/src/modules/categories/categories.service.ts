import type { Category, CategoryInput } from '@kopi/contract';
import type { z } from 'zod';
import type { categoryListQuerySchema } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited, createdEntry, deletedEntry, updatedEntry } from '../../lib/audit';
import { inUseOnForeignKey, uniqueFieldTaken } from '../../lib/db-errors';
import { AppError, found, validationError } from '../../lib/errors';
import { removeImages, storeImage } from '../../lib/images';
import { offsetOf, pageAnswer } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { writeReorder } from '../../lib/sort-order';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as repo from './categories.repo';

// Categories: names in English and Melayu, an image, a drag-and-drop order, a status.
// A category that still has products cannot be deleted, only disabled: deleting it would orphan
// the menu and the history of its products.

type ListQuery = z.infer<typeof categoryListQuerySchema>;

const IMAGE_SIZES = [{ name: 'url', size: 600 }] as const;

export const toCategory = (r: repo.CategoryRow): Category => ({
  id: r.id,
  name_en: r.nameEn,
  name_my: r.nameMy,
  image: r.image,
  sort_order: r.sortOrder,
  status: r.status as Category['status'],
  product_count: r.productCount,
});

const nameTaken = uniqueFieldTaken(
  'categories_tenant_name_unique',
  'category_name_taken',
  'name_en',
);

/**
 * The image is set by uploading (POST /api/categories/{id}/image); the JSON body may only keep it
 * or clear it. A URL from elsewhere (even another tenant's upload) would later be deleted with
 * this category, so it is refused.
 */
function checkImage(image: string | null | undefined, current: string | null) {
  if (image && image !== current) {
    throw validationError([{ path: 'image', message: 'validation.url_invalid' }]);
  }
}

export function createCategoryService({ db, dataDir }: { db: Db; dataDir: string }) {
  const require = async (tenantId: string, id: string) =>
    found(await repo.findById(db, tenantId, id));

  return {
    async list(ctx: AuthedContext, q: ListQuery) {
      const tenantId = tenantIdOf(ctx);
      return pageAnswer(
        q,
        await repo.list(db, tenantId, { q: q.q, status: q.status }, q.page_size, offsetOf(q)),
        toCategory,
      );
    },

    async get(ctx: AuthedContext, id: string): Promise<Category> {
      return toCategory(await require(tenantIdOf(ctx), id));
    },

    async create(ctx: AuthedContext, input: CategoryInput): Promise<Category> {
      const tenantId = tenantIdOf(ctx);
      checkImage(input.image, null);
      const entry = createdEntry('category', input);
      const values = {
        tenantId,
        nameEn: input.name_en,
        nameMy: input.name_my,
        image: input.image ?? null,
        status: input.status,
      };
      const id = await audited(db, ctx, entry, (tx) => repo.insert(tx, values)).catch(nameTaken);
      return toCategory(await require(tenantId, id));
    },

    async update(ctx: AuthedContext, id: string, input: CategoryInput): Promise<Category> {
      const tenantId = tenantIdOf(ctx);
      const before = await require(tenantId, id);
      checkImage(input.image, before.image);
      const patch = {
        nameEn: input.name_en,
        nameMy: input.name_my,
        status: input.status,
        ...(input.image !== undefined ? { image: input.image } : {}),
      };
      const entry = updatedEntry('category', id, toCategory(before), input);
      await audited(db, ctx, entry, (tx) => repo.update(tx, tenantId, id, patch)).catch(nameTaken);
      if (input.image !== undefined && before.image && before.image !== input.image) {
        await removeImages(dataDir, [before.image]);
      }
      return toCategory(await require(tenantId, id));
    },

    async remove(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      const tenantId = tenantIdOf(ctx);
      const before = await require(tenantId, id);
      const hasProducts = (count: number) =>
        new AppError('category_has_products', {
          message: `This category still has ${count} product(s). Disable it instead, or move its products first.`,
        });
      if (before.productCount > 0) throw hasProducts(before.productCount);
      const entry = deletedEntry('category', id, toCategory(before));
      // A product added to it between the check and the delete trips the restricting key.
      await audited(db, ctx, entry, (tx) => repo.remove(tx, tenantId, id)).catch(
        inUseOnForeignKey(() => hasProducts(1)),
      );
      await removeImages(dataDir, [before.image]);
      return { id, deleted: true };
    },

    /** The new order of the tenant's categories; ids not listed keep their order after them. */
    async reorder(ctx: AuthedContext, ids: string[]): Promise<Category[]> {
      const tenantId = tenantIdOf(ctx);
      const existing = await repo.idsOfTenant(db, tenantId);
      await writeReorder(db, ctx, 'category', existing, ids, (tx, order) =>
        repo.setOrder(tx, tenantId, order),
      );
      const { rows } = await repo.list(db, tenantId, {}, 1000, 0);
      return rows.map(toCategory);
    },

    async setImage(ctx: AuthedContext, id: string, file: Buffer): Promise<Category> {
      const tenantId = tenantIdOf(ctx);
      const before = await require(tenantId, id);
      const { url } = await storeImage(dataDir, 'categories', file, IMAGE_SIZES);
      try {
        const entry = {
          action: 'category.image',
          entity: 'category',
          entityId: id,
          before: { image: before.image },
          after: { image: url },
        };
        await audited(db, ctx, entry, (tx) => repo.update(tx, tenantId, id, { image: url }));
      } catch (error) {
        await removeImages(dataDir, [url]);
        throw error;
      }
      await removeImages(dataDir, [before.image]);
      return toCategory(await require(tenantId, id));
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
