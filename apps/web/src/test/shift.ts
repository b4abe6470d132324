import { emptyCashCount, type Shift } from '@kopi/contract';

/**
 * Aminah's shift on Till 1 at Kopi KL, just opened on 2026-06-10 with an RM 100 float (one
 * RM 100 note) and nothing sold yet; a test overrides what it is about.
 */
export function testShift(overrides: Partial<Shift> = {}): Shift {
  return {
    id: 's1',
    outlet_id: 'o1',
    outlet_name: 'Kopi KL',
    till_id: 't1',
    till_name: 'Till 1',
    cashier_id: 'u1',
    cashier_name: 'Aminah',
    business_date: '2026-06-10',
    status: 'open',
    opened_at: '2026-06-10T00:00:00Z',
    closed_at: null,
    opening_float: 10_000,
    expected: null,
    counted: null,
    variance: null,
    float_count: { ...emptyCashCount(), note_100: 1 },
    counted_count: null,
    closing_note: null,
    closed_by_name: null,
    tolerance: 500,
    blind_count: false,
    cash_out_approval_over: null,
    variance_approval: null,
    orders: 0,
    sales_total: 0,
    sales_by_method: [],
    discounts: 0,
    voids: { count: 0, amount: 0 },
    refunds_by_method: [],
    refunds: 0,
    movements: [],
    topups_by_method: [],
    figures: {
      opening_float: 10_000,
      cash_taken: 0,
      cash_refunds: 0,
      cash_in: 0,
      cash_out: 0,
      cash_topups: 0,
      expected: 10_000,
    },
    ...overrides,
  };
}
