import { z } from 'zod';
import { text } from './validation';

// SPEC §7 notification calls: GET /api/notification → data.list_notify_order;
// PUT /api/notification/read/{id} → data.id_notify; POST /api/notification/read-all.
export const notifyOrderSchema = z.object({
  id_notify: text(),
  id_order: text().nullable(),
  /** English; what the web shows when it has no translation for `title_key`. */
  title: text(),
  body: text().nullable(),
  /** The web translates `notify.<title_key>.title` / `.body` with `params` (en, my). */
  title_key: text().nullable(),
  params: z.record(text(), z.union([text(), z.number(), z.null()])).nullable(),
  /** When it was raised (SPEC §7 `time`); `created_at` is the same instant, kept for old clients. */
  time: text(),
  created_at: text(),
  read: z.boolean(),
});
export type NotifyOrder = z.infer<typeof notifyOrderSchema>;

/** The user's unread notifications (newest first, at most 100) and how many are unread in all. */
export const notificationListDataSchema = z.object({
  list_notify_order: z.array(notifyOrderSchema),
  unread: z.number().int(),
});
export const notificationReadDataSchema = z.object({ id_notify: text() });
export const notificationReadAllDataSchema = z.object({ updated: z.number().int() });
