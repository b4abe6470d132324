import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns';
import { outletColumn, tenantColumn } from './tenancy';

export const categories = pgTable(
  'categories',
  {
    id: id(),
    tenantId: tenantColumn(),
    nameEn: text('name_en').notNull(),
    nameMy: text('name_my').notNull(),
    image: text('image'),
    sortOrder: integer('sort_order').notNull().default(0),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The import finds a category by its English name, so it must be unambiguous.
    uniqueIndex('categories_tenant_name_unique').on(t.tenantId, sql`lower(${t.nameEn})`),
    index('categories_tenant_order_idx').on(t.tenantId, t.sortOrder),
    check('categories_status_check', sql`${t.status} in ('active', 'disabled')`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    tenantId: tenantColumn(),
    // Restrict: a category with products cannot be deleted, only disabled.
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    // The Malay name; null (or empty) shows the English name in Malay screens.
    nameMy: text('name_my'),
    sku: text('sku').notNull(),
    barcode: text('barcode'),
    description: text('description'),
    status: text('status').notNull().default('active'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    basePrice: integer('base_price').notNull(),
    discountedPrice: integer('discounted_price'),
    // Set by the orders module when an order references the product: it can then only be archived.
    hasSales: boolean('has_sales').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_tenant_sku_unique').on(t.tenantId, sql`lower(${t.sku})`),
    uniqueIndex('products_tenant_barcode_unique')
      .on(t.tenantId, t.barcode)
      .where(sql`${t.barcode} is not null`),
    // The list sorts by these within a tenant.
    index('products_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`, t.id),
    index('products_tenant_price_idx').on(t.tenantId, t.basePrice, t.id),
    index('products_tenant_updated_idx').on(t.tenantId, t.updatedAt, t.id),
    index('products_tenant_category_idx').on(t.tenantId, t.categoryId),
    check('products_status_check', sql`${t.status} in ('active', 'disabled', 'archived')`),
    check('products_price_check', sql`${t.basePrice} >= 0`),
    check(
      'products_discount_check',
      sql`${t.discountedPrice} is null or (${t.discountedPrice} >= 0 and ${t.discountedPrice} < ${t.basePrice})`,
    ),
  ],
);

/** Stored twice: a display size and a thumbnail (WebP), both under DATA_DIR/uploads/products. */
export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    tenantId: tenantColumn(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_images_product_idx').on(t.productId, t.sortOrder),
    uniqueIndex('product_images_one_main')
      .on(t.productId)
      .where(sql`${t.isMain}`),
  ],
);

export const variantGroups = pgTable(
  'variant_groups',
  {
    id: id(),
    tenantId: tenantColumn(),
    name: text('name').notNull(),
    nameMy: text('name_my'),
    required: boolean('required').notNull().default(false),
    minSelect: integer('min_select').notNull().default(0),
    maxSelect: integer('max_select').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('variant_groups_tenant_idx').on(t.tenantId)],
);

export const variantOptions = pgTable(
  'variant_options',
  {
    id: id(),
    tenantId: tenantColumn(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => variantGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameMy: text('name_my'),
    price: integer('price').notNull().default(0),
    /** Chosen at the POS unless the cashier picks another (at most one per group). */
    isDefault: boolean('is_default').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('variant_options_group_idx').on(t.groupId, t.sortOrder)],
);

export const addons = pgTable(
  'addons',
  {
    id: id(),
    tenantId: tenantColumn(),
    name: text('name').notNull(),
    nameMy: text('name_my'),
    price: integer('price').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addons_tenant_idx').on(t.tenantId),
    check('addons_status_check', sql`${t.status} in ('active', 'disabled')`),
    check('addons_price_check', sql`${t.price} >= 0`),
  ],
);

/** Products ↔ library: the order is the order the POS shows them in. Restrict: in use → 409. */
export const productVariantGroups = pgTable(
  'product_variant_groups',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => variantGroups.id, { onDelete: 'restrict' }),
    tenantId: tenantColumn(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.groupId] }),
    index('product_variant_groups_group_idx').on(t.groupId),
  ],
);

export const productAddons = pgTable(
  'product_addons',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addonId: uuid('addon_id')
      .notNull()
      .references(() => addons.id, { onDelete: 'restrict' }),
    tenantId: tenantColumn(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.addonId] }),
    index('product_addons_addon_idx').on(t.addonId),
  ],
);

/**
 * Per-outlet settings of a product. No row means available at the product's price and not sold
 * out, so new outlets and new products need no rows. `sold_out_date` is the outlet's business
 * date when it was marked sold out: it stops counting at the next business day by itself.
 */
export const productOutlets = pgTable(
  'product_outlets',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    outletId: outletColumn(),
    tenantId: tenantColumn(),
    available: boolean('available').notNull().default(true),
    priceOverride: integer('price_override'),
    soldOutDate: date('sold_out_date', { mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.outletId] }),
    index('product_outlets_outlet_idx').on(t.outletId),
    check(
      'product_outlets_price_check',
      sql`${t.priceOverride} is null or ${t.priceOverride} >= 0`,
    ),
  ],
);
