import { describe, expect, it } from 'vitest';
import { signedWalletAdjustment, walletAdjustmentFormSchema } from './loyalty';

// The staff form takes an amount above zero and a direction; the API's body is signed.
const form = (direction: 'credit' | 'debit', amount: number) => ({
  direction,
  amount,
  reason: 'Goodwill',
});

describe('the wallet adjustment form', () => {
  it.each([
    ['credit', -1000],
    ['debit', -1000],
    ['credit', 0],
    ['debit', 0],
    ['credit', 1_000_001],
  ] as const)('refuses %s of %i sen', (direction, amount) => {
    const result = walletAdjustmentFormSchema.safeParse(form(direction, amount));
    expect(result.success).toBe(false);
  });

  it.each([
    ['credit', 1, 1],
    ['debit', 1, -1],
    ['credit', 1_000_000, 1_000_000],
    ['debit', 1_000_000, -1_000_000],
  ] as const)('sends %s of %i sen as %i', (direction, amount, signed) => {
    const parsed = walletAdjustmentFormSchema.parse(form(direction, amount));
    expect(signedWalletAdjustment(parsed)).toEqual({ amount: signed, reason: 'Goodwill' });
  });
});
