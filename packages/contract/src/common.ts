import { z } from 'zod';
import { text } from './validation';

// DESIGN §5 envelopes and list conventions.
export const pageSizes = [5, 10, 20, 25, 50, 100] as const;

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => (pageSizes as readonly number[]).includes(n), {
      error: 'page_size must be one of 5, 10, 20, 25, 50, 100',
    })
    .default(10),
  sort: text().max(64).optional(),
  q: text().trim().max(100).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * Sent with an answer read from a read replica (READ_DATABASE_URL) that lags the primary by more
 * than a few seconds: what it shows is the database as of `as_of`, `lag_seconds` ago. Absent when
 * the answer is current.
 */
export const readFreshnessSchema = z.object({
  as_of: z.iso.datetime(),
  lag_seconds: z.number().int().nonnegative(),
});
export type ReadFreshness = z.infer<typeof readFreshnessSchema>;

export const listMetaSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  freshness: readFreshnessSchema.optional(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: listMetaSchema });

export const errorDetailSchema = z.object({
  path: text(),
  message: text(),
  /** A moment the detail names (e.g. when a shift holding the day close open was opened). */
  at: text().optional(),
});
export const errorBodySchema = z.object({
  code_message: text(),
  message: text(),
  details: z.array(errorDetailSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const idParamSchema = z.object({ id: z.uuid() });

/** What deleting a thing answers. */
export const deletedSchema = z.object({ id: text(), deleted: z.literal(true) });

export const statusFlagSchema = z.enum(['active', 'disabled']);

/**
 * The order a row belongs to, when it belongs to one: its id, number and business date
 * (YYYY-MM-DD; order numbers count from 1 each day at each outlet).
 */
export const linkedOrderShape = {
  order_id: text().nullable(),
  order_no: text().nullable(),
  order_date: text().nullable(),
};
