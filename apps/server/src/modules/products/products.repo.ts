import { and, arrayContains, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  addons,
  categories,
  productAddons,
  productImages,
  productOutlets,
  products,
  productVariantGroups,
  variantGroups,
  variantOptions,
} from '../../db/schema/catalogue';
import { outlets, tenants } from '../../db/schema/tenancy';
import { likePattern } from '../../lib/paging';
import { ownedBy, tenantIs } from '../../db/tenant-scope';

// Products of one tenant with their images, library links and per-outlet settings. Every query
// filters by tenant_id. Lists fetch a page, then the page's images and outlet rows in one query
// each (never one per product).

export interface ProductFilter {
  q?: string | undefined;
  category?: string | undefined;
  /** undefined: everything but archived. */
  status?: 'active' | 'disabled' | 'archived' | undefined;
  outlet?: string | undefined;
  tag?: string | undefined;
}

export type SortKey = 'name' | 'price' | 'updated' | 'sku';

const sortColumns: Record<SortKey, SQL | typeof products.basePrice | typeof products.updatedAt> = {
  name: sql`lower(${products.name})`,
  price: products.basePrice,
  updated: products.updatedAt,
  sku: sql`lower(${products.sku})`,
};

function where(tenantId: string, f: ProductFilter) {
  const pattern = f.q ? likePattern(f.q) : null;
  return and(
    ownedBy(products, tenantId),
    f.status ? eq(products.status, f.status) : ne(products.status, 'archived'),
    f.category ? eq(products.categoryId, f.category) : undefined,
    f.tag ? arrayContains(products.tags, [f.tag]) : undefined,
    // One LIKE over the three fields, lower-cased: about twice as fast as three ILIKEs.
    pattern
      ? sql`lower(${products.name} || ' ' || ${products.sku} || ' ' || coalesce(${products.barcode}, '')) like ${pattern.toLowerCase()}`
      : undefined,
    f.outlet
      ? sql`not exists (select 1 from ${productOutlets} po where po.product_id = ${products.id} and po.outlet_id = ${f.outlet} and not po.available)`
      : undefined,
  );
}

const rowColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  barcode: products.barcode,
  description: products.description,
  categoryId: products.categoryId,
  categoryName: categories.nameEn,
  status: products.status,
  tags: products.tags,
  basePrice: products.basePrice,
  discountedPrice: products.discountedPrice,
  hasSales: products.hasSales,
  updatedAt: products.updatedAt,
};
export interface ProductRow {
  id: string;
  name: string;
  sku: string;
  barcode: string | null;
  description: string | null;
  categoryId: string;
  categoryName: string;
  status: string;
  tags: string[];
  basePrice: number;
  discountedPrice: number | null;
  hasSales: boolean;
  updatedAt: Date;
}

export interface ListRow extends ProductRow {
  mainImage: { id: string; url: string; thumb_url: string } | null;
  outletSettings: {
    outlet_id: string;
    available: boolean;
    price_override: number | null;
    sold_out_date: string | null;
  }[];
}

// The page's main images and outlet settings come with the page in one query. They are looked
// up only for the rows of the page: the inner query picks the page (walking the sort index, so
// a deep page skips rows without touching their images), the outer one decorates it. Columns
// in the raw fragments are qualified by hand.
const listExtras = {
  mainImage: sql<
    ListRow['mainImage']
  >`(select json_build_object('id', i.id, 'url', i.url, 'thumb_url', i.thumb_url) from ${productImages} i where i.product_id = "products"."id" and i.is_main limit 1)`,
  outletSettings: sql<
    ListRow['outletSettings']
  >`(select coalesce(json_agg(json_build_object('outlet_id', po.outlet_id, 'available', po.available, 'price_override', po.price_override, 'sold_out_date', po.sold_out_date)), '[]'::json) from ${productOutlets} po where po.product_id = "products"."id")`,
};

