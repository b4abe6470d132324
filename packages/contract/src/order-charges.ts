import { z } from 'zod';

/** An order's money in sen from the subtotal to the rounding: the parts its total adds up from. */
export const orderBreakdownShape = {
  subtotal: z.number().int(),
  discount: z.number().int(),
  service_charge: z.number().int(),
  service_tax: z.number().int(),
  delivery_fee: z.number().int(),
  rounding: z.number().int(),
};

/** An order's money in sen, from the subtotal to what was paid: staff and customers see the same. */
export const orderChargesShape = {
  ...orderBreakdownShape,
  paid: z.number().int(),
};
