import type { VoucherFace, VoucherRules } from '@kopi/contract';
import type { vouchers } from '../../db/schema/vouchers';

// A voucher row read as the contract names it, once: its rules (what evaluateVoucher reads, and
// the back office shows) and its face (what a check or the customer's list shows).

type VoucherRow = typeof vouchers.$inferSelect;

export const rulesOf = (v: VoucherRow): VoucherRules => ({
  status: v.status as VoucherRules['status'],
  type: v.type as VoucherRules['type'],
  value: v.value,
  max_discount: v.maxDiscount,
  free_item_kind: v.freeItemKind as VoucherRules['free_item_kind'],
  free_item_id: v.freeItemId,
  min_spend: v.minSpend,
  valid_from: v.validFrom.toISOString(),
  valid_until: v.validUntil?.toISOString() ?? null,
  days_of_week: v.daysOfWeek,
  hours_from: v.hoursFrom,
  hours_until: v.hoursUntil,
  total_limit: v.totalLimit,
  per_customer_limit: v.perCustomerLimit,
  outlet_ids: v.outletIds,
  sources: v.sources as VoucherRules['sources'],
  serving_methods: v.servingMethods as VoucherRules['serving_methods'],
  product_ids: v.productIds,
  category_ids: v.categoryIds,
  requires_customer: v.requiresCustomer,
});

export const faceOf = (v: VoucherRow): VoucherFace => {
  const r = rulesOf(v);
  return {
    id: v.id,
    name_en: v.nameEn,
    name_my: v.nameMy,
    type: r.type,
    value: r.value,
    max_discount: r.max_discount,
    free_item_kind: r.free_item_kind,
    min_spend: r.min_spend,
    valid_from: r.valid_from,
    valid_until: r.valid_until,
  };
};
