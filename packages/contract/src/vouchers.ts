import { z } from 'zod';
import { sen, malayNameInput } from './catalogue';
import { listQuerySchema } from './common';
import { FULL_RATE_BP } from './manual-discount';
import { servingMethodSchema } from './pricing';
import { intBetween, messageKey, requiredString, text } from './validation';

// Vouchers (DESIGN §3, §8, §10; decision 052). A voucher is a discount with rules: a shared code
// anyone may type, or unique single-use codes generated in bulk; percent (with a cap), a fixed
// amount, or one free item. Its rules (when, where, through which channel, for which items, how
// often) are the schema below; `evaluateVoucher` (voucher-rules.ts) applies them to a cart and
// answers the discount in sen or the reason it does not apply.

export const voucherTypes = ['percent', 'fixed', 'free_item'] as const;
export type VoucherType = (typeof voucherTypes)[number];
/** A shared public code, or unique codes generated in bulk (each redeemed once). */
export const voucherCodeKinds = ['shared', 'unique'] as const;
export type VoucherCodeKind = (typeof voucherCodeKinds)[number];
export const voucherStatuses = ['active', 'inactive'] as const;
export type VoucherStatus = (typeof voucherStatuses)[number];
/** Where an order comes from: the counter or the customer app. */
export const voucherSources = ['pos', 'app'] as const;
export type VoucherSource = (typeof voucherSources)[number];
export const freeItemKinds = ['product', 'category'] as const;

/** A code as typed or scanned: letters, digits and dashes, compared upper-case. */
export const VOUCHER_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,31}$/;
export const voucherCodeSchema = text()
  .trim()
  .transform((c) => c.toUpperCase())
  .pipe(text().regex(VOUCHER_CODE_PATTERN, { error: messageKey('voucher_code_format') }));

const clock = text().regex(/^([01]\d|2[0-3]):([0-5]\d)$/, { error: messageKey('invalid') });
const count = intBetween(1, 10_000_000);
const ids = z.array(z.uuid()).max(500).default([]);

export const voucherInputSchema = z
  .object({
    name_en: requiredString(120),
    name_my: malayNameInput(120),
    code_kind: z.enum(voucherCodeKinds),
    /** The shared code; none for unique codes (they are generated). */
    code: voucherCodeSchema.nullable().optional(),
    type: z.enum(voucherTypes),
    /** Basis points for `percent` (2000 = 20%), sen for `fixed`; 0 for `free_item`. */
    value: intBetween(0, 100_000_000),
    /** The most a percent voucher takes off, in sen; none means no cap. */
    max_discount: sen.nullable().optional(),
    free_item_kind: z.enum(freeItemKinds).nullable().optional(),
    /** The product, or the category whose cheapest item in the cart, is free. */
    free_item_id: z.uuid().nullable().optional(),
    min_spend: sen.default(0),
    valid_from: z.iso.datetime({ offset: true }),
    valid_until: z.iso.datetime({ offset: true }).nullable().optional(),
    /** 0 = Sunday … 6 = Saturday, in the outlet's time zone; empty = every day. */
    days_of_week: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    /** A daily window in the outlet's time zone; both or neither. */
    hours_from: clock.nullable().optional(),
    hours_until: clock.nullable().optional(),
    total_limit: count.nullable().optional(),
    per_customer_limit: count.nullable().optional(),
    /** Empty lists restrict nothing. */
    outlet_ids: ids,
    sources: z.array(z.enum(voucherSources)).max(2).default([]),
    serving_methods: z.array(servingMethodSchema).max(3).default([]),
    product_ids: ids,
    category_ids: ids,
    requires_customer: z.boolean().default(false),
    status: z.enum(voucherStatuses).default('active'),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, key: Parameters<typeof messageKey>[0], params?: object) =>
      ctx.addIssue({ code: 'custom', path: [path], message: messageKey(key, params as never) });
    if (v.code_kind === 'shared' && !v.code) issue('code', 'required');
    if (v.code_kind === 'unique' && v.code) issue('code', 'voucher_code_generated');
    if (v.type === 'percent' && v.value < 1) issue('value', 'min_value', { min: '0.01%' });
    if (v.type === 'percent' && v.value > FULL_RATE_BP)
      issue('value', 'max_value', { max: '100%' });
    if (v.type === 'fixed' && v.value < 1) issue('value', 'min_value', { min: 1 });
    if (v.type !== 'percent' && v.max_discount != null)
      issue('max_discount', 'voucher_cap_percent');
    if (v.type === 'free_item') {
      if (!v.free_item_kind) issue('free_item_kind', 'required');
      if (!v.free_item_id) issue('free_item_id', 'required');
    }
    if (v.valid_until && Date.parse(v.valid_until) <= Date.parse(v.valid_from)) {
      issue('valid_until', 'ends_after_start');
    }
    if (Boolean(v.hours_from) !== Boolean(v.hours_until)) {
      issue(v.hours_from ? 'hours_until' : 'hours_from', 'required');
    }
    if (v.hours_from && v.hours_from === v.hours_until) issue('hours_until', 'invalid');
    if (v.code_kind === 'unique' && v.per_customer_limit != null) {
      // A unique code is redeemed once; a per-customer limit says nothing more.
      issue('per_customer_limit', 'voucher_limit_unique');
    }
    if (new Set(v.days_of_week).size !== v.days_of_week.length) {
      issue('days_of_week', 'not_unique');
    }
  });
