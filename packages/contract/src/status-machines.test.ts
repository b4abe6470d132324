import { describe, expect, it } from 'vitest';
import {
  canMoveOrder,
  canMoveRefund,
  orderStatuses,
  orderTransitions,
  refundTransitions,
} from './status-machines';

describe('order status machine (DESIGN §4)', () => {
  it('allows exactly the designed moves', () => {
    const allowed = orderStatuses.flatMap((from) =>
      orderTransitions[from].map((to) => `${from}>${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'CREATED>PENDING',
        'CREATED>REJECTED',
        'PENDING>APPROVED',
        'PENDING>REJECTED',
        'APPROVED>COMPLETED',
        'APPROVED>REJECTED',
        'COMPLETED>CLOSED',
      ].sort(),
    );
    expect(canMoveOrder('COMPLETED', 'REJECTED')).toBe(false);
    expect(canMoveOrder('CLOSED', 'PENDING')).toBe(false);
  });
});

describe('refund status machine (DESIGN §4)', () => {
  it('routes bank transfers through WAITING TRANSFER and archives finished refunds', () => {
    expect(canMoveRefund('APPROVED', 'WAITING TRANSFER')).toBe(true);
    expect(canMoveRefund('WAITING TRANSFER', 'TRANSFERED')).toBe(true);
    expect(canMoveRefund('TRANSFERED', 'COMPLETED')).toBe(true);
    expect(canMoveRefund('REJECTED', 'CLOSED')).toBe(true);
    expect(canMoveRefund('PENDING', 'COMPLETED')).toBe(false);
    expect(refundTransitions.CLOSED).toEqual([]);
  });
});
