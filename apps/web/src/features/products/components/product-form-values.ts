import type { Product, ProductInput } from '@kopi/contract';
import type { productInputSchema } from '@kopi/contract';
import type { z } from 'zod';

// The product form's values: the contract's input (what POST/PUT /api/products take), with
// prices possibly empty while typing (the schema then says "required").
export type ProductFormValues = z.input<typeof productInputSchema>;

/** Form fields a 400's details may name (server paths such as "variant_group_ids.0" map here). */
export const productFormFields = [
  'name',
  'name_my',
  'sku',
  'barcode',
  'description',
  'category',
  'status',
  'tags',
  'base_price',
  'discounted_price',
  'variant_group_ids',
  'addon_ids',
] as const;

export const emptyProduct = (): ProductFormValues => ({
  name: '',
  name_my: null,
  sku: '',
  barcode: null,
  description: null,
  category: '',
  status: 'active',
  tags: [],
  // null until typed: the schema answers "This field is required".
  base_price: null as unknown as number,
  discounted_price: null,
  variant_group_ids: [],
  addon_ids: [],
});

export const formValuesOf = (p: Product): ProductFormValues => ({
  name: p.name,
  name_my: p.name_my,
  sku: p.sku,
  barcode: p.barcode,
  description: p.description,
  category: p.category,
  // An archived product is edited like a disabled one (the input knows active and disabled).
  status: p.status === 'active' ? 'active' : 'disabled',
  tags: p.tags,
  base_price: p.base_price,
  discounted_price: p.discounted_price,
  variant_group_ids: p.variant_groups.map((g) => g.id),
  addon_ids: p.addons.map((a) => a.id),
});

/** Empty optional text is sent as null, so clearing a barcode frees it. */
export const toInput = (values: ProductInput): ProductInput => ({
  ...values,
  name_my: values.name_my?.trim() ? values.name_my.trim() : null,
  barcode: values.barcode?.trim() ? values.barcode.trim() : null,
  description: values.description?.trim() ? values.description : null,
});