export type VoucherInput = z.input<typeof voucherInputSchema>;
export type VoucherParsed = z.infer<typeof voucherInputSchema>;

/** A voucher as the back office reads it. */
export const voucherSchema = z.object({
  id: text(),
  name_en: text(),
  name_my: text().nullable(),
  code_kind: z.enum(voucherCodeKinds),
  code: text().nullable(),
  type: z.enum(voucherTypes),
  value: z.number().int(),
  max_discount: z.number().int().nullable(),
  free_item_kind: z.enum(freeItemKinds).nullable(),
  free_item_id: text().nullable(),
  min_spend: z.number().int(),
  valid_from: text(),
  valid_until: text().nullable(),
  days_of_week: z.array(z.number().int()),
  hours_from: text().nullable(),
  hours_until: text().nullable(),
  total_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  outlet_ids: z.array(text()),
  sources: z.array(z.enum(voucherSources)),
  serving_methods: z.array(servingMethodSchema),
  product_ids: z.array(text()),
  category_ids: z.array(text()),
  requires_customer: z.boolean(),
  status: z.enum(voucherStatuses),
  /** Redemptions standing (given back ones not counted). */
  redeemed: z.number().int(),
  /** Unique codes generated (0 for a shared code). */
  codes_generated: z.number().int(),
  created_at: text(),
  updated_at: text(),
});
export type Voucher = z.infer<typeof voucherSchema>;

/** Where a voucher stands now: its status, and its window against the clock. */
export const voucherStates = ['active', 'scheduled', 'expired', 'inactive'] as const;
export type VoucherState = (typeof voucherStates)[number];

export const voucherListQuerySchema = listQuerySchema.extend({
  state: z.enum(voucherStates).optional(),
  type: z.enum(voucherTypes).optional(),
  code_kind: z.enum(voucherCodeKinds).optional(),
  outlet_id: z.uuid().optional(),
});
export type VoucherListQuery = z.infer<typeof voucherListQuerySchema>;

/** POST /api/vouchers/{id}/codes: generate unique codes (a background job with progress). */
export const voucherCodeBatchInputSchema = z.object({
  count: intBetween(1, 100_000),
  /** Printed before the random part, e.g. RAYA-7KQ2M9XD. */
  prefix: text()
    .trim()
    .transform((p) => p.toUpperCase())
    .pipe(text().regex(/^[A-Z0-9]{0,8}$/, { error: messageKey('voucher_code_format') }))
    .default(''),
});
export type VoucherCodeBatchInput = z.input<typeof voucherCodeBatchInputSchema>;

/** Why a voucher does not apply to a cart, in the order `evaluateVoucher` checks. */
export const voucherRefusals = [
  'inactive',
  'not_yet_valid',
  'expired',
  'wrong_day',
  'wrong_hour',
  'outlet',
  'source',
  'serving_method',
  'customer_needed',
  'limit_reached',
  'customer_limit_reached',
  'min_spend',
  'no_eligible_item',
] as const;
export type VoucherRefusal = (typeof voucherRefusals)[number];
