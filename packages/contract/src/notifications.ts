import { z } from 'zod';

// SPEC §7 notification calls: GET /api/notification → data.list_notify_order;
// PUT /api/notification/read/{id} → data.id_notify; POST /api/notification/read-all.
export const notifyOrderSchema = z.object({
  id_notify: z.string(),
  id_order: z.string().nullable(),
  title: z.string(),
  body: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type NotifyOrder = z.infer<typeof notifyOrderSchema>;

export const notificationListDataSchema = z.object({
  list_notify_order: z.array(notifyOrderSchema),
  unread: z.number().int(),
});
export const notificationReadDataSchema = z.object({ id_notify: z.string() });
export const notificationReadAllDataSchema = z.object({ updated: z.number().int() });
