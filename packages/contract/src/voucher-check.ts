import { z } from 'zod';
import { orderItemInputSchema } from './orders';
import { servingMethodSchema } from './pricing';
import { voucherCodeSchema } from './vouchers';
import { messageKey } from './validation';

/** POST /api/vouchers/check and /api/mobile/vouchers/check: a cart priced as its order would be. */
export const voucherCheckInputSchema = z.object({
  code: voucherCodeSchema,
  outlet_id: z.uuid(),
  serving_method: servingMethodSchema,
  items: z
    .array(orderItemInputSchema)
    .min(1, { error: messageKey('min_items', { minCount: 1 }) })
    .max(50, { error: messageKey('max_items', { maxCount: 50 }) }),
  /** The counter's attached customer (POS only; the app's is the signed-in one). */
  customer_id: z.uuid().optional(),
});
export type VoucherCheckInput = z.infer<typeof voucherCheckInputSchema>;
