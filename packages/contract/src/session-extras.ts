import { z } from 'zod';
import { text } from './validation';

// Optional user fields of the login and refresh answers that the web shows when present: the
// outlet's name (dashboard welcome) and whether two-step sign-in is on (account security tab).
// Optional so answers without them stay valid.
export const sessionUserExtrasSchema = z.object({
  outlet_name: text().nullable().optional(),
  two_step_enabled: z.boolean().optional(),
  /** A platform user working inside a tenant (POST /api/tenants/{id}/enter); null otherwise. */
  acting_tenant_id: text().nullable().optional(),
  acting_tenant_name: text().nullable().optional(),
  /**
   * Signed in with a temporary password set by an administrator (POST /api/users/{id}/
   * reset-password): until POST /api/changepassword succeeds, every route that needs a
   * permission answers 403 `password_change_required`, so the web sends the user to change it.
   */
  must_change_password: z.boolean().optional(),
});
export type SessionUserExtras = z.infer<typeof sessionUserExtrasSchema>;

// DESIGN §9 live-order event sent on /ws. Catalogue events of an outlet travel on the same
// socket: `product.sold_out` carries `id_product` and `sold_out` instead of an order.
export const liveOrderEventSchema = z.object({
  event_id: z.number().int(),
  type: text(),
  message: z
    .object({
      id_order: text().optional(),
      id_product: text().optional(),
      status: text().optional(),
      outlet_id: text().nullable().optional(),
    })
    .loose(),
});
export type LiveOrderEvent = z.infer<typeof liveOrderEventSchema>;
