import { businessDate, type Product, type ProductImage, type ProductOutlet } from '@kopi/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { found } from '../../lib/errors';
import { addonView, variantGroupView } from '../variant-addons/variant-addons.service';
import * as images from './product-images.repo';
import * as links from './product-links.repo';
import * as outletRepo from './product-outlets.repo';
import * as repo from './products.repo';

// What every part of the products service reads: a product of the tenant (or a 404), its full
// answer, and the tenant's outlets with their business date, from which "sold out today" and the
// per-outlet state are worked out.

export const toImage = (i: images.ImageRow): ProductImage => ({
  id: i.id,
  url: i.url,
  thumb_url: i.thumbUrl,
  is_main: i.isMain,
});

export function createProductLookup({ db, now }: { db: Db; now: Clock }) {
  /**
   * The outlets of the tenant and, per outlet, its business date right now. `onlyId`: staff bound
   * to an outlet see that outlet's availability and price only.
   */
  async function outletsWithToday(tenantId: string, onlyId: string | null = null) {
    const outlets = await outletRepo.tenantOutlets(db, tenantId);
    const at = now();
    return outlets
      .filter((o) => !onlyId || o.id === onlyId)
      .map((o) => ({ ...o, today: businessDate(at, o.timezone, o.cutoffHour) }));
  }
  type OutletToday = Awaited<ReturnType<typeof outletsWithToday>>[number];

  const outletState = (
    o: OutletToday,
    s: outletRepo.OutletSettingRow | undefined,
  ): ProductOutlet => ({
    outlet_id: o.id,
    outlet_name: o.name,
    available: s?.available ?? true,
    price_override: s?.priceOverride ?? null,
    // A mark from an earlier business day has expired by itself.
    sold_out_today: s?.soldOutDate === o.today,
  });

  /** Each outlet's state from the settings rows of one product. */
  const outletStates = (outlets: OutletToday[], settings: outletRepo.OutletSettingRow[]) =>
    outlets.map((o) =>
      outletState(
        o,
        settings.find((s) => s.outletId === o.id),
      ),
    );

  const requireProduct = async (tenantId: string, id: string) =>
    found(await repo.findById(db, tenantId, id));

  async function productOf(
    tenantId: string,
    row: repo.ProductRow,
    onlyOutlet: string | null = null,
  ): Promise<Product> {
    const [imageRows, groups, addonRows, outlets, settings] = await Promise.all([
      images.imagesOf(db, tenantId, [row.id]),
      links.variantGroupsOf(db, tenantId, row.id),
      links.addonsOf(db, tenantId, row.id),
      outletsWithToday(tenantId, onlyOutlet),
      outletRepo.outletSettingsOf(db, tenantId, [row.id]),
    ]);
    return {
      id: row.id,
      name: row.name,
      name_my: row.nameMy,
      sku: row.sku,
      barcode: row.barcode,
      description: row.description,
      category: row.categoryId,
      category_name: row.categoryName,
      status: row.status as Product['status'],
      tags: row.tags,
      base_price: row.basePrice,
      discounted_price: row.discountedPrice,
      images: imageRows.map(toImage),
      variant_groups: groups.map((g) => variantGroupView(g, g.options)),
      addons: addonRows.map(addonView),
      outlets: outletStates(outlets, settings),
      has_sales: row.hasSales,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /** The product's full answer, read again after a write. */
  const fresh = async (tenantId: string, id: string) =>
    productOf(tenantId, await requireProduct(tenantId, id));

  return { outletsWithToday, outletState, outletStates, requireProduct, productOf, fresh };
}

export type ProductLookup = ReturnType<typeof createProductLookup>;
export type OutletToday = Awaited<ReturnType<ProductLookup['outletsWithToday']>>[number];
