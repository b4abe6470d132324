import { describe, expect, it } from 'vitest';
import type { VoucherCheck } from './api';
import { emptyCart, type Cart } from './cart';
import {
  findingOf,
  isVoucherRefusal,
  normalizeVoucherCode,
  refusedFinding,
  voucherCheckInput,
} from './voucher';

// The voucher check's body is the cart as the sale sends it, and a refusal is never priced.

const line: Cart['lines'][number] = {
  key: 'k1',
  product_id: 'p-toast',
  name: 'Kaya Toast',
  sku: 'FOD-001',
  unit_price: 450,
  options: [{ id: 'o-1', group: 'Bread', name: 'Brown', price: 0 }],
  addons: [{ id: 'a-1', name: 'Egg', price: 150 }],
  notes: 'less kaya',
  quantity: 2,
};
const customer: NonNullable<Cart['customer']> = {
  id: 'c-1',
  name: 'Siti',
  phone: '+60123456789',
  tier: null,
  points: 0,
  wallet_balance: 0,
  blocked: false,
  notes: [],
};
const check: VoucherCheck = {
  ok: true,
  discount: 300,
  reason: null,
  voucher: {
    id: 'v-1',
    name_en: 'RM 3 off',
    name_my: null,
    type: 'fixed',
    value: 300,
    max_discount: null,
    free_item_kind: null,
    min_spend: 0,
    valid_from: '2026-01-01T00:00:00Z',
    valid_until: null,
  },
};

describe('voucher check body', () => {
  it('is the sale’s items, serving method and customer with the code', () => {
    const cart = { ...emptyCart, lines: [line], customer };
    expect(voucherCheckInput('outlet-1', cart, 'dine_in', 'KOPI20')).toEqual({
      code: 'KOPI20',
      outlet_id: 'outlet-1',
      serving_method: 'dine_in',
      items: [
        {
          product_id: 'p-toast',
          quantity: 2,
          option_ids: ['o-1'],
          addon_ids: ['a-1'],
          notes: 'less kaya',
        },
      ],
      customer_id: 'c-1',
    });
  });

  it('has no customer without one, and is nothing without a code, lines, outlet or serving', () => {
    const cart = { ...emptyCart, lines: [line] };
    expect(voucherCheckInput('outlet-1', cart, 'pick_up', 'KOPI20')).not.toHaveProperty(
      'customer_id',
    );
    expect(voucherCheckInput('outlet-1', cart, 'pick_up', null)).toBeNull();
    expect(voucherCheckInput('outlet-1', emptyCart, 'pick_up', 'KOPI20')).toBeNull();
    expect(voucherCheckInput(null, cart, 'pick_up', 'KOPI20')).toBeNull();
    expect(voucherCheckInput('outlet-1', cart, null, 'KOPI20')).toBeNull();
  });

  it('takes codes as they are kept: trimmed, in capitals', () => {
    expect(normalizeVoucherCode('  raya-7kq2 ')).toBe('RAYA-7KQ2');
  });
});

describe('voucher findings', () => {
  it('a refusal takes nothing off and names its error code', () => {
    const refused = findingOf({ ...check, ok: false, discount: 300, reason: 'expired' });
    expect(refused).toMatchObject({ kind: 'refused', code: 'voucher_expired' });
    expect(refused.check?.discount).toBe(0);
    expect(findingOf(check)).toEqual({ kind: 'applies', check });
  });

  it('a refusal at payment turns the applied voucher into a refused one', () => {
    const after = refusedFinding({ kind: 'applies', check }, 'voucher_limit_reached');
    expect(after).toMatchObject({ kind: 'refused', code: 'voucher_limit_reached' });
    expect(after.check).toMatchObject({ ok: false, discount: 0, voucher: { id: 'v-1' } });
    expect(refusedFinding({ kind: 'applies', check }, 'voucher_unknown')).toEqual({
      kind: 'refused',
      code: 'voucher_unknown',
      check: null,
    });
  });

  it('knows the voucher refusals among error codes', () => {
    expect(isVoucherRefusal('voucher_min_spend')).toBe(true);
    expect(isVoucherRefusal('voucher_unknown')).toBe(true);
    expect(isVoucherRefusal('voucher_code_taken')).toBe(false);
    expect(isVoucherRefusal('outlet_closed')).toBe(false);
    expect(isVoucherRefusal(undefined)).toBe(false);
  });
});
