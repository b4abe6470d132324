import { type Voucher, type voucherInputSchema, voucherRulesDefaults } from '@kopi/contract';
import type { z } from 'zod';

// The voucher form's values: a new voucher's, and a saved voucher's as PUT /api/vouchers/{id}
// takes them back. Money is sen and a percentage basis points, as the API has them; the fields
// show ringgit and percent.

export type VoucherFormValues = z.input<typeof voucherInputSchema>;

/** A new voucher starts now (to the minute): a shared code, 20% off, restricting nothing. */
export function blankVoucher(now = new Date()): VoucherFormValues {
  const start = new Date(now);
  start.setUTCSeconds(0, 0);
  return {
    name_en: '',
    name_my: '',
    code_kind: 'shared',
    code: null,
    ...voucherRulesDefaults(start.toISOString()),
  };
}

export const voucherValuesOf = (v: Voucher): VoucherFormValues => ({
  name_en: v.name_en,
  name_my: v.name_my ?? '',
  code_kind: v.code_kind,
  code: v.code,
  type: v.type,
  value: v.value,
  max_discount: v.max_discount,
  free_item_kind: v.free_item_kind,
  free_item_id: v.free_item_id,
  min_spend: v.min_spend,
  valid_from: v.valid_from,
  valid_until: v.valid_until,
  days_of_week: v.days_of_week,
  hours_from: v.hours_from,
  hours_until: v.hours_until,
  total_limit: v.total_limit,
  per_customer_limit: v.per_customer_limit,
  outlet_ids: v.outlet_ids,
  sources: v.sources,
  serving_methods: v.serving_methods,
  product_ids: v.product_ids,
  category_ids: v.category_ids,
  requires_customer: v.requires_customer,
  status: v.status,
});
