import { z } from 'zod';
import { listQuerySchema } from './common';
import { servingMethodSchema } from './pricing';
import { passwordSetupResultSchema, passwordSetupSchema, userInputSchema } from './users';
import { messageKey, requiredString, requiredWhen, text } from './validation';

// Tenants (/api/tenants, subject tenant, superadmin). Rates in basis points.
export const tenantStatusSchema = z.enum(['active', 'trial', 'suspended', 'pending_payment']);

export const tenantSettingsSchema = z.object({
  legal_name: requiredString(160),
  sst_registration_no: text().trim().max(40).nullable().optional(),
  tin: text().trim().max(40).nullable().optional(),
  brn: text().trim().max(40).nullable().optional(),
  service_tax_rate_bp: z.number().int().min(0).max(10_000),
  service_charge_rate_bp: z.number().int().min(0).max(10_000),
  service_charge_methods: z.array(servingMethodSchema),
  service_charge_taxable: z.boolean(),
  cash_rounding: z.boolean(),
  timezone: text().min(1).max(64),
  business_day_cutoff_hour: z.number().int().min(0).max(23),
  /**
   * Sen up to which an outlet-bound approver (a manager) may approve a refund at their outlet;
   * above it only tenant-wide approvers (finance, admin). Left out on an update: unchanged.
   */
  refund_manager_limit: z.number().int().min(0).max(100_000_000).optional(),
  /**
   * The most a manual discount at the POS may take off a subtotal, in basis points (default
   * 2000 = 20%; 0 allows none). Left out on an update: unchanged.
   */
  manual_discount_max_bp: z.number().int().min(0).max(10_000).optional(),
  /** A counter sale needs an open shift on its till. Left out on an update: unchanged. */
  shifts_required: z.boolean().optional(),
  /** Sen a closing drawer may be over or short without a manager's note. Left out: unchanged. */
  shift_variance_tolerance: z.number().int().min(0).max(10_000_000).optional(),
});

export const tenantInputSchema = tenantSettingsSchema.extend({
  name: requiredString(120),
  slug: text()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
      error: messageKey('pattern', { pattern: 'a-z, 0-9, -' }),
    })
    .max(60),
  plan: text().trim().min(1).max(40).default('basic'),
});
export type TenantInput = z.infer<typeof tenantInputSchema>;

/**
 * The new tenant's first user: its built-in `admin` role, every outlet. Created with the tenant,
 * in the same step, so the platform never has to hand a business over by hand; the password is
 * set up as for any user (an e-mailed link, or a temporary one changed at the first sign-in).
 */
export const tenantFirstAdminSchema = userInputSchema
  .pick({ username: true, fullname: true, email: true, language: true })
  .extend({ password_setup: passwordSetupSchema })
  .check(requiredWhen('email', (v) => v.password_setup.method === 'email'));
export type TenantFirstAdmin = z.infer<typeof tenantFirstAdminSchema>;

/** POST /api/tenants: the tenant and its first admin. */
export const tenantCreateSchema = tenantInputSchema.extend({ first_admin: tenantFirstAdminSchema });
export type TenantCreateInput = z.infer<typeof tenantCreateSchema>;

export const tenantSchema = tenantInputSchema.extend({
  id: text(),
  status: tenantStatusSchema,
  outlet_count: z.number().int(),
  user_count: z.number().int(),
  created_at: text(),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** POST /api/tenants answers the tenant and its first admin, with the password set-up's outcome. */
export const tenantCreatedSchema = tenantSchema.extend({
  first_admin: z.object({
    id: text(),
    username: text(),
    password_setup: passwordSetupResultSchema,
  }),
});
export type TenantCreated = z.infer<typeof tenantCreatedSchema>;

export const tenantListQuerySchema = listQuerySchema.extend({
  status: tenantStatusSchema.optional(),
});

/**
 * POST /api/tenants/{id}/enter and /api/tenants/leave: the tenant a platform user works inside.
 * Every tenant-scoped call then acts in it; the audit log keeps the real user as the actor.
 */
export const tenantContextSchema = z.object({
  acting_tenant_id: text().nullable(),
  acting_tenant_name: text().nullable(),
});
export type TenantContext = z.infer<typeof tenantContextSchema>;
