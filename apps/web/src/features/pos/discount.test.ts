import { describe, expect, it } from 'vitest';
import { discountDraftCheck } from './discount';

// The discount dialog's rules: the contract's arithmetic and the tenant's maximum.

const draft = {
  kind: 'amount' as const,
  value: 200 as number | null,
  reason: 'staff_meal' as 'staff_meal' | 'other' | null,
  note: '',
};

describe('discountDraftCheck', () => {
  it('lets through a discount up to the maximum, with what it takes off', () => {
    // 20% of RM 10.00 is RM 2.00.
    expect(discountDraftCheck(draft, 1000, 2000)).toEqual({
      amount: 200,
      limit: 200,
      problem: null,
      input: { kind: 'amount', value: 200, reason: 'staff_meal' },
    });
    const tenPercent = discountDraftCheck({ ...draft, kind: 'percent', value: 1000 }, 1290, 2000);
    expect(tenPercent.amount).toBe(129);
    expect(tenPercent.problem).toBeNull();
  });

  it('refuses more than the maximum, a missing value and "other" without a note', () => {
    expect(discountDraftCheck({ ...draft, value: 201 }, 1000, 2000).problem).toBe('over');
    expect(discountDraftCheck({ ...draft, value: 1 }, 1000, 0).problem).toBe('over');
    expect(discountDraftCheck({ ...draft, value: null }, 1000, 2000).problem).toBe('value');
    expect(discountDraftCheck({ ...draft, reason: 'other' }, 1000, 2000).problem).toBe('note');
    // No reason is assumed: none picked is a problem of its own.
    expect(discountDraftCheck({ ...draft, reason: null }, 1000, 2000).problem).toBe('reason');
    expect(
      discountDraftCheck({ ...draft, reason: 'other', note: ' Regular ' }, 1000, 2000).input,
    ).toEqual({ kind: 'amount', value: 200, reason: 'other', note: 'Regular' });
  });
});
