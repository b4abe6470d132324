import { describe, expect, it } from 'vitest';
import { lineShares, unitsRefundAmount } from './refund-amounts';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** An order line as lineShares reads it: its total in sen and how many units. */
const line = (line_total: number, quantity = 1) => ({ line_total, quantity });

describe('lineShares', () => {
  it('shares what was paid in proportion to the line totals', () => {
    // 10.00 + 20.00 with 6% tax: 31.80 paid.
    expect(lineShares([line(1000), line(2000, 2)], 3180)).toEqual([1060, 2120]);
  });

  it('gives the left-over sen to the largest remainders, adding up to paid exactly', () => {
    expect(lineShares([line(100), line(100), line(100)], 1000)).toEqual([334, 333, 333]);
  });

  it('shares by quantity when every line is free', () => {
    expect(lineShares([line(0), line(0, 3)], 500)).toEqual([125, 375]);
  });

  it('adds up to paid for many random orders', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let run = 0; run < 500; run += 1) {
      const lines = Array.from({ length: 1 + random(6) }, () => line(random(5000), 1 + random(5)));
      const paid = random(40_000);
      const shares = lineShares(lines, paid);
      expect(sum(shares)).toBe(paid);
      // Every unit refunded one at a time gives back each share exactly.
      lines.forEach((l, i) => {
        const units = Array.from({ length: l.quantity }, (_, r) =>
          unitsRefundAmount(shares[i]!, l.quantity, r, 1),
        );
        expect(sum(units)).toBe(shares[i]);
      });
    }
  });
});

describe('unitsRefundAmount', () => {
  it('takes a line share cumulatively, so the last unit takes the left-over sen', () => {
    // 10.00 over 3 units: 3.33, 3.33, 3.34.
    expect(unitsRefundAmount(1000, 3, 0, 1)).toBe(333);
    expect(unitsRefundAmount(1000, 3, 1, 1)).toBe(333);
    expect(unitsRefundAmount(1000, 3, 2, 1)).toBe(334);
    expect(unitsRefundAmount(1000, 3, 1, 2)).toBe(667);
    expect(unitsRefundAmount(1000, 3, 0, 3)).toBe(1000);
  });
});
