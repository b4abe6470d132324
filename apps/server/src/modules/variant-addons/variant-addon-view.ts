import type { Addon, VariantGroup } from '@kopi/contract';
import type { AddonRow, GroupRow } from './variant-addons.repo';

// A variant group with its options, and an add-on, as the API shows them: in the library and on
// each product that uses them.

interface OptionFields {
  id: string;
  name: string;
  nameMy: string | null;
  price: number;
  isDefault: boolean;
}

/** A group and its options (in their order), without the products using it. */
export const variantGroupView = (
  g: GroupRow,
  options: OptionFields[],
): Omit<VariantGroup, 'used_by'> => ({
  id: g.id,
  variant_name: g.name,
  variant_name_my: g.nameMy,
  required: g.required,
  min_select: g.minSelect,
  max_select: g.maxSelect,
  options: options.map((o) => ({
    id: o.id,
    options_name: o.name,
    options_name_my: o.nameMy,
    price: o.price,
    is_default: o.isDefault,
  })),
});

/** An add-on, without the products using it. */
export const addonView = (a: AddonRow): Omit<Addon, 'used_by'> => ({
  id: a.id,
  addons_name: a.name,
  addons_name_my: a.nameMy,
  price: a.price,
  status: a.status as Addon['status'],
});
