import { z } from 'zod';
import { listQuerySchema } from './common';
import { messageKey, requiredString, senBetween, text } from './validation';

// The catalogue: categories, products, the variant and add-on library. Field names follow
// SPEC §3 (name, sku, barcode, base_price, description, variant_name, options_name, price,
// addons_name, discounted_price, category, status, tags). Money is integer sen.

/** A catalogue price or amount: up to RM 1,000,000.00, refused in ringgit as the field shows it. */
export const sen = senBetween(0, 100_000_000);

export const activeStatusSchema = z.enum(['active', 'disabled']);

/**
 * An optional Malay name (product, variant group, option, add-on): empty or missing means the
 * English name shows on Malay screens (decision 039).
 */
export const malayNameInput = (max: number) =>
  text()
    .trim()
    .max(max, { error: messageKey('max_length', { max }) })
    .nullable()
    .optional();

// ---- Categories -------------------------------------------------------------------------------
// /api/categories (subject category; creating also allowed by "create-Product Category")
export const categoryInputSchema = z.object({
  name_en: requiredString(80),
  name_my: requiredString(80),
  image: text().max(500).nullable().optional(),
  status: activeStatusSchema.default('active'),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const categorySchema = z.object({
  id: text(),
  name_en: text(),
  name_my: text(),
  image: text().nullable(),
  sort_order: z.number().int(),
  status: activeStatusSchema,
  product_count: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListQuerySchema = listQuerySchema.extend({
  status: activeStatusSchema.optional(),
});
/** Lists of the library (/api/variant-groups, /api/addons): paging and a name search. */
export const libraryListQuerySchema = listQuerySchema;

/** PUT /api/categories/order: the full new order of the tenant's categories. */
export const categoryOrderSchema = z.object({ ids: z.array(z.uuid()).min(1) });

// ---- Variant groups and add-ons (the library, /api/variant-groups, /api/addons) --------------
export const variantOptionInputSchema = z.object({
  id: z.uuid().optional(),
  options_name: requiredString(60),
  options_name_my: malayNameInput(60),
  /**
   * What the option adds to the product's price, never below zero: a cheaper size is its own
   * product price, as the counter and the app price every line alike (never under RM 0).
   */
  price: sen,
  /** Chosen at the POS unless the cashier picks another (at most one per group). */
  is_default: z.boolean().default(false),
});
export const variantGroupInputSchema = z
  .object({
    variant_name: requiredString(60),
    variant_name_my: malayNameInput(60),
    required: z.boolean().default(false),
    min_select: z.number().int().min(0).max(20).default(0),
    max_select: z.number().int().min(1).max(20).default(1),
    options: z
      .array(variantOptionInputSchema)
      .min(1, { error: messageKey('min_items', { minCount: 1 }) }),
  })
  .refine((g) => g.min_select <= g.max_select, {
    path: ['max_select'],
    error: messageKey('select_range'),
  })
  .refine((g) => !g.required || g.min_select >= 1, {
    path: ['min_select'],
    error: messageKey('min_value', { min: 1 }),
  })
  .refine((g) => g.max_select <= g.options.length, {
    path: ['max_select'],
    error: messageKey('select_over_options'),
  })
  .refine((g) => g.options.filter((o) => o.is_default).length <= 1, {
    path: ['options'],
    error: messageKey('invalid'),
  });
export type VariantGroupInput = z.infer<typeof variantGroupInputSchema>;

export const variantOptionSchema = z.object({
  id: text(),
  options_name: text(),
  /** Null when the option has no Malay name. */
  options_name_my: text().nullable(),
  price: z.number().int(),
  is_default: z.boolean(),
});
export const variantGroupSchema = z.object({
  id: text(),
  variant_name: text(),
  variant_name_my: text().nullable(),
  required: z.boolean(),
  min_select: z.number().int(),
  max_select: z.number().int(),
  options: z.array(variantOptionSchema),
  /** Products that use this group ("shows where each is used"). */
  used_by: z.array(z.object({ id: text(), name: text() })),
});
export type VariantGroup = z.infer<typeof variantGroupSchema>;

export const addonInputSchema = z.object({
  addons_name: requiredString(60),
  addons_name_my: malayNameInput(60),
  price: sen,
  status: activeStatusSchema.default('active'),
});
export type AddonInput = z.infer<typeof addonInputSchema>;
export const addonSchema = z.object({
  id: text(),
  addons_name: text(),
  addons_name_my: text().nullable(),
  price: z.number().int(),
  status: activeStatusSchema,
  used_by: z.array(z.object({ id: text(), name: text() })),
});
export type Addon = z.infer<typeof addonSchema>;

// ---- Products ---------------------------------------------------------------------------------
export const productStatusSchema = z.enum(['active', 'disabled', 'archived']);

export const productInputSchema = z
  .object({
    name: requiredString(120),
    name_my: malayNameInput(120),
    sku: requiredString(40),
    barcode: text().trim().max(40).nullable().optional(),
    description: text().trim().max(2000).nullable().optional(),
    /** The category id. */
    category: z.uuid({ error: messageKey('required') }),
    status: z.enum(['active', 'disabled']).default('active'),
    tags: z.array(text().trim().min(1).max(30)).max(20).default([]),
    base_price: sen,
    discounted_price: sen.nullable().optional(),
    variant_group_ids: z.array(z.uuid()).default([]),
    addon_ids: z.array(z.uuid()).default([]),
  })
  .refine((p) => p.discounted_price == null || p.discounted_price < p.base_price, {
    path: ['discounted_price'],
    error: messageKey('discounted_price_too_high'),
  });
export type ProductInput = z.infer<typeof productInputSchema>;

export const productImageSchema = z.object({
  id: text(),
  url: text(),
  thumb_url: text(),
  is_main: z.boolean(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const productOutletSchema = z.object({
  outlet_id: text(),
  outlet_name: text(),
  available: z.boolean(),
  /** Per-outlet price in sen; null means the product's price. */
  price_override: z.number().int().nullable(),
  /** Sold out for the outlet's current business day (resets at the next one). */
  sold_out_today: z.boolean(),
});
export type ProductOutlet = z.infer<typeof productOutletSchema>;

export const productSchema = z.object({
  id: text(),
  name: text(),
  /** Null when the product has no Malay name (Malay screens show `name`). */
  name_my: text().nullable(),
  sku: text(),
  barcode: text().nullable(),
  description: text().nullable(),
  category: text(),
  category_name: text(),
  status: productStatusSchema,
  tags: z.array(text()),
  base_price: z.number().int(),
  discounted_price: z.number().int().nullable(),
  images: z.array(productImageSchema),
  variant_groups: z.array(variantGroupSchema.omit({ used_by: true })),
  addons: z.array(addonSchema.omit({ used_by: true })),
  outlets: z.array(productOutletSchema),
  /** True once an order references it: it can then only be archived, never deleted. */
  has_sales: z.boolean(),
  updated_at: text(),
});
export type Product = z.infer<typeof productSchema>;

export const productListQuerySchema = listQuerySchema.extend({
  category: z.uuid().optional(),
  status: productStatusSchema.optional(),
  outlet: z.uuid().optional(),
  tag: text().max(30).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** A row of GET /api/products: what the list shows, with the outlets where it is available. */
export const productListItemSchema = productSchema
  .pick({
    id: true,
    name: true,
    name_my: true,
    sku: true,
    barcode: true,
    category: true,
    category_name: true,
    status: true,
    tags: true,
    base_price: true,
    discounted_price: true,
  })
  .extend({
    /** The main image (null when the product has none). */
    image: productImageSchema.omit({ is_main: true }).nullable(),
    /** Outlets where it is available, with the outlet's price and today's sold-out flag. */
    outlets: z.array(productOutletSchema.omit({ available: true })),
    has_sales: z.boolean(),
    updated_at: text(),
  });
export type ProductListItem = z.infer<typeof productListItemSchema>;

/** Sort keys of the product list; a leading `-` sorts descending (e.g. `-updated`). */
export const productSortKeys = ['name', 'price', 'updated', 'sku'] as const;

/** GET /api/products/export: the list's filters plus the file format. */
export const productExportQuerySchema = productListQuerySchema
  .omit({ page: true, page_size: true })
  .extend({
    format: z.enum(['csv', 'xlsx']).default('csv'),
  });
/** POST /api/products/import?mode=preview|commit (multipart field "file", CSV or XLSX). */
export const productImportQuerySchema = z.object({
  mode: z.enum(['preview', 'commit']).default('preview'),
});

/** POST /api/products/bulk-status */
export const productBulkStatusSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(500),
  status: z.enum(['active', 'disabled']),
});

/** PUT /api/products/{id}/outlets/{outletId} */
export const productOutletInputSchema = z.object({
  available: z.boolean(),
  price_override: sen.nullable(),
});
/** PUT /api/products/{id}/outlets/{outletId}/sold-out */
export const productSoldOutSchema = z.object({ sold_out: z.boolean() });

// Import (CSV or XLSX, same columns as the export). Nothing is written unless every row is valid.
export const productImportColumns = [
  'sku',
  'name',
  'category',
  'base_price',
  'discounted_price',
  'barcode',
  'description',
  'status',
  'tags',
  // Last, so files made before Malay names read the same.
  'name_my',
] as const;
export const importRowErrorSchema = z.object({
  row: z.number().int(),
  field: text(),
  message: text(),
});
/**
 * Import files: prices are ringgit with up to 2 decimals (`12.50` = 1250 sen), tags are separated
 * by commas, the category is its English name (or id), status is active or disabled (empty:
 * active), name_my is the Malay name (empty: none; a file without the column keeps the Malay
 * names it does not mention). Rows are upserted by SKU. Limits: 5 MB, 20,000 rows.
 */
export const importResultSchema = z.object({
  total_rows: z.number().int(),
  valid: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(importRowErrorSchema),
  /** First rows as parsed, for the preview. */
  preview: z.array(z.record(text(), text())),
});
export type ImportResult = z.infer<typeof importResultSchema>;
