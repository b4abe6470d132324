import { z } from 'zod';

/** An order's money in sen, from the subtotal to what was paid: staff and customers see the same. */
export const orderChargesShape = {
  subtotal: z.number().int(),
  discount: z.number().int(),
  service_charge: z.number().int(),
  service_tax: z.number().int(),
  delivery_fee: z.number().int(),
  rounding: z.number().int(),
  paid: z.number().int(),
};
