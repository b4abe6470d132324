import type { Product, ProductInput, ProductListItem } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audit, audited, createdEntry, deletedEntry } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError, type ErrorDetail, validationError } from '../../lib/errors';
import { removeImages } from '../../lib/images';
import { listMeta, offsetOf } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { normaliseTags } from './product-import';
import { createProductImages } from './product-images';
import * as images from './product-images.repo';
import { createProductLookup } from './product-lookup';
import { createProductOutlets } from './product-outlets';
import { filterOf, type ListQuery, productSort, skuOrBarcodeTaken } from './product-query';
import { malayName } from '../../lib/malay-name';
import { createProductTransfer } from './product-transfer';
import * as links from './product-links.repo';
import * as repo from './products.repo';

// Products: the list with search, filters, sort and paging; the form; bulk status.
// Images, per-outlet settings and files are parts of their own, joined here into the one service
// the routes use.

export interface ProductServiceDeps {
  db: Db;
  dataDir: string;
  now: Clock;
}

export function createProductService(deps: ProductServiceDeps) {
  const { db, dataDir } = deps;
  const lookup = createProductLookup(deps);
  const { outletsWithToday, outletState, requireProduct, productOf, fresh } = lookup;

  /** Checks what the input points at (same tenant) and that SKU and barcode are free. */
  async function checkInput(tenantId: string, input: ProductInput, exceptId: string | null) {
    const [categoryIds, groupIds, addonIds, taken] = await Promise.all([
      links.existingIds(db, tenantId, 'categories', [input.category]),
      links.existingIds(db, tenantId, 'variant_groups', input.variant_group_ids),
      links.existingIds(db, tenantId, 'addons', input.addon_ids),
      repo.conflicts(db, tenantId, input.sku, input.barcode || null, exceptId),
    ]);
    const details: ErrorDetail[] = [];
    if (!categoryIds.has(input.category)) {
      details.push({ path: 'category', message: 'validation.invalid' });
    }
    input.variant_group_ids.forEach((id, i) => {
      if (!groupIds.has(id))
        details.push({ path: `variant_group_ids.${i}`, message: 'validation.invalid' });
    });
    input.addon_ids.forEach((id, i) => {
      if (!addonIds.has(id))
        details.push({ path: `addon_ids.${i}`, message: 'validation.invalid' });
    });
    if (new Set(input.variant_group_ids).size !== input.variant_group_ids.length) {
      details.push({ path: 'variant_group_ids', message: 'validation.not_unique' });
    }
    if (new Set(input.addon_ids).size !== input.addon_ids.length) {
      details.push({ path: 'addon_ids', message: 'validation.not_unique' });
    }
    if (details.length > 0) throw validationError(details);
    if (taken.sku) {
      throw new AppError('sku_taken', {
        details: [
          { path: 'sku', message: 'validation.sku_taken' },
          ...(taken.barcode ? [{ path: 'barcode', message: 'validation.barcode_taken' }] : []),
        ],
      });
    }
    if (taken.barcode) {
      throw new AppError('barcode_taken', {
        details: [{ path: 'barcode', message: 'validation.barcode_taken' }],
      });
    }
  }

  const valuesOf = (input: ProductInput): repo.ProductValues => ({
    categoryId: input.category,
    name: input.name,
    nameMy: malayName(input.name_my),
    sku: input.sku,
    barcode: input.barcode || null,
    description: input.description || null,
    status: input.status,
    tags: normaliseTags(input.tags),
    basePrice: input.base_price,
    discountedPrice: input.discounted_price ?? null,
  });

  const products = {
    async list(ctx: AuthedContext, q: ListQuery) {
      const tenantId = tenantIdOf(ctx);
      const sort = productSort(q.sort);
      // One round of queries whatever the page size: the page (with its images and outlet
      // settings), its total and the tenant's outlets. Never one query per product.
      const [{ rows, total }, outlets] = await Promise.all([
        repo.listPage(db, tenantId, filterOf(q), sort, q.page_size, offsetOf(q)),
        outletsWithToday(tenantId, ctx.principal.outletId),
      ]);
      const active = outlets.filter((o) => o.status === 'active');
      const data: ProductListItem[] = rows.map((r) => {
        const mine = r.outletSettings.map((s) => ({
          productId: r.id,
          outletId: s.outlet_id,
          available: s.available,
          priceOverride: s.price_override,
          soldOutDate: s.sold_out_date,
        }));
        return {
          id: r.id,
          name: r.name,
          name_my: r.nameMy,
          sku: r.sku,
          barcode: r.barcode,
          category: r.categoryId,
          category_name: r.categoryName,
          status: r.status as ProductListItem['status'],
          tags: r.tags,
          base_price: r.basePrice,
          discounted_price: r.discountedPrice,
          image: r.mainImage,
          outlets: active.flatMap((o) => {
            const state = outletState(
              o,
              mine.find((s) => s.outletId === o.id),
            );
            const { available, ...rest } = state;
            return available ? [rest] : [];
          }),
          has_sales: r.hasSales,
          updated_at: r.updatedAt.toISOString(),
        };
      });
      return { data, meta: listMeta(q, total) };
    },

    async get(ctx: AuthedContext, id: string): Promise<Product> {
      const tenantId = tenantIdOf(ctx);
      return productOf(tenantId, await requireProduct(tenantId, id), ctx.principal.outletId);
    },

    async create(ctx: AuthedContext, input: ProductInput): Promise<Product> {
      const tenantId = tenantIdOf(ctx);
      await checkInput(tenantId, input, null);
      const values = valuesOf(input);
      const entry = createdEntry('product', input);
      const id = await audited(db, ctx, entry, async (tx) => {
        const newId = await repo.insert(tx, tenantId, values);
        await links.setLinks(tx, tenantId, newId, input.variant_group_ids, input.addon_ids);
        return newId;
      }).catch(skuOrBarcodeTaken);
      return fresh(tenantId, id);
    },

    /** Saving the form also restores an archived product, with the status chosen in the form. */
    async update(ctx: AuthedContext, id: string, input: ProductInput): Promise<Product> {
      const tenantId = tenantIdOf(ctx);
      const before = await fresh(tenantId, id);
      await checkInput(tenantId, input, id);
      const values = valuesOf(input);
      const entry = {
        action: 'product.update',
        entity: 'product',
        entityId: id,
        before: {
          name: before.name,
          name_my: before.name_my,
          sku: before.sku,
          barcode: before.barcode,
          description: before.description,
          category: before.category,
          status: before.status,
          tags: before.tags,
          base_price: before.base_price,
          discounted_price: before.discounted_price,
          variant_group_ids: before.variant_groups.map((g) => g.id),
          addon_ids: before.addons.map((a) => a.id),
        },
        after: input,
      };
      await audited(db, ctx, entry, async (tx) => {
        await repo.update(tx, tenantId, id, values);
        await links.setLinks(tx, tenantId, id, input.variant_group_ids, input.addon_ids);
      }).catch(skuOrBarcodeTaken);
      return fresh(tenantId, id);
    },

    /** A product never sold is deleted for good; one sold before must be archived instead. */
    async remove(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      const tenantId = tenantIdOf(ctx);
      const before = await requireProduct(tenantId, id);
      if (before.hasSales) throw new AppError('product_has_sales');
      const imageRows = await images.imagesOf(db, tenantId, [id]);
      const entry = deletedEntry('product', id, { ...before, images: imageRows.map((i) => i.url) });
      await audited(db, ctx, entry, (tx) => repo.remove(tx, tenantId, id));
      await removeImages(
        dataDir,
        imageRows.flatMap((i) => [i.url, i.thumbUrl]),
      );
      return { id, deleted: true };
    },

    async archive(ctx: AuthedContext, id: string): Promise<Product> {
      const tenantId = tenantIdOf(ctx);
      const before = await requireProduct(tenantId, id);
      if (before.status !== 'archived') {
        const entry = {
          action: 'product.archive',
          entity: 'product',
          entityId: id,
          before: { status: before.status },
          after: { status: 'archived' },
        };
        await audited(db, ctx, entry, (tx) => repo.setStatus(tx, tenantId, [id], 'archived'));
      }
      return fresh(tenantId, id);
    },

    async bulkStatus(
      ctx: AuthedContext,
      ids: string[],
      status: 'active' | 'disabled',
    ): Promise<{ updated: number; ids: string[] }> {
      const tenantId = tenantIdOf(ctx);
      const changed = await db.transaction(async (tx) => {
        const updated = await repo.setStatus(tx, tenantId, [...new Set(ids)], status);
        if (updated.length > 0) {
          await audit.record(tx, ctx, {
            action: 'product.bulk_status',
            entity: 'product',
            after: { status, ids: updated },
          });
        }
        return updated;
      });
      return { updated: changed.length, ids: changed };
    },
  };

  return {
    ...products,
    ...createProductImages(deps, lookup),
    ...createProductOutlets(deps, lookup),
    ...createProductTransfer(deps),
  };
}

export type ProductService = ReturnType<typeof createProductService>;
