import { z } from 'zod';
import { receiptTextsShape } from './orders';
import { servingMethodSchema } from './pricing';
import { text } from './validation';

// The point of sale's reads: its context (outlet, pricing settings, receipt), the outlets a user
// may sell at, and the menu of an outlet.

/**
 * GET /api/pos/context?outlet_id: what the POS needs before a sale — the outlet (open now, its
 * business date, serving methods, delivery fee), the tenant's pricing settings to preview totals
 * with priceOrder, and the receipt header (legal name, SST number).
 */
export const posContextQuerySchema = z.object({ outlet_id: z.uuid() });

export const posContextSchema = z.object({
  outlet: z.object({
    id: text(),
    code: text(),
    name: text(),
    address: text().nullable(),
    phone: text().nullable(),
    serving_methods: z.array(servingMethodSchema),
    delivery_fee: z.number().int(),
    status: z.enum(['active', 'disabled']),
    accepting_orders: z.boolean(),
    open_now: z.boolean(),
    /** Open and before the last-order time: a sale needs no out-of-hours confirmation. */
    taking_orders_now: z.boolean(),
    timezone: text(),
    business_date: text(),
    day_closed: z.boolean(),
  }),
  pricing: z.object({
    service_charge_rate_bp: z.number().int(),
    service_charge_methods: z.array(servingMethodSchema),
    service_tax_rate_bp: z.number().int(),
    service_charge_taxable: z.boolean(),
    cash_rounding: z.boolean(),
    /** The most a manual discount may take off the subtotal, in basis points. */
    manual_discount_max_bp: z.number().int(),
  }),
  receipt: z.object({
    business_name: text(),
    legal_name: text().nullable(),
    sst_registration_no: text().nullable(),
    tin: text().nullable(),
    brn: text().nullable(),
    ...receiptTextsShape,
  }),
});
export type PosContext = z.infer<typeof posContextSchema>;

/** GET /api/pos/outlets: the outlets the user may sell at (an outlet-bound user: only theirs). */
export const posOutletSchema = z.object({
  id: text(),
  code: text(),
  name: text(),
  status: z.enum(['active', 'disabled']),
});
export type PosOutlet = z.infer<typeof posOutletSchema>;

/**
 * GET /api/orders/outlets (read-order): the outlets whose orders the caller reads, for the order
 * list's outlet filter and the day close / Z-report picker of users who cannot list outlets
 * (read-outlet). An outlet-bound user gets theirs; others every outlet, disabled ones included
 * (their past orders and Z-reports stay readable).
 */
export const orderOutletSchema = posOutletSchema.extend({ timezone: text() });
export type OrderOutlet = z.infer<typeof orderOutletSchema>;

/** GET /api/pos/menu?outlet_id: what the outlet sells, as the POS grid and option dialog need it. */
export const posMenuQuerySchema = posContextQuerySchema;

export const posMenuProductSchema = z.object({
  id: text(),
  name: text(),
  /** The Malay names (here and in groups, options and add-ons): null when none was set. */
  name_my: text().nullable(),
  sku: text(),
  barcode: text().nullable(),
  category_id: text(),
  /** Thumbnail of the main image, or null. */
  image_url: text().nullable(),
  /** The outlet's price in sen (override, else discounted, else base): what the sale charges. */
  price: z.number().int(),
  /** The product's base price, to show a struck-through price when `price` is lower. */
  base_price: z.number().int(),
  /** False when the product is disabled or not offered at this outlet: shown, but not sellable. */
  available: z.boolean(),
  /** Sold out for the outlet's current business day. */
  sold_out: z.boolean(),
  variant_groups: z.array(
    z.object({
      id: text(),
      name: text(),
      name_my: text().nullable(),
      required: z.boolean(),
      min_select: z.number().int(),
      /** 0 means no upper limit. */
      max_select: z.number().int(),
      options: z.array(
        z.object({
          id: text(),
          name: text(),
          name_my: text().nullable(),
          price: z.number().int(),
          /** Chosen unless the cashier picks another: a drink with every default is one tap. */
          is_default: z.boolean(),
        }),
      ),
    }),
  ),
  /** Active add-ons only. */
  addons: z.array(
    z.object({ id: text(), name: text(), name_my: text().nullable(), price: z.number().int() }),
  ),
});
export type PosMenuProduct = z.infer<typeof posMenuProductSchema>;

export const posMenuSchema = z.object({
  /** Active categories in their display order. */
  categories: z.array(z.object({ id: text(), name_en: text(), name_my: text() })),
  /** Active and disabled products (archived ones never), by category order then name. */
  products: z.array(posMenuProductSchema),
});
export type PosMenu = z.infer<typeof posMenuSchema>;
