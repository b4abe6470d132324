import {
  messageKey,
  type OrderItemInput,
  type PricingLine,
  type VoucherCartLine,
} from '@kopi/contract';
import type { OrderItemAddonSnapshot, OrderItemOptionSnapshot } from '../../db/schema/orders';
import { AppError } from '../../lib/errors';

// Turns the cart a cashier sends (product, option and add-on ids, quantities, notes) into priced
// lines, using only what the database says: availability and sold-out at the outlet, the outlet
// price, the product's own variant groups and add-ons. Prices sent by a client are never read.
// Pure, so the rules are easy to test and the service stays short.

export interface CatalogueOption {
  id: string;
  name: string;
  nameMy: string | null;
  price: number;
  /** Chosen at the POS unless the cashier picks another. */
  is_default: boolean;
}

export interface CatalogueGroup {
  id: string;
  name: string;
  nameMy: string | null;
  required: boolean;
  min: number;
  max: number;
  options: CatalogueOption[];
}

export interface CatalogueAddon {
  id: string;
  name: string;
  nameMy: string | null;
  price: number;
  status: string;
}

/** A product of the cart as the outlet sells it (one query loads every product of the cart). */
export interface CatalogueProduct {
  id: string;
  name: string;
  nameMy: string | null;
  sku: string;
  /** Its category: a voucher may name it. */
  categoryId: string;
  status: string;
  basePrice: number;
  discountedPrice: number | null;
  hasSales: boolean;
  /** Per-outlet settings; null when the product has no row for the outlet (= available). */
  available: boolean | null;
  priceOverride: number | null;
  soldOutDate: string | null;
  groups: CatalogueGroup[];
  addons: CatalogueAddon[];
}

export interface CartLine {
  productId: string;
  categoryId: string;
  name: string;
  nameMy: string | null;
  sku: string;
  quantity: number;
  unitPrice: number;
  options: OrderItemOptionSnapshot[];
  addons: OrderItemAddonSnapshot[];
  notes: string | null;
  pricing: PricingLine;
}

/** The outlet's price: its override, else the product's discounted price, else its base price. */
export const outletPrice = (
  p: Pick<CatalogueProduct, 'priceOverride' | 'discountedPrice' | 'basePrice'>,
) => p.priceOverride ?? p.discountedPrice ?? p.basePrice;

/** Sold at the outlet: the product is active and the outlet has not switched it off (no row = on). */
export const sellableAtOutlet = (p: Pick<CatalogueProduct, 'status' | 'available'>) =>
  p.status === 'active' && p.available !== false;

/** Sold out for the outlet's business day `today` (an earlier day's mark has expired). */
export const soldOutOn = (p: Pick<CatalogueProduct, 'soldOutDate'>, today: string) =>
  p.soldOutDate === today;

const detail = (path: string, key: Parameters<typeof messageKey>[0] = 'invalid') => [
  { path, message: messageKey(key) },
];

export function resolveCart(
  items: readonly OrderItemInput[],
  catalogue: ReadonlyMap<string, CatalogueProduct>,
  /** The outlet's business date now: a sold-out mark of an earlier day has expired. */
  today: string,
): CartLine[] {
  return items.map((item, i) => {
    const at = `items.${i}`;
    const product = catalogue.get(item.product_id);
    if (!product || !sellableAtOutlet(product)) {
      throw new AppError('product_unavailable', {
        message: product
          ? `${product.name} is not sold at this outlet`
          : 'A product in the cart is not sold at this outlet',
        details: detail(`${at}.product_id`),
      });
    }
    if (soldOutOn(product, today)) {
      throw new AppError('product_sold_out', {
        message: `${product.name} is sold out today`,
        details: detail(`${at}.product_id`),
      });
    }
    const invalid = (message: string, path: string, key?: Parameters<typeof messageKey>[0]) =>
      new AppError('invalid_product_options', { message, details: detail(path, key) });

    // Options: each must belong to one of the product's groups, chosen once.
    const chosen = new Map<string, { group: CatalogueGroup; option: CatalogueOption }>();
    item.option_ids.forEach((optionId, j) => {
      const group = product.groups.find((g) => g.options.some((o) => o.id === optionId));
      if (!group || chosen.has(optionId)) {
        throw invalid(`A choice is not offered for ${product.name}`, `${at}.option_ids.${j}`);
      }
      chosen.set(optionId, { group, option: group.options.find((o) => o.id === optionId)! });
    });
    for (const group of product.groups) {
      const count = [...chosen.values()].filter((c) => c.group.id === group.id).length;
      const min = Math.max(group.min, group.required ? 1 : 0);
      if (count < min) {
        throw invalid(
          min === 1
            ? `Choose ${group.name} for ${product.name}`
            : `Choose at least ${min} of ${group.name} for ${product.name}`,
          `${at}.option_ids`,
          'required',
        );
      }
      if (group.max > 0 && count > group.max) {
        throw invalid(
          `Choose at most ${group.max} of ${group.name} for ${product.name}`,
          `${at}.option_ids`,
        );
      }
    }
    // Options in the order the product shows its groups, so receipts read the same every time.
    const options = product.groups.flatMap((g) =>
      g.options
        .filter((o) => chosen.has(o.id))
        .map((o) => ({
          id: o.id,
          group: g.name,
          group_my: g.nameMy,
          name: o.name,
          name_my: o.nameMy,
          price: o.price,
        })),
    );

    // Add-ons: attached to this product and active; each at most once per line.
    const addons = item.addon_ids.map((addonId, j) => {
      const addon = product.addons.find((a) => a.id === addonId);
      if (!addon || addon.status !== 'active' || item.addon_ids.indexOf(addonId) !== j) {
        throw invalid(`An add-on is not offered for ${product.name}`, `${at}.addon_ids.${j}`);
      }
      return { id: addon.id, name: addon.name, name_my: addon.nameMy, price: addon.price };
    });

    const unitPrice = outletPrice(product);
    return {
      productId: product.id,
      categoryId: product.categoryId,
      name: product.name,
      nameMy: product.nameMy,
      sku: product.sku,
      quantity: item.quantity,
      unitPrice,
      options,
      addons,
      notes: item.notes || null,
      pricing: {
        unit_price: unitPrice,
        option_prices: options.map((o) => o.price),
        addon_prices: addons.map((a) => a.price),
        quantity: item.quantity,
      },
    };
  });
}

/** The cart as a voucher reads it: each line's product, category and one unit with its choices. */
export const voucherCartOf = (lines: readonly CartLine[]): VoucherCartLine[] =>
  lines.map((l) => ({
    product_id: l.productId,
    category_id: l.categoryId,
    unit_price:
      l.unitPrice +
      l.pricing.option_prices.reduce((a, b) => a + b, 0) +
      l.pricing.addon_prices.reduce((a, b) => a + b, 0),
    quantity: l.quantity,
  }));
