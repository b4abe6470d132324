import {
  businessDate,
  type ImportResult,
  type Product,
  type ProductImage,
  type ProductInput,
  type ProductListItem,
  type ProductOutlet,
  type productListQuerySchema,
  productSortKeys,
} from '@kopi/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError, type ErrorDetail, validationError } from '../../lib/errors';
import { removeImages, storeImage } from '../../lib/images';
import { listMeta, offsetOf } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/tenant-scope';
import {
  type ExportRow,
  type FileRow,
  parseProductFile,
  writeCsv,
  writeXlsx,
} from './product-files';
import { normaliseTags, planImport } from './product-import';
import * as repo from './products.repo';

// Products (issue 4 §2): the list with search, filters, sort and paging; the form; images;
// per-outlet availability, price and "sold out today"; bulk status; export and import.

type ListQuery = z.infer<typeof productListQuerySchema>;
type Filter = Omit<ListQuery, 'page' | 'page_size'>;

const MAX_IMAGES = 10;
const IMAGE_SIZES = [
  { name: 'url', size: 800 },
  { name: 'thumb', size: 200 },
] as const;
const EXPORT_LIMIT = 50_000;
const PREVIEW_ROWS = 20;

export interface ProductServiceDeps {
  db: Db;
  dataDir: string;
  now: Clock;
}

function parseSort(sort: string | undefined): { key: repo.SortKey; desc: boolean } {
  if (!sort) return { key: 'name', desc: false };
  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as repo.SortKey;
  if (!(productSortKeys as readonly string[]).includes(key)) {
    throw validationError([{ path: 'sort', message: 'validation.invalid' }]);
  }
  return { key, desc };
}

const filterOf = (q: Filter): repo.ProductFilter => ({
  q: q.q,
  category: q.category,
  status: q.status,
  outlet: q.outlet,
  tag: q.tag?.trim().toLowerCase(),
});

const toImage = (i: repo.ImageRow): ProductImage => ({
  id: i.id,
  url: i.url,
  thumb_url: i.thumbUrl,
  is_main: i.isMain,
});

/** Turns the unique indexes into the answers the form shows next to the field. */
function uniqueToError(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'products_tenant_sku_unique') {
    throw new AppError('sku_taken', {
      details: [{ path: 'sku', message: 'validation.sku_taken' }],
    });
  }
  if (constraint === 'products_tenant_barcode_unique') {
    throw new AppError('barcode_taken', {
      details: [{ path: 'barcode', message: 'validation.barcode_taken' }],
    });
  }
  throw error;
}

