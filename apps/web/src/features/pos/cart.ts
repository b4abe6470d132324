import {
  type ManualDiscountInput,
  manualDiscountKinds,
  manualDiscountReasons,
  servingMethodSchema,
  type ServingMethod,
} from '@kopi/contract';
import { z } from 'zod';
import { storageKey } from '../../lib/app-config';

// The POS cart as a reducer: lines merge when product, choices, add-ons and note are the same;
// every change bumps `version`, so a sale's Idempotency-Key (kept for one version) is dropped
// the moment the cart changes. Held carts and the cart being rung up are kept in localStorage
// per outlet, so a reload, a crash or a sign-out does not lose them.

export const MAX_QUANTITY = 99;
/** The contract's limit of an item's note (orderItemInputSchema). */
export const MAX_NOTE_LENGTH = 200;

// The Malay names (`*_my`, optional: carts kept before them have none) show on a Malay screen.
const malayName = z.string().nullable().optional();
const cartOptionSchema = z.object({
  id: z.string(),
  group: z.string(),
  group_my: malayName,
  name: z.string(),
  name_my: malayName,
  price: z.number().int(),
});
const cartAddonSchema = z.object({
  id: z.string(),
  name: z.string(),
  name_my: malayName,
  price: z.number().int(),
});

const cartLineSchema = z.object({
  key: z.string(),
  product_id: z.string(),
  name: z.string(),
  name_my: malayName,
  sku: z.string(),
  /** The outlet price when the line was added; totals use the current menu's price. */
  unit_price: z.number().int(),
  options: z.array(cartOptionSchema),
  addons: z.array(cartAddonSchema),
  notes: z.string(),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
});
export type CartLine = z.infer<typeof cartLineSchema>;
export type CartOption = z.infer<typeof cartOptionSchema>;
export type CartAddon = z.infer<typeof cartAddonSchema>;
export type NewCartLine = Omit<CartLine, 'key'>;

/** The customer the cashier attached (found or added by phone): the sale earns their points. */
const attachedCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  tier: z.object({ name_en: z.string(), name_my: z.string(), colour: z.string() }).nullable(),
  points: z.number().int(),
  wallet_balance: z.number().int(),
  blocked: z.boolean(),
  /** The staff's latest notes (an allergy); carts saved before notes have none. */
  notes: z.array(z.string()).default([]),
});
export type AttachedCustomer = z.infer<typeof attachedCustomerSchema>;

/** The manual discount of the sale (the contract's shape; the server checks the rest). */
const cartDiscountSchema = z.object({
  kind: z.enum(manualDiscountKinds),
  value: z.number().int(),
  reason: z.enum(manualDiscountReasons),
  note: z.string().optional(),
});

const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  serving_method: servingMethodSchema.nullable(),
  table_no: z.string(),
  delivery_address: z.string(),
  customer_phone: z.string(),
  customer_name: z.string(),
  // Carts saved before customers could be attached have none.
  customer: attachedCustomerSchema.nullable().default(null),
  // Carts saved before manual discounts have none.
  manual_discount: cartDiscountSchema.nullable().default(null),
  // The voucher code the cashier applied (checked again as the cart changes); carts saved
  // before vouchers have none.
  voucher_code: z.string().nullable().default(null),
  version: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

export const emptyCart: Cart = {
  lines: [],
  serving_method: null,
  table_no: '',
  delivery_address: '',
  customer_phone: '',
  customer_name: '',
  customer: null,
  manual_discount: null,
  voucher_code: null,
  version: 0,
};

/** Same product, same choices, same add-ons and same note: one line. */
export function lineKey(line: Pick<NewCartLine, 'product_id' | 'options' | 'addons' | 'notes'>) {
  const ids = (xs: { id: string }[]) =>
    xs
      .map((x) => x.id)
      .sort()
      .join(',');
  return [line.product_id, ids(line.options), ids(line.addons), line.notes.trim()].join('|');
}

export type CartField = 'table_no' | 'delivery_address' | 'customer_phone' | 'customer_name';

