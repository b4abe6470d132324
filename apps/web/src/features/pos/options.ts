import { defaultOptions, type PosMenuProduct } from '@kopi/contract';
import type { CartLine, NewCartLine } from './cart';

// The variant and add-on rules of the option dialog: the same rules the server applies to a sale
// (apps/server/src/modules/orders/order-cart.ts), so an item the dialog lets through is never
// refused for its choices.

export type VariantGroup = PosMenuProduct['variant_groups'][number];

export interface Selection {
  /** Chosen option ids per group id. */
  options: Record<string, string[]>;
  addons: string[];
}

export const emptySelection: Selection = { options: {}, addons: [] };

/** At least this many: a required group needs one even when its minimum says 0. */
export const groupMin = (g: VariantGroup) => Math.max(g.min_select, g.required ? 1 : 0);
/** At most this many (0 in the catalogue means no limit). */
export const groupMax = (g: VariantGroup) =>
  g.max_select > 0 ? g.max_select : Number.POSITIVE_INFINITY;
/** One choice at most: shown as radio buttons. */
export const isSingleChoice = (g: VariantGroup) => g.max_select === 1;

export const needsOptionDialog = (p: Pick<PosMenuProduct, 'variant_groups' | 'addons'>) =>
  p.variant_groups.length > 0 || p.addons.length > 0;

/**
 * The choices an item starts with (the contract's `defaultOptions`, shared with the server): a
 * group's marked default, else the first option of a group that needs a choice; an optional group
 * without a default starts empty.
 */
export function defaultSelection(product: Pick<PosMenuProduct, 'variant_groups'>): Selection {
  const options: Record<string, string[]> = {};
  for (const [groupId, chosen] of Object.entries(defaultOptions(product.variant_groups))) {
    options[groupId] = chosen.map((o) => o.id);
  }
  return { options, addons: [] };
}

/**
 * A tap adds the standard item at once: its defaults make every choice it needs. A product whose
 * choices are all optional and unmarked (or only add-ons) keeps its dialog, since its choices are
 * what the cashier is asked about; so does one whose needed choice cannot start chosen (a group
 * without options, or a minimum above one).
 */
export function addsOnTap(product: PosMenuProduct): boolean {
  if (!needsOptionDialog(product)) return true;
  const defaults = defaultSelection(product);
  return Object.keys(defaults.options).length > 0 && groupProblems(product, defaults).length === 0;
}

/** The choices a cart line was made with, to change them in the dialog. */
export function lineSelection(
  product: Pick<PosMenuProduct, 'variant_groups' | 'addons'>,
  line: Pick<CartLine, 'options' | 'addons'>,
): Selection {
  const options: Record<string, string[]> = {};
  for (const g of product.variant_groups) {
    const chosen = g.options
      .filter((o) => line.options.some((x) => x.id === o.id))
      .map((o) => o.id);
    if (chosen.length > 0) options[g.id] = chosen;
  }
  const addons = product.addons.filter((a) => line.addons.some((x) => x.id === a.id));
  return { options, addons: addons.map((a) => a.id) };
}

export type GroupProblem =
  | { group: VariantGroup; kind: 'min'; min: number }
  | { group: VariantGroup; kind: 'max'; max: number };

const chosenIn = (selection: Selection, g: VariantGroup) =>
  (selection.options[g.id] ?? []).filter((id) => g.options.some((o) => o.id === id));

/** What still stops the item from being added, group by group, in the product's order. */
export function groupProblems(product: PosMenuProduct, selection: Selection): GroupProblem[] {
  const problems: GroupProblem[] = [];
  for (const group of product.variant_groups) {
    const count = chosenIn(selection, group).length;
    const min = groupMin(group);
    if (count < min) problems.push({ group, kind: 'min', min });
    else if (count > groupMax(group)) problems.push({ group, kind: 'max', max: group.max_select });
  }
  return problems;
}

/**
 * Choosing an option: in a single-choice group it replaces the previous choice (null = none,
 * for an optional group); in a multi-choice group it toggles, and a choice beyond the group's
 * maximum is refused (the selection comes back unchanged).
 */
export function chooseOption(
  selection: Selection,
  group: VariantGroup,
  optionId: string | null,
): Selection {
  const current = chosenIn(selection, group);
  let next: string[];
  if (isSingleChoice(group)) {
    next = optionId ? [optionId] : [];
  } else if (optionId === null) {
    next = [];
  } else if (current.includes(optionId)) {
    next = current.filter((id) => id !== optionId);
  } else {
    if (current.length >= groupMax(group)) return selection;
    next = [...current, optionId];
  }
  return { ...selection, options: { ...selection.options, [group.id]: next } };
}

/** A multi-choice option that cannot be ticked now because the group is full. */
export const optionBlocked = (selection: Selection, group: VariantGroup, optionId: string) =>
  !isSingleChoice(group) &&
  !chosenIn(selection, group).includes(optionId) &&
  chosenIn(selection, group).length >= groupMax(group);

export function toggleAddon(selection: Selection, addonId: string): Selection {
  const addons = selection.addons.includes(addonId)
    ? selection.addons.filter((id) => id !== addonId)
    : [...selection.addons, addonId];
  return { ...selection, addons };
}

/** The chosen options in the product's group order (as receipts print them) and add-ons. */
export function chosenItems(product: PosMenuProduct, selection: Selection) {
  const options = product.variant_groups.flatMap((g) => {
    const chosen = chosenIn(selection, g);
    return g.options
      .filter((o) => chosen.includes(o.id))
      .map((o) => ({
        id: o.id,
        group: g.name,
        group_my: g.name_my,
        name: o.name,
        name_my: o.name_my,
        price: o.price,
      }));
  });
  const addons = product.addons.filter((a) => selection.addons.includes(a.id));
  return { options, addons };
}

/** Unit price with the choices (never below zero, like priceOrder). */
export function unitPriceWith(product: PosMenuProduct, selection: Selection) {
  const { options, addons } = chosenItems(product, selection);
  const sum = (xs: { price: number }[]) => xs.reduce((n, x) => n + x.price, 0);
  return Math.max(0, product.price + sum(options) + sum(addons));
}

export function toCartLine(
  product: PosMenuProduct,
  selection: Selection,
  quantity: number,
  notes: string,
): NewCartLine {
  const { options, addons } = chosenItems(product, selection);
  return {
    product_id: product.id,
    name: product.name,
    name_my: product.name_my,
    sku: product.sku,
    unit_price: product.price,
    options,
    addons: addons.map((a) => ({ id: a.id, name: a.name, name_my: a.name_my, price: a.price })),
    notes: notes.trim(),
    quantity,
  };
}

/** Why a product cannot be sold now, or null. */
export const unsellableReason = (p: Pick<PosMenuProduct, 'available' | 'sold_out'>) =>
  !p.available ? 'unavailable' : p.sold_out ? 'soldOut' : null;