export async function listPage(
  db: Db,
  tenantId: string,
  f: ProductFilter,
  sort: { key: SortKey; desc: boolean },
  limit: number,
  offset: number,
): Promise<{ rows: ListRow[]; total: number }> {
  const column = sortColumns[sort.key];
  const direction = sort.desc ? desc : asc;
  // Without a search the page walks the sort index and stops after `limit` rows, and the total
  // is counted beside it. A search reads every row anyway (contains-matching cannot use an
  // index), so the same scan also counts the matches (`count(*) over ()`).
  const countInPage = Boolean(f.q);
  const page = db
    .select({
      pageId: sql<string>`${products.id}`.as('page_id'),
      position:
        sql<number>`row_number() over (order by ${direction(column)}, ${direction(products.id)})`.as(
          'position',
        ),
      total: (countInPage ? sql<number>`(count(*) over ())::int` : sql<number>`0`).as('total'),
    })
    .from(products)
    .where(where(tenantId, f))
    .orderBy(direction(column), direction(products.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const pageQuery = db
    .select({ ...rowColumns, ...listExtras, total: page.total })
    .from(page)
    .innerJoin(products, eq(products.id, page.pageId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(asc(page.position));
  const [found, counted] = await Promise.all([
    pageQuery,
    countInPage ? Promise.resolve(null) : count(db, tenantId, f),
  ]);
  const rows = found.map(({ total: _total, ...row }) => row);
  // Past the last page of a search no row carries the total: count it then.
  const total = counted ?? found[0]?.total ?? (offset > 0 ? await count(db, tenantId, f) : 0);
  return { rows, total };
}

async function count(db: Db, tenantId: string, f: ProductFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(where(tenantId, f));
  return row?.n ?? 0;
}

/** Every matching row (export), in the list's order. */
export async function listAll(
  db: Db,
  tenantId: string,
  f: ProductFilter,
  sort: { key: SortKey; desc: boolean },
  limit: number,
): Promise<ProductRow[]> {
  const direction = sort.desc ? desc : asc;
  return db
    .select(rowColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where(tenantId, f))
    .orderBy(direction(sortColumns[sort.key]), direction(products.id))
    .limit(limit);
}

export async function findById(db: Db, tenantId: string, id: string): Promise<ProductRow | null> {
  const [row] = await db
    .select(rowColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(ownedBy(products, tenantId), eq(products.id, id)))
    .limit(1);
  return row ?? null;
}

// ---- Images -----------------------------------------------------------------------------------

export async function imagesOf(db: Db, tenantId: string, productIds: string[], mainOnly = false) {
  if (productIds.length === 0) return [];
  return db
    .select({
      id: productImages.id,
      productId: productImages.productId,
      url: productImages.url,
      thumbUrl: productImages.thumbUrl,
      isMain: productImages.isMain,
    })
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
  const [row] = await tx
    .insert(productImages)
    .values({
      ...values,
      productId: sql<string>`(select ${products.id} from ${products} where ${product})`,
      sortOrder: sql`(select coalesce(max(i.sort_order), 0) + 1 from ${productImages} i where ${tenantIs('i', values.tenantId)} and i.product_id = ${values.productId})`,
    })
    .returning({ id: productImages.id });
  return row!.id;
}

export async function deleteImage(tx: Db, tenantId: string, productId: string, imageId: string) {
  await tx
    .delete(productImages)
    .where(
      and(
        ownedBy(productImages, tenantId),
        eq(productImages.productId, productId),
        eq(productImages.id, imageId),
      ),
    );
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

// ---- Library links ----------------------------------------------------------------------------

export async function variantGroupsOf(db: Db, tenantId: string, productId: string) {
  const groups = await db
    .select({
      id: variantGroups.id,
      name: variantGroups.name,
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
            price: variantOptions.price,
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
    .select({ id: addons.id, name: addons.name, price: addons.price, status: addons.status })
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

// ---- Writes -----------------------------------------------------------------------------------

export interface ProductValues {
  categoryId: string;
  name: string;
  sku: string;
  barcode: string | null;
  description: string | null;
  status: string;
  tags: string[];
  basePrice: number;
  discountedPrice: number | null;
}

/** A product of the tenant, in one of the tenant's categories. */
export async function insert(tx: Db, tenantId: string, values: ProductValues): Promise<string> {
  const [row] = await tx
    .insert(products)
    .values({ ...values, tenantId: categoryTenant(tenantId, values.categoryId) })
    .returning({ id: products.id });
  return row!.id;
}

/** The tenant's id when the category is theirs, else null (which the NOT NULL column refuses). */
const categoryTenant = (tenantId: string, categoryId: string) =>
  sql<string>`(select ${categories.tenantId} from ${categories} where ${and(ownedBy(categories, tenantId), eq(categories.id, categoryId))})`;

export async function update(tx: Db, tenantId: string, id: string, values: Partial<ProductValues>) {
  await tx
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ownedBy(products, tenantId), eq(products.id, id)));
}

export async function remove(tx: Db, tenantId: string, id: string) {
  await tx.delete(products).where(and(ownedBy(products, tenantId), eq(products.id, id)));
}

export async function setStatus(
  tx: Db,
  tenantId: string,
  ids: string[],
  status: string,
): Promise<string[]> {
  const rows = await tx
    .update(products)
    .set({ status, updatedAt: sql`now()` })
    .where(and(ownedBy(products, tenantId), inArray(products.id, ids), ne(products.status, status)))
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

/** Who already uses a SKU (case-insensitive) or barcode in the tenant, other than `exceptId`. */
export async function conflicts(
  db: Db,
  tenantId: string,
  sku: string,
  barcode: string | null,
  exceptId: string | null,
): Promise<{ sku: boolean; barcode: boolean }> {
  const rows = await db
    .select({ sku: products.sku, barcode: products.barcode })
    .from(products)
    .where(
      and(
        ownedBy(products, tenantId),
        exceptId ? ne(products.id, exceptId) : undefined,
        or(
          eq(sql`lower(${products.sku})`, sku.toLowerCase()),
          barcode ? eq(products.barcode, barcode) : undefined,
        ),
      ),
    );
  return {
    sku: rows.some((r) => r.sku.toLowerCase() === sku.toLowerCase()),
    barcode: barcode !== null && rows.some((r) => r.barcode === barcode),
  };
}

// ---- Outlets ----------------------------------------------------------------------------------

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
    .innerJoin(tenants, eq(tenants.id, outlets.tenantId))
    .where(ownedBy(outlets, tenantId))
    .orderBy(asc(outlets.code));
}
export type OutletInfo = Awaited<ReturnType<typeof tenantOutlets>>[number];

export async function outletSettingsOf(db: Db, tenantId: string, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: productOutlets.productId,
      outletId: productOutlets.outletId,
      available: productOutlets.available,
      priceOverride: productOutlets.priceOverride,
      soldOutDate: productOutlets.soldOutDate,
    })
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

// ---- Import -----------------------------------------------------------------------------------

/** What an import checks rows against: categories, and every product's SKU and barcode. */
export async function importLookup(db: Db, tenantId: string) {
  const [categoryRows, productRows] = await Promise.all([
    db
      .select({ id: categories.id, nameEn: categories.nameEn })
      .from(categories)
      .where(ownedBy(categories, tenantId)),
    db
      .select({ id: products.id, sku: products.sku, barcode: products.barcode })
      .from(products)
      .where(ownedBy(products, tenantId)),
  ]);
  return { categoryRows, productRows };
}

/** PostgreSQL array literal of text, for one parameter (drizzle expands JS arrays into lists). */
const textArray = (items: string[]) =>
  `{${items.map((t) => `"${t.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

const CHUNK = 500;

export async function insertMany(tx: Db, tenantId: string, rows: ProductValues[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx
      .insert(products)
      .values(
        rows
          .slice(i, i + CHUNK)
          .map((r) => ({ ...r, tenantId: categoryTenant(tenantId, r.categoryId) })),
      );
  }
}

/** Updates many products in one statement per chunk (UPDATE … FROM VALUES). */
export async function updateMany(
  tx: Db,
  tenantId: string,
  rows: { id: string; values: ProductValues }[],
) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = sql.join(
      rows
        .slice(i, i + CHUNK)
        .map(
          ({ id, values: v }) =>
            sql`(${id}::uuid, ${v.categoryId}::uuid, ${v.name}, ${v.sku}, ${v.barcode}::text, ${v.description}::text, ${v.status}, ${textArray(v.tags)}::text[], ${v.basePrice}::int, ${v.discountedPrice}::int)`,
        ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${products} p set
        category_id = v.category_id, name = v.name, sku = v.sku, barcode = v.barcode,
        description = v.description, status = v.status, tags = v.tags,
        base_price = v.base_price, discounted_price = v.discounted_price, updated_at = now()
      from (values ${values}) as v(id, category_id, name, sku, barcode, description, status, tags, base_price, discounted_price)
      where p.id = v.id and ${tenantIs('p', tenantId)}`);
  }
}
