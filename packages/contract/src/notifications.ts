import { z } from 'zod';

// SPEC §7 notification calls: GET /api/notification → data.list_notify_order;
// PUT /api/notification/read/{id} → data.id_notify; POST /api/notification/read-all.
export const notifyOrderSchema = z.object({
  id_notify: z.string(),
  id_order: z.string().nullable(),
  /** English; what the web shows when it has no translation for `title_key`. */
  title: z.string(),
  body: z.string().nullable(),
  /** The web translates `notify.<title_key>.title` / `.body` with `params` (en, my). */
  title_key: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable(),
  /** When it was raised (SPEC §7 `time`); `created_at` is the same instant, kept for old clients. */
  time: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type NotifyOrder = z.infer<typeof notifyOrderSchema>;

/** The user's unread notifications (newest first, at most 100) and how many are unread in all. */
export const notificationListDataSchema = z.object({
  list_notify_order: z.array(notifyOrderSchema),
  unread: z.number().int(),
});
export const notificationReadDataSchema = z.object({ id_notify: z.string() });
export const notificationReadAllDataSchema = z.object({ updated: z.number().int() });
