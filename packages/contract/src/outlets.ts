import { z } from 'zod';
import { closureSchema, weeklyHoursSchema } from './outlet-hours';
import { listQuerySchema } from './common';
import { servingMethodSchema } from './pricing';
import { messageKey, requiredString, text } from './validation';
import { activeStatusSchema, sen } from './catalogue';
import { optionalMalaysianPhone } from './my-phone';

// Outlets (/api/outlets, subject outlet) and their time management
// (/api/outlets/{id}/hours, /api/outlets/{id}/closures, subject time-management).

/** Minutes a status-board card waits before it turns amber, then red (1–240). */
const boardMinutes = (fallback: number) =>
  z
    .number()
    .int({ error: messageKey('integer') })
    .min(1, { error: messageKey('min_value', { min: 1 }) })
    .max(240, { error: messageKey('max_value', { max: 240 }) })
    .default(fallback);

export const outletInputSchema = z
  .object({
    // Empty is "required", not the pattern: the pattern check only runs on a typed code.
    code: text({ error: messageKey('required') })
      .trim()
      .min(1, { error: messageKey('required'), abort: true })
      .regex(/^[A-Z0-9]{2,8}$/, { error: messageKey('pattern', { pattern: 'A–Z, 0–9, 2–8' }) }),
    name: requiredString(80),
    address: text().trim().max(300).nullable().optional(),
    phone: optionalMalaysianPhone,
    lat: z.number().min(-90).max(90).nullable().optional(),
    lng: z.number().min(-180).max(180).nullable().optional(),
    status: activeStatusSchema.default('active'),
    serving_methods: z
      .array(servingMethodSchema)
      .min(1, { error: messageKey('min_items', { minCount: 1 }) }),
    delivery_fee: sen.default(0),
    accepting_orders: z.boolean().default(true),
    timezone: text().min(1).max(64).default('Asia/Kuala_Lumpur'),
    board_amber_minutes: boardMinutes(5),
    board_red_minutes: boardMinutes(10),
  })
  .refine((o) => o.board_amber_minutes < o.board_red_minutes, {
    path: ['board_red_minutes'],
    error: messageKey('board_red_after_amber'),
  });
export type OutletInput = z.infer<typeof outletInputSchema>;

/** Where an outlet is and how to reach it: what staff and customers both see. */
export const outletPlaceShape = {
  id: text(),
  code: text(),
  name: text(),
  address: text().nullable(),
  phone: text().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
};

export const outletSchema = z.object({
  ...outletPlaceShape,
  status: activeStatusSchema,
  serving_methods: z.array(servingMethodSchema),
  delivery_fee: z.number().int(),
  accepting_orders: z.boolean(),
  timezone: text(),
  last_order_minutes: z.number().int(),
  /** The status board turns a waiting card amber, then red, after these minutes. */
  board_amber_minutes: z.number().int(),
  board_red_minutes: z.number().int(),
  /** Computed from hours and closures at the time of the answer. */
  open_now: z.boolean(),
  next_open_at: text().nullable(),
});
export type Outlet = z.infer<typeof outletSchema>;

export const outletListQuerySchema = listQuerySchema.extend({
  status: activeStatusSchema.optional(),
});

/** GET|PUT /api/outlets/{id}/hours */
export const outletHoursSchema = z.object({
  hours: weeklyHoursSchema,
  last_order_minutes: z.number().int().min(0).max(240),
});
export type OutletHours = z.infer<typeof outletHoursSchema>;

/** POST /api/outlets/{id}/closures; listed with ids. */
export const closureInputSchema = closureSchema;
export const closureItemSchema = z.object({
  id: text(),
  from: text(),
  to: text(),
  reason: text(),
});