export function createProductService({ db, dataDir, now }: ProductServiceDeps) {
  /**
   * The outlets of the tenant and, per outlet, its business date right now. `onlyId`: staff bound
   * to an outlet see that outlet's availability and price only (issue 7 §6).
   */
  async function outletsWithToday(tenantId: string, onlyId: string | null = null) {
    const outlets = await repo.tenantOutlets(db, tenantId);
    const at = now();
    return outlets
      .filter((o) => !onlyId || o.id === onlyId)
      .map((o) => ({ ...o, today: businessDate(at, o.timezone, o.cutoffHour) }));
  }
  type OutletToday = Awaited<ReturnType<typeof outletsWithToday>>[number];

  const outletState = (o: OutletToday, s: repo.OutletSettingRow | undefined): ProductOutlet => ({
    outlet_id: o.id,
    outlet_name: o.name,
    available: s?.available ?? true,
    price_override: s?.priceOverride ?? null,
    // A mark from an earlier business day has expired by itself.
    sold_out_today: s?.soldOutDate === o.today,
  });

  async function requireProduct(tenantId: string, id: string) {
    const row = await repo.findById(db, tenantId, id);
    if (!row) throw new AppError('not_found');
    return row;
  }

  async function productOf(
    tenantId: string,
    row: repo.ProductRow,
    onlyOutlet: string | null = null,
  ): Promise<Product> {
    const [images, groups, addonRows, outlets, settings] = await Promise.all([
      repo.imagesOf(db, tenantId, [row.id]),
      repo.variantGroupsOf(db, tenantId, row.id),
      repo.addonsOf(db, tenantId, row.id),
      outletsWithToday(tenantId, onlyOutlet),
      repo.outletSettingsOf(db, tenantId, [row.id]),
    ]);
    return {
      id: row.id,
      name: row.name,
      sku: row.sku,
      barcode: row.barcode,
      description: row.description,
      category: row.categoryId,
      category_name: row.categoryName,
      status: row.status as Product['status'],
      tags: row.tags,
      base_price: row.basePrice,
      discounted_price: row.discountedPrice,
      images: images.map(toImage),
      variant_groups: groups.map((g) => ({
        id: g.id,
        variant_name: g.name,
        required: g.required,
        min_select: g.minSelect,
        max_select: g.maxSelect,
        options: g.options.map((o) => ({ id: o.id, options_name: o.name, price: o.price })),
      })),
      addons: addonRows.map((a) => ({
        id: a.id,
        addons_name: a.name,
        price: a.price,
        status: a.status as 'active' | 'disabled',
      })),
      outlets: outlets.map((o) =>
        outletState(
          o,
          settings.find((s) => s.outletId === o.id),
        ),
      ),
      has_sales: row.hasSales,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /** Checks what the input points at (same tenant) and that SKU and barcode are free. */
  async function checkInput(tenantId: string, input: ProductInput, exceptId: string | null) {
    const [categoryIds, groupIds, addonIds, taken] = await Promise.all([
      repo.existingIds(db, tenantId, 'categories', [input.category]),
      repo.existingIds(db, tenantId, 'variant_groups', input.variant_group_ids),
      repo.existingIds(db, tenantId, 'addons', input.addon_ids),
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
    sku: input.sku,
    barcode: input.barcode || null,
    description: input.description || null,
    status: input.status,
    tags: normaliseTags(input.tags),
    basePrice: input.base_price,
    discountedPrice: input.discounted_price ?? null,
  });

  async function imagesAnswer(tenantId: string, productId: string) {
    return (await repo.imagesOf(db, tenantId, [productId])).map(toImage);
  }

  async function requireOutlet(tenantId: string, outletId: string) {
    const outlet = (await outletsWithToday(tenantId)).find((o) => o.id === outletId);
    if (!outlet) throw new AppError('not_found');
    return outlet;
  }

  async function outletAnswer(tenantId: string, productId: string, outlet: OutletToday) {
    const settings = await repo.outletSettingsOf(db, tenantId, [productId]);
    return outletState(
      outlet,
      settings.find((s) => s.outletId === outlet.id),
    );
  }

  return {
    async list(ctx: AuthedContext, q: ListQuery) {
      const tenantId = tenantIdOf(ctx);
      const sort = parseSort(q.sort);
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
      const id = await db
        .transaction(async (tx) => {
          const newId = await repo.insert(tx, tenantId, values);
          await repo.setLinks(tx, tenantId, newId, input.variant_group_ids, input.addon_ids);
          await audit.record(tx, ctx, {
            action: 'product.create',
            entity: 'product',
            entityId: newId,
            after: input,
          });
          return newId;
        })
        .catch(uniqueToError);
      return productOf(tenantId, await requireProduct(tenantId, id));
    },

    /** Saving the form also restores an archived product, with the status chosen in the form. */
    async update(ctx: AuthedContext, id: string, input: ProductInput): Promise<Product> {
      const tenantId = tenantIdOf(ctx);
      const before = await productOf(tenantId, await requireProduct(tenantId, id));
      await checkInput(tenantId, input, id);
      const values = valuesOf(input);
      await db
        .transaction(async (tx) => {
          await repo.update(tx, tenantId, id, values);
          await repo.setLinks(tx, tenantId, id, input.variant_group_ids, input.addon_ids);
          await audit.record(tx, ctx, {
            action: 'product.update',
            entity: 'product',
            entityId: id,
            before: {
              name: before.name,
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
          });
        })
        .catch(uniqueToError);
      return productOf(tenantId, await requireProduct(tenantId, id));
    },

    /** A product never sold is deleted for good; one sold before must be archived instead. */
    async remove(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      const tenantId = tenantIdOf(ctx);
      const before = await requireProduct(tenantId, id);
      if (before.hasSales) throw new AppError('product_has_sales');
      const images = await repo.imagesOf(db, tenantId, [id]);
      await db.transaction(async (tx) => {
        await repo.remove(tx, tenantId, id);
        await audit.record(tx, ctx, {
          action: 'product.delete',
          entity: 'product',
          entityId: id,
          before: { ...before, images: images.map((i) => i.url) },
        });
      });
      await removeImages(
        dataDir,
        images.flatMap((i) => [i.url, i.thumbUrl]),
      );
      return { id, deleted: true };
    },

    async archive(ctx: AuthedContext, id: string): Promise<Product> {
      const tenantId = tenantIdOf(ctx);
      const before = await requireProduct(tenantId, id);
      if (before.status !== 'archived') {
        await db.transaction(async (tx) => {
          await repo.setStatus(tx, tenantId, [id], 'archived');
          await audit.record(tx, ctx, {
            action: 'product.archive',
            entity: 'product',
            entityId: id,
            before: { status: before.status },
            after: { status: 'archived' },
          });
        });
      }
      return productOf(tenantId, await requireProduct(tenantId, id));
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

    // ---- Images ---------------------------------------------------------------------------------

    async addImage(ctx: AuthedContext, id: string, file: Buffer): Promise<ProductImage[]> {
      const tenantId = tenantIdOf(ctx);
      await requireProduct(tenantId, id);
      const existing = await repo.imagesOf(db, tenantId, [id]);
      if (existing.length >= MAX_IMAGES) throw new AppError('too_many_images');
      const stored = await storeImage(dataDir, 'products', file, IMAGE_SIZES);
      try {
        await db.transaction(async (tx) => {
          const imageId = await repo.insertImage(tx, {
            tenantId,
            productId: id,
            url: stored.url,
            thumbUrl: stored.thumb,
            // The first image is the main one.
            isMain: !existing.some((i) => i.isMain),
          });
          await repo.update(tx, tenantId, id, {});
          await audit.record(tx, ctx, {
            action: 'product.image_add',
            entity: 'product',
            entityId: id,
            after: { image_id: imageId, url: stored.url },
          });
        });
      } catch (error) {
        await removeImages(dataDir, [stored.url, stored.thumb]);
        throw error;
      }
      return imagesAnswer(tenantId, id);
    },

    async removeImage(ctx: AuthedContext, id: string, imageId: string): Promise<ProductImage[]> {
      const tenantId = tenantIdOf(ctx);
      await requireProduct(tenantId, id);
      const images = await repo.imagesOf(db, tenantId, [id]);
      const image = images.find((i) => i.id === imageId);
      if (!image) throw new AppError('not_found');
      const next = images.find((i) => i.id !== imageId);
      await db.transaction(async (tx) => {
        await repo.deleteImage(tx, tenantId, id, imageId);
        // The main image goes: the next one takes its place.
        if (image.isMain && next) await repo.setMainImage(tx, tenantId, id, next.id);
        await repo.update(tx, tenantId, id, {});
        await audit.record(tx, ctx, {
          action: 'product.image_remove',
          entity: 'product',
          entityId: id,
          before: { image_id: imageId, url: image.url },
        });
      });
      await removeImages(dataDir, [image.url, image.thumbUrl]);
      return imagesAnswer(tenantId, id);
    },

    async setMainImage(ctx: AuthedContext, id: string, imageId: string): Promise<ProductImage[]> {
      const tenantId = tenantIdOf(ctx);
      await requireProduct(tenantId, id);
      const images = await repo.imagesOf(db, tenantId, [id]);
      if (!images.some((i) => i.id === imageId)) throw new AppError('not_found');
      await db.transaction(async (tx) => {
        await repo.setMainImage(tx, tenantId, id, imageId);
        await repo.update(tx, tenantId, id, {});
        await audit.record(tx, ctx, {
          action: 'product.image_main',
          entity: 'product',
          entityId: id,
          before: { main: images.find((i) => i.isMain)?.id ?? null },
          after: { main: imageId },
        });
      });
      return imagesAnswer(tenantId, id);
    },

    // ---- Outlets --------------------------------------------------------------------------------

    async outlets(ctx: AuthedContext, id: string): Promise<ProductOutlet[]> {
      const tenantId = tenantIdOf(ctx);
      await requireProduct(tenantId, id);
      const [outlets, settings] = await Promise.all([
        outletsWithToday(tenantId, ctx.principal.outletId),
        repo.outletSettingsOf(db, tenantId, [id]),
      ]);
      return outlets.map((o) =>
        outletState(
          o,
          settings.find((s) => s.outletId === o.id),
        ),
      );
    },

    async setOutlet(
      ctx: AuthedContext,
      id: string,
      outletId: string,
      input: { available: boolean; price_override: number | null },
    ): Promise<ProductOutlet> {
      const tenantId = tenantIdOf(ctx);
      await requireProduct(tenantId, id);
      const outlet = await requireOutlet(tenantId, outletId);
      const before = await outletAnswer(tenantId, id, outlet);
      await db.transaction(async (tx) => {
        await repo.upsertOutletSetting(tx, {
          tenantId,
          productId: id,
          outletId,
          available: input.available,
          priceOverride: input.price_override,
        });
        await audit.record(tx, ctx, {
          action: 'product.outlet_update',
          entity: 'product',
          entityId: id,
          before,
          after: { outlet_id: outletId, ...input },
        });
      });
      return outletAnswer(tenantId, id, outlet);
    },

    /**
     * "Sold out today": stores the outlet's current business date, so the mark stops counting at
     * the next business day without any job. Staff bound to an outlet only reach their own.
     */
    async setSoldOut(
      ctx: AuthedContext,
      id: string,
      outletId: string,
      soldOut: boolean,
    ): Promise<ProductOutlet> {
      const tenantId = tenantIdOf(ctx);
      const bound = ctx.principal.outletId;
      if (bound && bound !== outletId) throw new AppError('not_found');
      await requireProduct(tenantId, id);
      const outlet = await requireOutlet(tenantId, outletId);
      await db.transaction(async (tx) => {
        await repo.upsertOutletSetting(tx, {
          tenantId,
          productId: id,
          outletId,
          soldOutDate: soldOut ? outlet.today : null,
        });
        await audit.record(tx, ctx, {
          action: soldOut ? 'product.sold_out' : 'product.back_in_stock',
          entity: 'product',
          entityId: id,
          after: { outlet_id: outletId, business_date: outlet.today, sold_out: soldOut },
        });
      });
      return outletAnswer(tenantId, id, outlet);
    },

    // ---- Export and import ----------------------------------------------------------------------

    async exportFile(ctx: AuthedContext, q: Filter & { format: 'csv' | 'xlsx' }) {
      const tenantId = tenantIdOf(ctx);
      const rows = await repo.listAll(db, tenantId, filterOf(q), parseSort(q.sort), EXPORT_LIMIT);
      const exportRows: ExportRow[] = rows.map((r) => ({
        sku: r.sku,
        name: r.name,
        category: r.categoryName,
        base_price: r.basePrice,
        discounted_price: r.discountedPrice,
        barcode: r.barcode,
        description: r.description,
        status: r.status,
        tags: r.tags,
      }));
      const stamp = businessDate(now(), 'Asia/Kuala_Lumpur', 0).replaceAll('-', '');
      return q.format === 'xlsx'
        ? {
            filename: `products-${stamp}.xlsx`,
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            body: await writeXlsx(exportRows),
          }
        : {
            filename: `products-${stamp}.csv`,
            contentType: 'text/csv; charset=utf-8',
            body: writeCsv(exportRows),
          };
    },

    /**
     * Checks every row; `commit` writes only a fully valid file, in one transaction (existing
     * SKUs are updated, new ones created). An invalid commit is a 400 `import_invalid` whose
     * details name row and field (`rows.<row>.<field>`).
     */
    async importFile(
      ctx: AuthedContext,
      file: Buffer,
      mode: 'preview' | 'commit',
    ): Promise<ImportResult> {
      const tenantId = tenantIdOf(ctx);
      const parsed = await parseProductFile(file);
      const lookup = await repo.importLookup(db, tenantId);
      const plan = planImport(parsed, lookup);
      const result: ImportResult = {
        total_rows: parsed.rows.length,
        valid: plan.errors.length === 0,
        created: plan.creates.length,
        updated: plan.updates.length,
        errors: plan.errors,
        preview: parsed.rows.slice(0, PREVIEW_ROWS).map((r) => r.values as FileRow),
      };
      if (mode === 'preview') return result;
      if (!result.valid) {
        throw new AppError('import_invalid', {
          details: plan.errors.map((e) => ({
            path: `rows.${e.row}.${e.field}`,
            message: e.message,
          })),
        });
      }
      await db
        .transaction(async (tx) => {
          await repo.insertMany(tx, tenantId, plan.creates);
          await repo.updateMany(tx, tenantId, plan.updates);
          await audit.record(tx, ctx, {
            action: 'product.import',
            entity: 'product',
            after: {
              rows: parsed.rows.length,
              created: plan.creates.length,
              updated: plan.updates.length,
            },
          });
        })
        .catch(uniqueToError);
      return result;
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
