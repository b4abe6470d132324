import { z } from 'zod';
import { freeItemKinds, voucherRefusals, voucherTypes } from './vouchers';
import { text } from './validation';

// A voucher as an order shows it: the one redeemed on it, named in both languages, with the
// discount it gave (the order's `discount` less any manual discount). Kept apart from orders.ts
// and vouchers.ts so each can import it without a cycle.

export const orderVoucherSchema = z.object({
  id: text(),
  code: text(),
  name_en: text(),
  name_my: text().nullable(),
  /** What the voucher took off the subtotal, in sen. */
  discount: z.number().int(),
});
export type OrderVoucher = z.infer<typeof orderVoucherSchema>;

/** A voucher's face as a check or the customer's list shows it. */
export const voucherFaceSchema = z.object({
  id: text(),
  name_en: text(),
  name_my: text().nullable(),
  type: z.enum(voucherTypes),
  value: z.number().int(),
  max_discount: z.number().int().nullable(),
  free_item_kind: z.enum(freeItemKinds).nullable(),
  min_spend: z.number().int(),
  valid_from: text(),
  valid_until: text().nullable(),
});
export type VoucherFace = z.infer<typeof voucherFaceSchema>;

/**
 * The answer of POST /api/vouchers/check and /api/mobile/vouchers/check: whether the code takes
 * money off this cart now, how much, or why not (nothing is written).
 */
export const voucherCheckSchema = z.object({
  ok: z.boolean(),
  /** In sen; 0 when refused. */
  discount: z.number().int(),
  /** Why it does not apply (`voucher_<reason>` is its error code); null when it does. */
  reason: z.enum(voucherRefusals).nullable(),
  voucher: voucherFaceSchema,
});
export type VoucherCheck = z.infer<typeof voucherCheckSchema>;

/** GET /api/mobile/vouchers: a code issued to the signed-in customer, not yet redeemed. */
export const mobileVoucherSchema = voucherFaceSchema.extend({
  code: text(),
  issued_at: text(),
});
export type MobileVoucher = z.infer<typeof mobileVoucherSchema>;
