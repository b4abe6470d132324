import { type Voucher, voucherRulesDefaults } from '@kopi/contract';

// Vouchers as the API answers them, for the voucher screen's tests.

export const testVoucher = (id: string, name: string, patch: Partial<Voucher> = {}): Voucher => ({
  id,
  name_en: name,
  name_my: null,
  code_kind: 'shared',
  code: 'KOPI20',
  ...voucherRulesDefaults('2026-01-01T00:00:00.000Z'),
  max_discount: 500,
  min_spend: 1500,
  redeemed: 0,
  codes_generated: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...patch,
});