export type CartAction =
  | { type: 'add'; line: NewCartLine }
  | { type: 'quantity'; key: string; quantity: number }
  | { type: 'increment'; key: string; by: 1 | -1 }
  | { type: 'remove'; key: string }
  /** A line's choices, quantity or note changed in the dialog: it keeps its place. */
  | { type: 'change'; key: string; line: NewCartLine }
  /** The sale's manual discount given, changed or (null) taken off. */
  | { type: 'discount'; discount: ManualDiscountInput | null }
  /** A voucher code applied or (null) removed. */
  | { type: 'voucher'; code: string | null }
  /** A line's note written or changed in the cart (empty removes it). */
  | { type: 'note'; key: string; notes: string }
  | { type: 'clear' }
  | { type: 'serving'; method: ServingMethod }
  | { type: 'field'; field: CartField; value: string }
  /** A customer attached to the sale (null: removed). */
  | { type: 'customer'; customer: AttachedCustomer | null }
  /** Recall a held cart or restore the saved one: the content is replaced. */
  | { type: 'replace'; cart: Omit<Cart, 'version'> };

const clampQuantity = (n: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(n)));

export function cartReducer(cart: Cart, action: CartAction): Cart {
  const next = (changes: Partial<Cart>): Cart => ({
    ...cart,
    ...changes,
    version: cart.version + 1,
  });
  switch (action.type) {
    case 'add': {
      const line = { ...action.line, notes: action.line.notes.trim() };
      const key = lineKey(line);
      const existing = cart.lines.find((l) => l.key === key);
      if (existing) {
        return next({
          lines: cart.lines.map((l) =>
            l.key === key ? { ...l, quantity: clampQuantity(l.quantity + line.quantity) } : l,
          ),
        });
      }
      return next({
        lines: [...cart.lines, { ...line, key, quantity: clampQuantity(line.quantity) }],
      });
    }
    case 'quantity':
    case 'increment': {
      const line = cart.lines.find((l) => l.key === action.key);
      if (!line) return cart;
      const wanted = action.type === 'quantity' ? action.quantity : line.quantity + action.by;
      // Going below one removes the line: the − button on a single item empties it.
      if (wanted < 1) return next({ lines: cart.lines.filter((l) => l.key !== action.key) });
      const quantity = clampQuantity(wanted);
      if (quantity === line.quantity) return cart;
      return next({
        lines: cart.lines.map((l) => (l.key === action.key ? { ...l, quantity } : l)),
      });
    }
    case 'change': {
      const at = cart.lines.findIndex((l) => l.key === action.key);
      if (at < 0) return cart;
      const line = { ...action.line, notes: action.line.notes.trim() };
      const key = lineKey(line);
      const rest = cart.lines.filter((l) => l.key !== action.key);
      // Changed into an item the cart already has: one line, as adding it would make.
      if (rest.some((l) => l.key === key)) {
        return next({
          lines: rest.map((l) =>
            l.key === key ? { ...l, quantity: clampQuantity(l.quantity + line.quantity) } : l,
          ),
        });
      }
      rest.splice(at, 0, { ...line, key, quantity: clampQuantity(line.quantity) });
      return next({ lines: rest });
    }
    case 'discount':
      return next({ manual_discount: action.discount });
    case 'voucher':
      if (cart.voucher_code === action.code) return cart;
      return next({ voucher_code: action.code });
    case 'note': {
      const line = cart.lines.find((l) => l.key === action.key);
      if (!line) return cart;
      const notes = action.notes.trim().slice(0, MAX_NOTE_LENGTH);
      if (notes === line.notes) return cart;
      const key = lineKey({ ...line, notes });
      // The same item with that note is already in the cart: one line, as adding it would make.
      if (cart.lines.some((l) => l.key === key)) {
        return next({
          lines: cart.lines
            .filter((l) => l.key !== action.key)
            .map((l) =>
              l.key === key ? { ...l, quantity: clampQuantity(l.quantity + line.quantity) } : l,
            ),
        });
      }
      return next({
        lines: cart.lines.map((l) => (l.key === action.key ? { ...l, notes, key } : l)),
      });
    }
    case 'remove':
      if (!cart.lines.some((l) => l.key === action.key)) return cart;
      return next({ lines: cart.lines.filter((l) => l.key !== action.key) });
    case 'clear':
      // The serving method stays: the next customer most likely orders the same way.
      return next({ ...emptyCart, serving_method: cart.serving_method });
    case 'serving':
      if (cart.serving_method === action.method) return cart;
      return next({ serving_method: action.method });
    case 'field':
      if (cart[action.field] === action.value) return cart;
      return next({ [action.field]: action.value });
    case 'customer':
      return attachCustomer(cart, action.customer, next);
    case 'replace':
      return next({ ...action.cart });
  }
}

