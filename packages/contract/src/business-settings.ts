import { z } from 'zod';
import { servingMethodSchema } from './pricing';
import { messageKey, text } from './validation';

// A tenant's own business settings (/api/tenant-settings, subject tenant-setting): what the
// chain's admin sets for the whole business — tax, service charge, rounding, registration
// numbers, the receipt's header, footer and logo, and when the business day starts. The tenant is
// always the caller's; rates are basis points (600 = 6%).
//
// Each setting is one entry of `businessSettingsShape`: a new tenant setting is one line here,
// one line in the server's column map (modules/business-settings) and one field on the page.

/** Basis points from 0 to 100%; the messages speak in percent, as the form does. */
const rateBp = z
  .number({ error: messageKey('invalid') })
  .int({ error: messageKey('integer') })
  .min(0, { error: messageKey('min_value', { min: 0 }) })
  .max(10_000, { error: messageKey('max_value', { max: 100 }) });

// Texts are trimmed; the server stores an empty one as null (none). No transforms here: the same
// shape describes the answer.

/** A registration number (BRN, SST, TIN). */
const registrationNo = text()
  .trim()
  .max(40, { error: messageKey('max_length', { max: 40 }) })
  .nullable();

/** Lines printed above or below a receipt's items. */
const receiptText = text()
  .trim()
  .max(500, { error: messageKey('max_length', { max: 500 }) })
  .nullable();

/** Sen from 0 up to `max`; the form shows the ringgit, so the message names the ringgit. */
const senUpTo = (max: number) =>
  z
    .number({ error: messageKey('invalid') })
    .int({ error: messageKey('integer') })
    .min(0, { error: messageKey('min_value', { min: 0 }) })
    .max(max, { error: messageKey('max_value', { max: max / 100 }) });

export const businessSettingsShape = {
  sst_registration_no: registrationNo,
  service_tax_rate_bp: rateBp,
  /** SST is charged on the service charge too. */
  service_charge_taxable: z.boolean(),
  service_charge_rate_bp: rateBp,
  /** The serving methods the service charge applies to (none: no service charge). */
  service_charge_methods: z.array(servingMethodSchema).max(3),
  /** Cash bills round to the nearest 5 sen. */
  cash_rounding: z.boolean(),
  brn: registrationNo,
  tin: registrationNo,
  receipt_header: receiptText,
  receipt_footer: receiptText,
  /** The same lines in Malay, printed on a receipt in Malay (decision 069). */
  receipt_header_my: receiptText,
  receipt_footer_my: receiptText,
  /** A counter sale needs an open shift on its till. */
  shifts_required: z.boolean(),
  /** Sen a closing drawer may be over or short without a manager's note. */
  shift_variance_tolerance: senUpTo(100_000),
  /** The most a manual discount at the POS may take off a subtotal (0: none allowed). */
  manual_discount_max_bp: rateBp,
  /** A closing cashier counts the drawer without seeing the expected cash (shown once saved). */
  shift_blind_count: z.boolean(),
  /** Sen a cash out may take without a manager's PIN (null: any amount). */
  cash_out_approval_over: senUpTo(10_000_000).nullable(),
  /** Sales before this hour (the outlet's local time) count for the previous business day. */
  business_day_cutoff_hour: z
    .number({ error: messageKey('invalid') })
    .int({ error: messageKey('integer') })
    .min(0, { error: messageKey('min_value', { min: 0 }) })
    .max(23, { error: messageKey('max_value', { max: 23 }) }),
};

/** PUT /api/tenant-settings: every setting (the page sends the whole form). */
export const businessSettingsInputSchema = z.object(businessSettingsShape);
export type BusinessSettingsInput = z.infer<typeof businessSettingsInputSchema>;
export type BusinessSettingsFormValues = z.input<typeof businessSettingsInputSchema>;

/** The settings as stored, with the receipt logo (set by upload) and the business's name. */
export const businessSettingsSchema = businessSettingsInputSchema.extend({
  business_name: text(),
  /** A square-ish WebP at most 400 px wide, or null; POST /api/tenant-settings/logo sets it. */
  receipt_logo_url: text().nullable(),
  updated_at: text(),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

/** The setting names, in the order the page shows them. */
export const businessSettingKeys = Object.keys(
  businessSettingsShape,
) as (keyof BusinessSettingsInput)[];
