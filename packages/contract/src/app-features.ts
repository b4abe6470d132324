import { z } from 'zod';
import type { OrderItemInput } from './orders';
import type { ServingMethod } from './pricing';
import { messageKey, requiredString, text } from './validation';

// Customer-app feature switches (decision 041). The platform (superadmin, /ge/features, subject
// general-setting) keeps the catalogue: what each feature is called, its default and whether a
// tenant may change it. A tenant's staff (/user-app/enable-disable, subject enable-disable)
// switch the changeable ones for the whole business or, where it makes sense, per outlet. The
// effective value of a feature at an outlet is the outlet's switch, else the tenant's, else the
// platform default; a locked feature is always the platform default.

/**
 * The features the server knows. A code here is a rule the server enforces (or a screen the app
 * shows), so the catalogue's codes are fixed by code; the platform edits their names and defaults.
 */
export const appFeatureCodes = [
  'delivery',
  'pick_up',
  'dine_in',
  'scheduled_orders',
  'order_notes',
  'wallet',
  'wallet_top_up',
  'vouchers',
  'membership',
  'referral',
] as const;
export const appFeatureCodeSchema = z.enum(appFeatureCodes);
export type AppFeatureCode = z.infer<typeof appFeatureCodeSchema>;

/** Where an effective value comes from: the platform default, the tenant's or the outlet's switch. */
export const appFeatureSources = ['platform', 'tenant', 'outlet'] as const;
export type AppFeatureSource = (typeof appFeatureSources)[number];
const sourceSchema = z.enum(appFeatureSources);

export const appFeatureCodeParamSchema = z.object({ code: appFeatureCodeSchema });
export const appFeatureOutletParamSchema = z.object({
  code: appFeatureCodeSchema,
  outletId: z.uuid(),
});

const description = text()
  .trim()
  .max(300, { error: messageKey('max_length', { max: 300 }) });

// ---- The platform's catalogue (/api/general-settings/features) -------------------------------

export const appFeatureSchema = z.object({
  code: appFeatureCodeSchema,
  name_en: text(),
  name_my: text(),
  description_en: text(),
  description_my: text(),
  default_enabled: z.boolean(),
  /** The tenant may not change it: every tenant has the default. */
  locked: z.boolean(),
  /** A tenant may set it per outlet (fixed by code: what the server enforces per outlet). */
  per_outlet: z.boolean(),
  updated_at: text(),
});
export type AppFeature = z.infer<typeof appFeatureSchema>;

/** PUT /api/general-settings/features/{code}: what the platform decides about a feature. */
export const appFeatureInputSchema = z.object({
  name_en: requiredString(80),
  name_my: requiredString(80),
  description_en: description,
  description_my: description,
  default_enabled: z.boolean(),
  locked: z.boolean(),
});
export type AppFeatureInput = z.infer<typeof appFeatureInputSchema>;

// ---- A tenant's switches (/api/app-features) -------------------------------------------------

/** PUT body of a tenant or outlet switch: on, off, or null to follow the level above again. */
export const appFeatureSwitchInputSchema = z.object({
  enabled: z.boolean({ error: messageKey('required') }).nullable(),
});
export type AppFeatureSwitchInput = z.infer<typeof appFeatureSwitchInputSchema>;

export const appFeatureOutletValueSchema = z.object({
  outlet_id: text(),
  outlet_code: text(),
  outlet_name: text(),
  /** The outlet's own switch; null follows the tenant's value. */
  switch: z.boolean().nullable(),
  enabled: z.boolean(),
  source: sourceSchema,
  /**
   * Whether the outlet offers it at all: a serving method the outlet does not offer (its own
   * settings, /outlet) is refused there whatever the switch says. True for other features.
   */
  offered: z.boolean(),
});
export type AppFeatureOutletValue = z.infer<typeof appFeatureOutletValueSchema>;

export const tenantAppFeatureSchema = appFeatureSchema.omit({ updated_at: true }).extend({
  /** The tenant's own switch; null follows the platform default. */
  tenant_switch: z.boolean().nullable(),
  /** The value for the whole business (outlets without a switch of their own). */
  enabled: z.boolean(),
  source: sourceSchema,
  /** Per outlet, for per-outlet features (empty otherwise). */
  outlets: z.array(appFeatureOutletValueSchema),
});
export type TenantAppFeature = z.infer<typeof tenantAppFeatureSchema>;

/** What the app (and the order API) goes by at one outlet, or for the whole business. */
export const effectiveAppFeatureSchema = z.object({
  code: appFeatureCodeSchema,
  enabled: z.boolean(),
  source: sourceSchema,
});
export type EffectiveAppFeature = z.infer<typeof effectiveAppFeatureSchema>;

/**
 * The value a feature has given its layers: a locked feature is the platform default whatever
 * the tenant once chose; otherwise the nearest switch set (outlet, then tenant) decides.
 */
export function resolveAppFeature(layers: {
  defaultEnabled: boolean;
  locked: boolean;
  perOutlet: boolean;
  tenantSwitch: boolean | null;
  outletSwitch: boolean | null;
}): { enabled: boolean; source: AppFeatureSource } {
  if (layers.locked) return { enabled: layers.defaultEnabled, source: 'platform' };
  if (layers.perOutlet && layers.outletSwitch !== null) {
    return { enabled: layers.outletSwitch, source: 'outlet' };
  }
  if (layers.tenantSwitch !== null) return { enabled: layers.tenantSwitch, source: 'tenant' };
  return { enabled: layers.defaultEnabled, source: 'platform' };
}

/** The features an app order needs: its serving method, order notes and a voucher if it has them. */
export function appOrderFeatures(order: {
  serving_method: ServingMethod;
  notes?: string | undefined;
  items: readonly Pick<OrderItemInput, 'notes'>[];
  voucher_code?: string | undefined;
}): AppFeatureCode[] {
  const noted = Boolean(order.notes) || order.items.some((item) => Boolean(item.notes));
  return [
    order.serving_method,
    ...(noted ? (['order_notes'] as const) : []),
    ...(order.voucher_code ? (['vouchers'] as const) : []),
  ];
}