/**
 * Attaching a customer fills the name and phone fields still empty (the receipt and the pick-up
 * call use them); removing one empties those it filled and keeps what the cashier typed.
 */
function attachCustomer(
  cart: Cart,
  customer: AttachedCustomer | null,
  next: (changes: Partial<Cart>) => Cart,
): Cart {
  if (customer && customer.id === cart.customer?.id) {
    // The same customer again: only what they hold may have changed (a top-up at the counter).
    const same = JSON.stringify(customer) === JSON.stringify(cart.customer);
    return same ? cart : next({ customer });
  }
  if (customer === cart.customer) return cart;
  const previous = cart.customer;
  const keep = (field: 'customer_name' | 'customer_phone', was: string | undefined) =>
    was !== undefined && cart[field] === was ? '' : cart[field];
  const name = keep('customer_name', previous?.name);
  const phone = keep('customer_phone', previous?.phone);
  return next({
    customer,
    customer_name: customer && !name ? customer.name : name,
    customer_phone: customer && !phone ? customer.phone : phone,
  });
}

export const cartItemCount = (cart: Pick<Cart, 'lines'>) =>
  cart.lines.reduce((n, l) => n + l.quantity, 0);

export const isCartEmpty = (cart: Pick<Cart, 'lines'>) => cart.lines.length === 0;

// ---- Held carts and the saved cart, in localStorage per outlet ------------------------------

const heldCartSchema = z.object({
  id: z.string(),
  label: z.string(),
  held_at: z.string(),
  cart: cartSchema.omit({ version: true }),
});
export type HeldCart = z.infer<typeof heldCartSchema>;

/** The cart being rung up, with the key of a sale whose answer never came (see decision 016). */
const savedCartSchema = z.object({
  cart: cartSchema,
  pending_key: z.string().nullable(),
});
export type SavedCart = z.infer<typeof savedCartSchema>;

export const heldKey = (outletId: string) => storageKey(`pos-held-${outletId}`);
export const savedCartKey = (outletId: string) => storageKey(`pos-cart-${outletId}`);

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function readJson<T>(storage: KeyValueStorage, key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    // Unreadable or blocked storage: start without it rather than break the till.
    return null;
  }
}

function writeJson(storage: KeyValueStorage, key: string, value: unknown) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage: the cart still works, it only does not survive a reload.
  }
}

export const loadHeld = (storage: KeyValueStorage, outletId: string): HeldCart[] =>
  readJson(storage, heldKey(outletId), z.array(heldCartSchema)) ?? [];

export function saveHeld(storage: KeyValueStorage, outletId: string, held: HeldCart[]) {
  if (held.length === 0) storage.removeItem(heldKey(outletId));
  else writeJson(storage, heldKey(outletId), held);
}

export const loadSavedCart = (storage: KeyValueStorage, outletId: string): SavedCart | null =>
  readJson(storage, savedCartKey(outletId), savedCartSchema);

export function saveCart(
  storage: KeyValueStorage,
  outletId: string,
  cart: Cart,
  pendingKey: string | null,
) {
  if (isCartEmpty(cart) && !pendingKey) storage.removeItem(savedCartKey(outletId));
  else writeJson(storage, savedCartKey(outletId), { cart, pending_key: pendingKey });
}

const contentOf = ({ version: _version, ...content }: Cart): Omit<Cart, 'version'> => content;

/** Puts the cart on hold under a label (newest first). */
export function holdCart(
  held: readonly HeldCart[],
  cart: Cart,
  label: string,
  id: string,
  at: Date,
): HeldCart[] {
  return [{ id, label: label.trim(), held_at: at.toISOString(), cart: contentOf(cart) }, ...held];
}

/** Takes a held cart out of the list; null when it is gone (recalled in another tab). */
export function recallHeld(
  held: readonly HeldCart[],
  id: string,
): { cart: Omit<Cart, 'version'>; rest: HeldCart[] } | null {
  const found = held.find((h) => h.id === id);
  if (!found) return null;
  return { cart: found.cart, rest: held.filter((h) => h.id !== id) };
}

export const removeHeld = (held: readonly HeldCart[], id: string) =>
  held.filter((h) => h.id !== id);
