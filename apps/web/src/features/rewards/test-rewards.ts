import { type Reward, type Voucher, voucherRulesDefaults } from '@kopi/contract';

// Rewards and vouchers of unique codes as the API answers them, for the rewards screen's tests.

export const testReward = (id: string, name: string, patch: Partial<Reward> = {}): Reward => ({
  id,
  voucher_id: 'v-latte',
  voucher_name_en: 'Free latte',
  voucher_name_my: 'Latte percuma',
  name_en: name,
  name_my: null,
  points_price: 500,
  stock: null,
  issued: 0,
  starts_at: '2026-01-01T00:00:00.000Z',
  ends_at: null,
  status: 'active',
  sort_order: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...patch,
});

/**
 * A voucher of unique codes (a reward's choice), as GET /api/vouchers answers it: a free product
 * with no other rule, for anyone.
 */
export const testUniqueVoucher = (id: string, name: string): Voucher => ({
  ...voucherRulesDefaults('2026-01-01T00:00:00.000Z'),
  id,
  name_en: name,
  name_my: null,
  code_kind: 'unique',
  code: null,
  type: 'free_item',
  value: 0,
  free_item_kind: 'product',
  redeemed: 0,
  codes_generated: 100,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
